import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { questionBankUserApi, userPaperInputSchema } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Typography } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { call } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import type { Owner } from '../../owner.ts';
import { questionBankKeys } from '../../queries.ts';
import { editorReducer } from './editor-actions.ts';
import { type EditorPaper, type EditorQuestion, numbering, toPaperInput } from './editor-model.ts';
import { userPaperQuery } from './editor-source.ts';
import { ExportMenu } from './export-menu.tsx';
import { PaperPreview } from './paper-preview.tsx';
import { PaperSettings } from './paper-settings.tsx';
import { QuestionEditDialog } from './question-edit-dialog.tsx';
import { SectionBoard } from './section-board.tsx';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

export interface PaperEditorProps {
  initial: EditorPaper;
  /** The user paper being edited; null until a new paper is first saved. */
  savedPaperId: string | null;
  owner: Owner;
  /** A new paper was saved: the page moves to its own address. */
  onCreated: (paperId: string) => void;
}

type Mode = 'edit' | 'student' | 'teacher';

export const SAVE_MESSAGES = { success: '保存成功', failure: '保存失败' } as const;

/** The paper editor: settings, sections and questions to arrange and score, preview, save, export, print. */
export function PaperEditor({ initial, savedPaperId, owner, onCreated }: PaperEditorProps) {
  const queryClient = useQueryClient();
  const [paper, dispatch] = useReducer(editorReducer, initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(toPaperInput(initial)));
  const [mode, setMode] = useState<Mode>('edit');
  const [editing, setEditing] = useState<EditorQuestion | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useMemo(() => toPaperInput(paper), [paper]);
  const unsaved = savedPaperId === null || JSON.stringify(input) !== baseline;
  useUnsavedGuard(unsaved);

  async function save(): Promise<string> {
    const checked = userPaperInputSchema.safeParse(input);
    if (!checked.success) {
      notifyError(SAVE_MESSAGES.failure, checked.error.issues[0]?.message);
      throw checked.error;
    }
    setSaving(true);
    try {
      const detail = savedPaperId
        ? await call(questionBankUserApi.updateUserPaper, { paperId: savedPaperId, ...owner, paper: input })
        : await call(questionBankUserApi.addUserPaper, { ...owner, paper: input, uploadType: 1 });
      setBaseline(JSON.stringify(input));
      queryClient.setQueryData(userPaperQuery(detail.paperId, owner).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: [...questionBankKeys.all, 'user-papers'] });
      notifySuccess(SAVE_MESSAGES.success, `试卷“${detail.title}”已保存到我的试卷`);
      if (!savedPaperId) onCreated(detail.paperId);
      return detail.paperId;
    } finally {
      setSaving(false);
    }
  }

  const ensureSaved = async () => (unsaved || !savedPaperId ? save() : savedPaperId);

  function print() {
    setMode((current) => (current === 'edit' ? 'student' : current));
    // After the preview has rendered.
    setTimeout(() => window.print(), 300);
  }

  return (
    <Flex vertical gap={12}>
      <Flex className="qb-editor-no-print" justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            组卷
          </Typography.Title>
          <Segmented
            aria-label="视图"
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            options={[
              { value: 'edit', label: '编辑' },
              { value: 'student', label: '预览' },
              { value: 'teacher', label: '预览（含答案）' },
            ]}
          />
          <Typography.Text type={unsaved ? 'warning' : 'secondary'}>
            {unsaved ? '有未保存的修改' : '已保存'}
          </Typography.Text>
        </Flex>
        <Flex gap={8}>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save().catch(() => {})}>
            保存试卷
          </Button>
          <ExportMenu ensureSaved={ensureSaved} />
          <Button icon={<PrinterOutlined />} onClick={print}>
            打印
          </Button>
        </Flex>
      </Flex>
      <Flex gap={16} align="flex-start">
        <div className="qb-editor-no-print" style={{ width: 320, flex: 'none', position: 'sticky', top: 16 }}>
          <PaperSettings paper={paper} dispatch={dispatch} />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {mode === 'edit' ? (
            <SectionBoard paper={paper} dispatch={dispatch} onEdit={setEditing} />
          ) : (
            <PaperPreview paper={paper} withAnswers={mode === 'teacher'} />
          )}
        </div>
      </Flex>
      <QuestionEditDialog
        entry={editing}
        number={editing ? (numbering(paper).get(editing.quesId) ?? 0) : 0}
        onSave={(quesId, edited) => dispatch({ type: 'editQuestion', quesId, edited })}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
