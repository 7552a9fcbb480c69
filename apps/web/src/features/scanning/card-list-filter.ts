import type { CardListRow, SchoolYearTerm } from '@huikao/contracts';

// 我的答题卡 lists every subject of the exams the user may see; the page narrows it to the school
// year or term chosen at the top of the page (spec §4's current selection) by the exam's date.

export type PeriodFilter = 'term' | 'year' | 'all';

export const PERIOD_OPTIONS: Array<{ value: PeriodFilter; label: string }> = [
  { value: 'term', label: '本学期' },
  { value: 'year', label: '本学年' },
  { value: 'all', label: '全部' },
];

/** Whether an exam starting on `startDate` (YYYY-MM-DD) falls in the chosen period. */
export function inPeriod(startDate: string, selection: SchoolYearTerm | null, period: PeriodFilter): boolean {
  if (period === 'all' || !selection) return true;
  const range = period === 'term' ? selection.term : selection.schoolYear;
  return range.startDate <= startDate && startDate <= range.endDate;
}

/** The exams of the rows, once each, newest first: the 考试 filter's options. */
export function examOptions(rows: readonly CardListRow[]): Array<{ value: string; label: string }> {
  const seen = new Map<string, CardListRow>();
  for (const row of rows) if (!seen.has(row.meId)) seen.set(row.meId, row);
  return [...seen.values()]
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a.examName.localeCompare(b.examName, 'zh-CN'))
    .map((row) => ({ value: row.meId, label: `${row.examName}（${row.gradeName}）` }));
}
