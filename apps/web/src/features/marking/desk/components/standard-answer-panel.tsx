import type { DeskStandardAnswer } from '@huikao/contracts';
import { Button, Card, Divider, Empty, Flex, Tag, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { FormulaText } from '../../../../components/formula-text.tsx';
import { useStandardAnswer } from '../standard-answer-query.ts';

export interface StandardAnswerPanelProps {
  blockId: string;
  open: boolean;
  onClose: () => void;
}

const PAPER_KIND: Record<number, string> = { 1: '标准答案', 2: '评分细则' };

/**
 * Keeps the focus where it is (the score field): a click on the panel's buttons must not take
 * it, so the marker types the score straight after looking.
 */
export const keepFocus = (e: MouseEvent) => e.preventDefault();

/**
 * 标准答案 on the desk (marking.md "The marking desk": one key away, A): the 题块's questions
 * with their standard answer and scoring notes, then the exam's standard papers. A panel beside
 * the paper rather than a drawer: it takes no focus and leaves the paper and the score field in use.
 */
export function StandardAnswerPanel({ blockId, open, onClose }: StandardAnswerPanelProps) {
  const answer = useStandardAnswer(blockId);
  if (!open) return null;
  return (
    <aside
      aria-label="标准答案"
      style={{ position: 'fixed', right: 16, top: 72, width: 440, maxHeight: '80vh', overflow: 'auto', zIndex: 900 }}
    >
      <Card
        size="small"
        title="标准答案与评分细则（A）"
        loading={answer.isLoading}
        extra={
          <Button size="small" type="text" onMouseDown={keepFocus} onClick={onClose}>
            关闭
          </Button>
        }
        styles={{ body: { padding: 12 } }}
      >
        {answer.data ? <AnswerContent content={answer.data} /> : null}
      </Card>
    </aside>
  );
}

function AnswerContent({ content }: { content: DeskStandardAnswer }) {
  return (
    <Flex vertical gap={8}>
      {content.questions.map((q) => (
        <section key={q.questionId} aria-label={`第${q.questionNo}题标准答案`}>
          <Typography.Text strong>
            第 {q.questionNo} 题（满分 {q.fullMarks}）
          </Typography.Text>
          {q.answer === null ? (
            <div>
              <Tag color="orange">未录入标准答案</Tag>
            </div>
          ) : (
            <>
              <FormulaText text={q.answer} block />
              {q.notes ? (
                <>
                  <Typography.Text type="secondary">评分细则</Typography.Text>
                  <FormulaText text={q.notes} block />
                </>
              ) : null}
            </>
          )}
        </section>
      ))}
      {content.papers.length > 0 ? <Divider style={{ margin: '4px 0' }}>试卷标准答案</Divider> : null}
      {content.papers.map((p, i) => (
        // Papers have no id on this view; their order is fixed by the server.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <section key={i} aria-label={p.title}>
          <Typography.Text strong>
            {PAPER_KIND[p.kind] ?? '文档'} · {p.title}
          </Typography.Text>
          <FormulaText text={p.content} block />
        </section>
      ))}
      {content.questions.length === 0 && content.papers.length === 0 ? <Empty description="没有标准答案" /> : null}
    </Flex>
  );
}
