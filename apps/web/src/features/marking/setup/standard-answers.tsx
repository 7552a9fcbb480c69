import { markingAnswersApi as api, type QuestionAnswer, standardAnswerInputSchema } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormulaText } from '../../../components/formula-text.tsx';
import { call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { setupKeys, useSetupWrite } from './setup-queries.ts';

// 标准答案 per subjective question (issue #17, marking.md "The marking desk"): what markers see
// on the desk with the A key. Text with $…$ formulas as in the question bank; each save names the
// version it edited, so a second administrator's older screen is refused rather than winning.

interface AnswerValues {
  answer: string;
  notes: string;
}

export interface StandardAnswersProps {
  seId: string;
}

export function StandardAnswers({ seId }: StandardAnswersProps) {
  const list = useQuery({
    queryKey: [...setupKeys.all(seId), 'standard-answers'],
    queryFn: () => call(api.findStandardAnswers, { seId }),
  });
  const [editing, setEditing] = useState<QuestionAnswer | null>(null);
  const save = useSetupWrite(seId, (p: AnswerValues & { question: QuestionAnswer }) =>
    call(api.saveStandardAnswer, {
      seId,
      questionId: p.question.questionId,
      answer: p.answer,
      notes: p.notes,
      version: p.question.version,
    }),
  );
  return (
    <Card
      title="标准答案与评分细则"
      size="small"
      extra={<Typography.Text type="secondary">阅卷台按 A 查看</Typography.Text>}
    >
      <List
        loading={list.isLoading}
        dataSource={list.data ?? []}
        rowKey="questionId"
        locale={{ emptyText: '该科目没有主观题' }}
        renderItem={(q) => (
          <List.Item
            aria-label={`第${q.questionNo}题标准答案`}
            actions={[
              <Button key="edit" size="small" onClick={() => setEditing(q)}>
                {q.answer === null ? '录入' : '修改'}
              </Button>,
            ]}
          >
            <Space direction="vertical" size={2} style={{ width: '100%' }}>
              <Space>
                <Typography.Text strong>第 {q.questionNo} 题</Typography.Text>
                <Typography.Text type="secondary">满分 {q.fullMarks}</Typography.Text>
                {q.answer === null ? <Tag color="orange">未录入标准答案</Tag> : <Tag color="green">已录入</Tag>}
              </Space>
              {q.answer !== null ? <FormulaText text={q.answer} block /> : null}
            </Space>
          </List.Item>
        )}
      />
      <FormDialog<AnswerValues>
        open={editing !== null}
        title={editing ? `第 ${editing.questionNo} 题标准答案` : ''}
        width={640}
        initialValues={{ answer: editing?.answer ?? '', notes: editing?.notes ?? '' }}
        onClose={() => setEditing(null)}
        onSubmit={(values) => save.mutateAsync({ ...values, question: editing! })}
      >
        <AnswerFields />
      </FormDialog>
    </Card>
  );
}

/** The two texts, each with its formulas previewed as the desk will show them. */
function AnswerFields() {
  const form = Form.useFormInstance<AnswerValues>();
  const answer = Form.useWatch('answer', form) ?? '';
  const notes = Form.useWatch('notes', form) ?? '';
  return (
    <>
      <Form.Item
        name="answer"
        label="标准答案"
        extra="公式写在 $…$ 之间，如 $x=\frac{1}{2}$"
        rules={[zodRule(standardAnswerInputSchema.shape.answer)]}
      >
        <Input.TextArea rows={5} aria-label="标准答案" />
      </Form.Item>
      {answer ? <FormulaText text={answer} block className="standard-answer-preview" /> : null}
      <Form.Item name="notes" label="评分细则" rules={[zodRule(standardAnswerInputSchema.shape.notes)]}>
        <Input.TextArea rows={4} aria-label="评分细则" />
      </Form.Item>
      {notes ? <FormulaText text={notes} block /> : null}
    </>
  );
}
