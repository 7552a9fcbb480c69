import type { BankQuestionInput, Question } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useOwner } from '../owner.ts';
import { questionBankQueries } from '../queries.ts';
import { changeDraft, type DraftQuestion, draftOfQuestion, draftsToSave } from '../question-drafts.ts';
import { QuestionDraftCard } from './question-draft-card.tsx';

export interface QuestionEditDialogProps {
  /** The question to edit, or null when closed. */
  question: Question | null;
  title: string;
  onClose: () => void;
  /** Saves; a rejection's message is shown in the dialog. */
  onSave: (input: BankQuestionInput) => Promise<unknown>;
}

/** Edits one school or own question with the import preview's form. */
export function QuestionEditDialog({ question, title, onClose, onSave }: QuestionEditDialogProps) {
  const [draft, setDraft] = useState<DraftQuestion | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const courseId = question?.courseId ?? null;
  const base = useQuery(questionBankQueries.base(courseId));
  const knowledge = useQuery(questionBankQueries.nodes(courseId, 1));
  const schoolId = useOwner()?.schoolId;

  useEffect(() => {
    setDraft(question ? draftOfQuestion(question) : null);
    setProblem('');
  }, [question]);

  async function save() {
    if (!draft) return;
    const checked = draftsToSave([{ ...draft, no: 1 }]);
    if (checked.problem !== null) {
      setProblem(checked.problem.replace(/^第 1 题：/, ''));
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.inputs[0]!);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '保存失败');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={title}
      open={question !== null}
      width={900}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      {draft ? (
        <QuestionDraftCard
          single
          schoolId={schoolId}
          draft={draft}
          types={base.data?.questionTypes ?? []}
          knowledgeTree={knowledge.data}
          onChange={(change) => setDraft((current) => (current ? changeDraft(current, change) : current))}
        />
      ) : null}
    </Modal>
  );
}
