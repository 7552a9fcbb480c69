import type { StudentReport } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import {
  beatText,
  knowledgeLossRows,
  positionFacts,
  questionRows,
  shownFields,
  studentSubjectRows,
  weakestCourse,
} from './student-report-model.ts';

const hidden = { classRank: null, gradeRank: null, rankBand: null, beat: null };

const position = (score: number | null, extra: Partial<NonNullable<StudentReport['total']>> = {}) => ({
  score,
  fullMark: 100,
  classMean: 70,
  gradeMean: 68,
  gradeMax: 99,
  ...hidden,
  t: score === null ? null : 55,
  ...extra,
});

const report = (extra: Partial<StudentReport> = {}): StudentReport => ({
  meId: '1',
  examName: '期中考试',
  student: { studentId: '9', name: '张子涵', className: '八年级(1)班' },
  disclosure: 'beat',
  hiddenStudentOrder: '',
  total: position(160, { fullMark: 200, beat: 0.8 }),
  subjects: [
    { subject: { subjectKey: '3', name: '语文', fullMark: 100, seId: '31' }, ...position(90, { beat: 0.9 }) },
    { subject: { subjectKey: '4', name: '数学', fullMark: 100, seId: '41' }, ...position(70, { beat: 0.4 }) },
    { subject: { subjectKey: '5', name: '英语', fullMark: 100, seId: '51' }, ...position(null) },
  ],
  weakest: '4',
  trend: [],
  ...extra,
});

describe('positionFacts', () => {
  it('shows only the figures the server disclosed', () => {
    expect(positionFacts({ ...hidden, beat: 0.81234 })).toEqual([
      { key: 'beat', label: '年级位置', value: '超过了 81.23% 的同学' },
    ]);
    expect(positionFacts({ ...hidden, rankBand: '前10%' })).toEqual([
      { key: 'rankBand', label: '年级名次段', value: '前10%' },
    ]);
    expect(positionFacts({ classRank: 3, gradeRank: 12, rankBand: null, beat: 0.9 }).map((f) => f.value)).toEqual([
      '第 3 名',
      '第 12 名',
      '超过了 90.00% 的同学',
    ]);
  });

  it('has nothing to show when everything is hidden (hidden-student-order)', () => {
    expect(positionFacts(hidden)).toEqual([]);
  });

  it('keeps a beaten share of 0 (the last of the grade) rather than hiding it', () => {
    expect(beatText(0)).toBe('超过了 0.00% 的同学');
    expect(positionFacts({ ...hidden, beat: 0 })).toHaveLength(1);
  });
});

describe('studentSubjectRows', () => {
  it('puts the total first, marks the weakest course and the absent one', () => {
    const rows = studentSubjectRows(report());
    expect(rows.map((row) => row.name)).toEqual(['总分', '语文', '数学', '英语']);
    expect(rows.map((row) => row.weakest)).toEqual([false, false, true, false]);
    expect(rows.map((row) => row.absent)).toEqual([false, false, false, true]);
    expect(rows[1]).toMatchObject({ subjectKey: '3', seId: '31', score: 90, beat: 0.9 });
  });

  it('has no total line when the student has no total', () => {
    expect(studentSubjectRows(report({ total: null })).map((row) => row.name)).toEqual(['语文', '数学', '英语']);
  });
});

describe('shownFields', () => {
  it('keeps only the columns some row has a figure for', () => {
    const rows = studentSubjectRows(report());
    expect([...shownFields(rows, ['classRank', 'gradeRank', 'rankBand', 'beat', 't'])]).toEqual(['beat', 't']);
  });
});

describe('weakestCourse', () => {
  it('finds the course the server flagged, by key or by name, or nothing', () => {
    expect(weakestCourse(report())?.name).toBe('数学');
    expect(weakestCourse(report({ weakest: '数学' }))?.seId).toBe('41');
    expect(studentSubjectRows(report({ weakest: '数学' })).map((row) => row.weakest)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(weakestCourse(report({ weakest: null }))).toBeNull();
  });
});

describe('questionRows', () => {
  it('works out the points lost exactly, none for an unscored question', () => {
    const rows = questionRows([
      {
        questionId: 'a',
        questionNo: '1',
        fullMark: 0.3,
        score: 0.1,
        classMean: 0.2,
        gradeMean: 0.2,
        knowledgePoints: ['集合', '函数'],
      },
      { questionId: 'b', questionNo: '2', fullMark: 10, score: null, classMean: 6, gradeMean: 5, knowledgePoints: [] },
    ]);
    expect(rows[0]).toMatchObject({ lost: 0.2, knowledgePoints: '集合、函数' });
    expect(rows[1]!.lost).toBeNull();
  });
});

describe('knowledgeLossRows', () => {
  it('orders by points lost and gives the share lost', () => {
    const rows = knowledgeLossRows([
      { name: '函数', fullMark: 20, lost: 5 },
      { name: '几何', fullMark: 10, lost: 8 },
      { name: '空', fullMark: 0, lost: 0 },
    ]);
    expect(rows.map((row) => row.name)).toEqual(['几何', '函数', '空']);
    expect(rows.map((row) => row.lostRate)).toEqual([0.8, 0.25, null]);
  });
});
