import type { CardListRow, SchoolYearTerm } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { examOptions, inPeriod } from './card-list-filter.ts';

const selection: SchoolYearTerm = {
  schoolYear: { schyId: '1', name: '2026-2027学年', startDate: '2026-09-01', endDate: '2027-08-31' },
  term: { termId: '2', schyId: '1', name: '第一学期', termNo: 1, startDate: '2026-09-01', endDate: '2027-01-31' },
};

const row = (meId: string, examName: string, startDate: string): CardListRow => ({
  meId,
  examName,
  gradeName: '九年级',
  termName: '第一学期',
  startDate,
  seId: `${meId}0`,
  courseId: '1',
  courseName: '数学',
  questionCount: 20,
  studentCount: 40,
  templateId: null,
  status: null,
  version: null,
  paper: null,
  columns: null,
  pageCount: null,
  updatedAt: null,
});

describe('我的答题卡 filters', () => {
  it('keeps the exams of the chosen term, year, or all', () => {
    expect(inPeriod('2026-11-20', selection, 'term')).toBe(true);
    expect(inPeriod('2027-03-10', selection, 'term')).toBe(false);
    expect(inPeriod('2027-03-10', selection, 'year')).toBe(true);
    expect(inPeriod('2025-11-20', selection, 'year')).toBe(false);
    expect(inPeriod('2025-11-20', selection, 'all')).toBe(true);
    expect(inPeriod('2025-11-20', null, 'term')).toBe(true);
  });

  it('offers each exam once, newest first', () => {
    const rows = [
      row('1', '期中考试', '2026-11-01'),
      row('2', '11月月考', '2026-11-20'),
      row('1', '期中考试', '2026-11-01'),
    ];
    expect(examOptions(rows)).toEqual([
      { value: '2', label: '11月月考（九年级）' },
      { value: '1', label: '期中考试（九年级）' },
    ]);
  });
});
