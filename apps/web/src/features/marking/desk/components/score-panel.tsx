import type { LeasedPaper } from '@huikao/contracts';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef } from 'react';

type Question = LeasedPaper['questions'][number];

/** The scores the quick buttons offer: 0 to full in the 题块's step. */
export function quickScores(full: number, step: number): number[] {
  const out: number[] = [];
  for (let v = 0; v <= full + 1e-9; v += step) out.push(Math.round(v * 10) / 10);
  return out;
}

export const KEY_LEGEND = '数字+回车 提交并下一份 · F 满分 · Z 零分 · Tab 下一题 · P 问题卷 · R 回评 · A 标准答案';

/**
 * Per-question fields, keyboard first: digits then Enter submits (Enter in an earlier field of a
 * multi-question 题块 moves on), F gives full marks, Z zero, P/R open 问题卷 and 回评, A shows or
 * hides the standard answer.
 */
export function ScorePanel(props: {
  paperId: string;
  questions: Question[];
  step: number;
  values: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  onSubmit: () => void;
  onKey: (key: 'P' | 'R' | 'A') => void;
  busy: boolean;
}) {
  const { questions, values, onChange } = props;
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  // A new paper: the cursor waits in the first field, so the marker just types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on each new paper only
  useEffect(() => {
    fields.current[0]?.focus();
  }, [props.paperId]);

  const set = (id: string, v: string) => onChange({ ...values, [id]: v });
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, q: Question, i: number) {
    const key = e.key.toUpperCase();
    if (key === 'F' || key === 'Z') {
      e.preventDefault();
      set(q.questionId, String(key === 'F' ? q.fullMarks : 0));
    } else if (key === 'P' || key === 'R' || key === 'A') {
      e.preventDefault();
      props.onKey(key);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (i < questions.length - 1) fields.current[i + 1]?.focus();
      else props.onSubmit();
    }
  }

  return (
    <Flex vertical gap={12}>
      {questions.map((q, i) => (
        <div key={q.questionId}>
          <Space>
            <Typography.Text strong>第 {q.questionNo} 题</Typography.Text>
            <Typography.Text type="secondary">满分 {q.fullMarks}</Typography.Text>
          </Space>
          <Input
            ref={(el) => {
              fields.current[i] = el?.input ?? null;
            }}
            aria-label={`第${q.questionNo}题得分`}
            inputMode="decimal"
            value={values[q.questionId] ?? ''}
            onChange={(e) => set(q.questionId, e.target.value.replace(/[^0-9.]/g, ''))}
            onKeyDown={(e) => onKeyDown(e, q, i)}
            style={{ width: 120, marginTop: 4, display: 'block' }}
          />
          <Flex wrap gap={4} style={{ marginTop: 4 }}>
            {quickScores(q.fullMarks, props.step).map((v) => (
              <Button key={v} size="small" onClick={() => set(q.questionId, String(v))}>
                {v}
              </Button>
            ))}
          </Flex>
        </div>
      ))}
      <Button type="primary" loading={props.busy} onClick={props.onSubmit}>
        提交（回车）
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {KEY_LEGEND}
      </Typography.Text>
    </Flex>
  );
}
