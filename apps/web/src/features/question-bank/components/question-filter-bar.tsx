import type { CourseBase } from '@huikao/contracts';
import { Flex, Input, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ALL, type QuestionFilters } from '../filters.ts';

export interface QuestionFilterBarProps {
  base: CourseBase | undefined;
  filters: QuestionFilters;
  onChange: (change: Partial<QuestionFilters>) => void;
}

type FilterField = 'questionTypeId' | 'diffGradeId' | 'paperTypeId' | 'year' | 'areaId' | 'gradeId';

interface Choice {
  value: string;
  label: string;
}

/** The rows of 题型, 难度, 试卷类型, 年份, 地区, 年级 (each with 全部 = '0') and the keyword box. */
export function QuestionFilterBar({ base, filters, onChange }: QuestionFilterBarProps) {
  const rows: { field: FilterField; label: string; choices: Choice[] }[] = [
    { field: 'questionTypeId', label: '题型', choices: toChoices(base?.questionTypes) },
    { field: 'diffGradeId', label: '难度', choices: toChoices(base?.difficulties) },
    { field: 'paperTypeId', label: '试卷类型', choices: toChoices(base?.paperTypes) },
    {
      field: 'year',
      label: '年份',
      choices: (base?.years ?? []).map((year) => ({ value: String(year), label: String(year) })),
    },
    { field: 'areaId', label: '地区', choices: toChoices(base?.areas) },
    { field: 'gradeId', label: '年级', choices: toChoices(base?.grades) },
  ];
  return (
    <Flex vertical gap={6} aria-label="筛选条件">
      {rows.map((row) => (
        <FilterRow
          key={row.field}
          label={row.label}
          choices={row.choices}
          value={filters[row.field]}
          onChange={(value) => onChange({ [row.field]: value })}
        />
      ))}
      <KeywordBox keyword={filters.keyword} onSearch={(keyword) => onChange({ keyword })} />
    </Flex>
  );
}

function toChoices(list: { id: string; name: string }[] | undefined): Choice[] {
  return (list ?? []).map((entry) => ({ value: entry.id, label: entry.name }));
}

interface FilterRowProps {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
}

function FilterRow({ label, choices, value, onChange }: FilterRowProps) {
  return (
    <Flex gap={8} align="baseline" role="group" aria-label={label}>
      <Typography.Text type="secondary" style={{ flex: '0 0 64px' }}>
        {label}：
      </Typography.Text>
      <Flex wrap gap={4}>
        {[{ value: ALL, label: '全部' }, ...choices].map((choice) => (
          <Tag.CheckableTag key={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)}>
            {choice.label}
          </Tag.CheckableTag>
        ))}
      </Flex>
    </Flex>
  );
}

function KeywordBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary" style={{ flex: '0 0 64px' }}>
        关键字：
      </Typography.Text>
      <Input.Search
        aria-label="试题关键字"
        allowClear
        enterButton="搜索"
        placeholder="输入题干中的字词，如：一元二次方程"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // Clearing the box (the × button) shows everything again at once.
          if (event.target.value === '' && keyword !== '') onSearch('');
        }}
        onSearch={(value) => onSearch(value.trim())}
        style={{ maxWidth: 420 }}
      />
    </Flex>
  );
}
