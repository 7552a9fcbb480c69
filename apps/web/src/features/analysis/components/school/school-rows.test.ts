import { describe, expect, it } from 'vitest';
import {
  attentionSchools,
  criticalRows,
  hasEvaluation,
  questionCompareRows,
  rankedUnits,
  subjectSummaryRows,
  unitCompareRows,
} from './school-rows.ts';
import { attentionOf, criticalOf, item, items, overviewOf, unitOf } from './test-reports.ts';

const evaluation = {
  standardRate: 0.3,
  averageRate: 0.7,
  averageScore: 70,
  secsARate: 0.2,
  secsBRate: 0.3,
  variance: 0.15,
  ec: 0.4123,
  ecRank: 2,
  wrsr: 0.55,
  probit: 5.1,
  fitted: 0.56,
  rsrGrade: '中' as const,
  rsrRank: 2,
};

describe('unitCompareRows', () => {
  it('lists the units by the server’s rank, then name, with their figures and evaluation', () => {
    const rows = unitCompareRows(
      overviewOf([
        unitOf('school', '三中', 60, { rank: 3 }),
        unitOf('school', '一中', 80, { rank: 1, evaluation }),
        unitOf('school', '二中', 75, { rank: 2 }),
        unitOf('school', '四中', null, { rank: null }),
      ]),
    );
    expect(rows.map((row) => row.label)).toEqual(['一中', '二中', '三中', '四中']);
    expect(rows[0]).toMatchObject({
      key: 'school:一中',
      name: '一中',
      rank: 1,
      evaluation: { ec: 0.4123, rsrGrade: '中' },
    });
    expect(rows[0]!.summary).toMatchObject({ mean: 80, excellentRate: 0.2 });
    expect(rows[3]).toMatchObject({ summary: null, evaluation: null });
    expect(hasEvaluation(rows)).toBe(true);
    expect(
      rankedUnits(overviewOf([unitOf('school', '乙', 60, { rank: 2 }), unitOf('school', '甲', 70, { rank: 1 })])).map(
        (u) => u.scope.name,
      ),
    ).toEqual(['甲', '乙']);
  });

  it('names each class with its school; ties keep name order', () => {
    const rows = unitCompareRows(
      overviewOf([unitOf('class', '2班', 70, { rank: 1 }), unitOf('class', '1班', 70, { rank: 1 })]),
    );
    expect(rows.map((row) => row.label)).toEqual(['一中 1班', '一中 2班']);
    expect(rows.map((row) => row.name)).toEqual(['1班', '2班']);
    expect(hasEvaluation(rows)).toBe(false);
  });
});

describe('subjectSummaryRows', () => {
  it('gives each subject its report’s summary, and only the name where none was read', () => {
    const total = { subjectKey: '0', name: '总分', fullMark: 200, seId: null };
    const math = { subjectKey: '7', name: '数学', fullMark: 100, seId: null };
    const rows = subjectSummaryRows([total, math], new Map([['0', overviewOf([])]]));
    expect(rows[0]).toMatchObject({
      name: '总分',
      fullMark: 200,
      scopeName: '八年级联考',
      summary: { mean: 70, count: 100 },
    });
    expect(rows[1]).toEqual({ subjectKey: '7', name: '数学', fullMark: 100, scopeName: null, summary: null });
  });
});

describe('criticalRows', () => {
  const report = attentionOf([
    {
      name: '一本线',
      score: 520,
      lineRank: null,
      students: [
        criticalOf('二中', '1', 'below', -3),
        criticalOf('一中', '2', 'below', -12),
        criticalOf('一中', '3', 'above', 2),
      ],
    },
    { name: '二本线', score: 450, lineRank: null, students: [criticalOf('一中', '4', 'above', 1)] },
  ]);

  it('groups by school, then line, above before below, nearest the line first', () => {
    const rows = criticalRows(report);
    // Schools in the zh-CN collation (pinyin): 二 (èr) before 一 (yī).
    expect(rows.map((row) => `${row.schoolName}${row.line}${row.side}${row.studentId}`)).toEqual([
      '二中一本线线下1',
      '一中一本线线上3',
      '一中一本线线下2',
      '一中二本线线上4',
    ]);
    expect(rows[1]).toMatchObject({ lineScore: 520, key: '一本线:3' });
  });

  it('keeps one school’s students when asked', () => {
    expect(criticalRows(report, '二中').map((row) => row.studentId)).toEqual(['1']);
  });

  it('names every school of the report once, in order', () => {
    expect(attentionSchools(report)).toEqual(['二中', '一中']);
  });
});

describe('questionCompareRows', () => {
  it('puts each school’s 难度 beside the 联考’s, matched by question number', () => {
    const rows = questionCompareRows(items('union', '联考', [item('1', 0.6), item('2', 0.5)]), [
      items('school', '一中', [item('2', 0.4), item('1', 0.7)]),
      items('school', '二中', [item('1', 0.55)]),
    ]);
    expect(rows.map((row) => row.questionNo)).toEqual(['1', '2']);
    expect(rows[0]!.schools).toEqual({ 一中: { mean: 7, difficulty: 0.7 }, 二中: { mean: 5.5, difficulty: 0.55 } });
    expect(rows[1]!.schools.二中).toBeNull();
    expect(rows[0]).toMatchObject({ fullMark: 10, difficulty: 0.6, ebel: '很好' });
  });
});
