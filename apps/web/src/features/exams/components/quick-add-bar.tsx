import { Button, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { type QuestionDraft, type QuickAdd, quickAddQuestions } from '../question-structure-model.ts';

export interface QuickAddBarProps {
  groups: Array<{ value: string; label: string }>;
  existing: readonly QuestionDraft[];
  onAdd: (questions: QuestionDraft[]) => void;
}

const QUICK_TYPES: Array<{ value: QuickAdd['type']; label: string }> = [
  { value: 1, label: '单选题' },
  { value: 2, label: '多选题' },
  { value: 3, label: '判断题' },
  { value: 'subjective', label: '主观题' },
];

/** 「添加 n 道 单选题，每题 m 分」 into a group. */
export function QuickAddBar({ groups, existing, onAdd }: QuickAddBarProps) {
  const [count, setCount] = useState<number | null>(5);
  const [type, setType] = useState<QuickAdd['type']>(1);
  const [fullMark, setFullMark] = useState<number | null>(3);
  const [groupKey, setGroupKey] = useState<string | undefined>();
  const valid = (count ?? 0) >= 1 && (fullMark ?? 0) > 0;
  return (
    <Space wrap data-testid="quick-add">
      <span>快速添加</span>
      <InputNumber<number>
        aria-label="题数"
        min={1}
        max={100}
        style={{ width: 70 }}
        value={count}
        onChange={setCount}
      />
      <span>道</span>
      <Select<QuickAdd['type']>
        aria-label="题型"
        style={{ width: 100 }}
        value={type}
        onChange={setType}
        options={QUICK_TYPES}
      />
      <span>每题</span>
      <InputNumber<number>
        aria-label="每题分值"
        min={0.5}
        max={1000}
        step={0.5}
        style={{ width: 80 }}
        value={fullMark}
        onChange={setFullMark}
      />
      <span>分</span>
      {groups.length > 0 ? (
        <Select<string>
          aria-label="加入大题"
          allowClear
          placeholder="不分大题"
          style={{ width: 140 }}
          value={groupKey}
          onChange={setGroupKey}
          options={groups}
        />
      ) : null}
      <Button
        disabled={!valid}
        onClick={() =>
          onAdd(
            quickAddQuestions(existing, {
              count: count ?? 1,
              type,
              fullMark: fullMark ?? 1,
              groupKey: groupKey ?? null,
              partialMark: type === 2 ? Math.floor((fullMark ?? 0) / 2) : null,
            }),
          )
        }
      >
        添加
      </Button>
    </Space>
  );
}
