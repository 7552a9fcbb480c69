import type { SchoolYearTerm, SchoolYearWithTerms } from '@huikao/contracts';
import { Select, Space } from 'antd';
import type { CSSProperties } from 'react';

export interface TermPickerProps {
  years: readonly SchoolYearWithTerms[];
  value: SchoolYearTerm | null;
  /** Called with the chosen term (its id); a year choice picks that year's first term. */
  onChange: (termId: string) => void;
  loading?: boolean;
  size?: 'small' | 'middle';
  style?: CSSProperties;
}

/** 学年 + 学期: the compact control of the current selection (spec §4), in the header and the personal centre. */
export function TermPicker({ years, value, onChange, loading, size = 'middle', style }: TermPickerProps) {
  const yearId = value?.schoolYear.schyId;
  const year = years.find((candidate) => candidate.schyId === yearId);
  const terms = [...(year?.terms ?? [])].sort((a, b) => a.termNo - b.termNo);

  function chooseYear(schyId: string) {
    const chosen = years.find((candidate) => candidate.schyId === schyId);
    const first = [...(chosen?.terms ?? [])].sort((a, b) => a.termNo - b.termNo)[0];
    if (first) onChange(first.termId);
  }

  return (
    <Space.Compact size={size} style={style}>
      <Select
        aria-label="学年"
        placeholder="学年"
        loading={loading}
        value={yearId}
        onChange={chooseYear}
        style={{ width: 150 }}
        popupMatchSelectWidth={false}
        options={years.map((candidate) => ({
          value: candidate.schyId,
          label: candidate.name,
          // A year without terms cannot be the selection.
          disabled: candidate.terms.length === 0,
        }))}
        notFoundContent="暂无学年，请在学年学期中添加"
      />
      <Select
        aria-label="学期"
        placeholder="学期"
        value={value?.term.termId}
        onChange={onChange}
        style={{ width: 100 }}
        options={terms.map((term) => ({ value: term.termId, label: term.name }))}
      />
    </Space.Compact>
  );
}
