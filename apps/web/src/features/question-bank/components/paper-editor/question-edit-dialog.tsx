import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormulaText } from '../../../../components/formula-text.tsx';
import { optionLetter } from '../../question-layout.ts';
import { QuestionBody } from '../question-body.tsx';
import { type EditorQuestion, type QuestionEdit, shownQuestion } from './editor-model.ts';

export interface QuestionEditDialogProps {
  entry: EditorQuestion | null;
  number: number;
  onSave: (quesId: string, edited: QuestionEdit) => void;
  onClose: () => void;
}

type TextKey = 'stem' | 'answer' | 'explanation';

interface TextFieldProps {
  field: TextKey;
  label: string;
  rows: [number, number];
  draft: Draft;
  onChange: (next: Partial<Draft>) => void;
}

function TextField({ field, label, rows, draft, onChange }: TextFieldProps) {
  return (
    <>
      <label htmlFor={`qb-edit-${field}`}>{label}</label>
      <Input.TextArea
        id={`qb-edit-${field}`}
        aria-label={label}
        autoSize={{ minRows: rows[0], maxRows: rows[1] }}
        value={draft[field]}
        onChange={(event) => onChange({ [field]: event.target.value })}
      />
    </>
  );
}

interface Draft {
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
}

const draftOf = (entry: EditorQuestion): Draft => {
  const shown = shownQuestion(entry);
  return { stem: shown.stem, options: shown.options ?? [], answer: shown.answer, explanation: shown.explanation };
};

/**
 * Inline editing of one question of this paper: stem, options, answer and explanation, with the
 * formulas rendered as typed ($…$). Only the paper's copy changes; the bank's question stays.
 */
export function QuestionEditDialog({ entry, number, onSave, onClose }: QuestionEditDialogProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => setDraft(entry ? draftOf(entry) : null), [entry]);
  const change = (next: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...next } : current));

  return (
    <Modal
      title={`编辑第${number}题（只改本试卷中的题目，不改题库）`}
      open={entry !== null && draft !== null}
      width={980}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      onCancel={onClose}
      onOk={() => {
        if (!entry || !draft) return;
        onSave(entry.quesId, draft);
        onClose();
      }}
      footer={(buttons) => (
        <Flex justify="space-between">
          <Button
            onClick={() =>
              entry &&
              setDraft({
                stem: entry.question.stem,
                options: entry.question.options ?? [],
                answer: entry.question.answer,
                explanation: entry.question.explanation,
              })
            }
          >
            恢复题库原题
          </Button>
          <Flex gap={8}>{buttons}</Flex>
        </Flex>
      )}
    >
      {draft ? (
        <Flex gap={16} align="flex-start">
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text type="secondary">
              公式写在 $…$ 之间，例如 $\frac{1}
              {2}$、$x^2$、$\sqrt{3}$。
            </Typography.Text>
            <TextField field="stem" label="题干" rows={[3, 10]} draft={draft} onChange={change} />
            {draft.options.map((option, index) => (
              <Flex key={optionLetter(index)} gap={6} align="center">
                <span style={{ width: 20 }}>{optionLetter(index)}.</span>
                <Input
                  aria-label={`选项${optionLetter(index)}`}
                  value={option}
                  onChange={(event) =>
                    change({ options: draft.options.map((o, i) => (i === index ? event.target.value : o)) })
                  }
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除选项${optionLetter(index)}`}
                  onClick={() => change({ options: draft.options.filter((_, i) => i !== index) })}
                />
              </Flex>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={draft.options.length >= 10}
              onClick={() => change({ options: [...draft.options, ''] })}
              style={{ alignSelf: 'flex-start' }}
            >
              添加选项
            </Button>
            <TextField field="answer" label="答案" rows={[1, 6]} draft={draft} onChange={change} />
            <TextField field="explanation" label="解析" rows={[2, 8]} draft={draft} onChange={change} />
          </Flex>
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 0, background: '#fafafa', padding: 12, borderRadius: 6 }}>
            <Typography.Text strong>预览</Typography.Text>
            <QuestionBody
              question={{ stem: draft.stem, options: draft.options.length > 0 ? draft.options : null }}
              number={number}
            />
            <div>
              【答案】
              <FormulaText text={draft.answer} />
            </div>
            <div>
              【解析】
              <FormulaText block text={draft.explanation} />
            </div>
          </Flex>
        </Flex>
      ) : null}
    </Modal>
  );
}
