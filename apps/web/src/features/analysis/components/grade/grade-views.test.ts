import type { AttentionReport, OverviewReport, StudentRow, SubjectRef, UnitRow } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { initialTableQuery } from '../../../../components/data-table.tsx';
import { sheetOf } from '../../export-table.ts';
import { criticalCounts, criticalRows, splitMovers, subjectNamer } from './attention-rows.ts';
import { evaluatedUnits } from './class-evaluation.tsx';
import { classMatrix } from './class-matrix.tsx';
import { reportCardColumns, scorePageParams } from './report-card.tsx';
import { lineRule } from './subject-analysis.tsx';
import { trendColumns, trendExamLabels } from './trend-analysis.tsx';

const classes = [
  { classId: '1', name: '八(1)班' },
  { classId: '2', name: '八(2)班' },
];
const student = (over: Partial<AttentionReport['lines'][number]['students'][number]>) => ({
  studentId: 's',
  name: '张三',
  className: '八(1)班',
  classId: '1',
  schoolName: '实验中学',
  total: 500,
  rank: 10,
  gap: 0,
  side: 'above' as const,
  weakest: null,
  ...over,
});
const mover = (studentId: string, change: number, rank: number) => ({
  studentId,
  name: studentId,
  className: '八(1)班',
  classId: '1',
  schoolName: '',
  score: 500,
  rank,
  previousRank: rank + change,
  change,
  tChange: null,
});

describe('grade-attention-card rows', () => {
  it('counts critical students above and below per class, leaving classes without any out', () => {
    const students = [
      student({ studentId: 'a', side: 'above' }),
      student({ studentId: 'b', side: 'below' }),
      student({ studentId: 'c', side: 'below' }),
    ];
    expect(criticalCounts(students, classes)).toEqual([{ classId: '1', className: '八(1)班', above: 1, below: 2 }]);
  });

  it('lists a line below first, closest to the line first, with the line named', () => {
    const line = {
      name: '本科线',
      score: 480,
      lineRank: 100,
      students: [
        student({ studentId: 'far-above', side: 'above', gap: 9 }),
        student({ studentId: 'far-below', side: 'below', gap: -15 }),
        student({ studentId: 'near-below', side: 'below', gap: -2 }),
        student({ studentId: 'near-above', side: 'above', gap: 1 }),
      ],
    };
    const rows = criticalRows(line);
    expect(rows.map((r) => r.studentId)).toEqual(['near-below', 'far-below', 'near-above', 'far-above']);
    expect(rows.every((r) => r.line === '本科线')).toBe(true);
  });

  it('splits movers into the biggest rises and falls', () => {
    const { rises, falls } = splitMovers(
      [mover('a', 5, 3), mover('b', -8, 40), mover('c', 12, 9), mover('d', 0, 1)],
      1,
    );
    expect(rises.map((m) => m.studentId)).toEqual(['c']);
    expect(falls.map((m) => m.studentId)).toEqual(['b']);
  });

  it('names subjects by key', () => {
    const name = subjectNamer([{ subjectKey: '0', name: '总分', fullMark: 300, seId: null }]);
    expect(name('0')).toBe('总分');
    expect(name('99')).toBe('99');
    expect(name(null)).toBe('—');
  });
});

const summary = (mean: number) => ({
  count: 40,
  absent: 1,
  mean,
  max: 100,
  min: 10,
  sd: 12,
  scoreRate: mean / 100,
  excellentCount: 0,
  goodCount: 0,
  passCount: 0,
  lowCount: 0,
  goodBandCount: 0,
  excellentRate: 0,
  goodRate: 0,
  passRate: 0,
  lowRate: 0,
  goodBandRate: 0,
  median: mean,
  q1: mean,
  q3: mean,
});
const unit = (id: string, mean: number, rank: number, ecRank?: number): UnitRow => ({
  scope: { kind: 'class', id, name: `八(${id})班` },
  schoolName: null,
  summary: summary(mean),
  overMeanRate: 0.01,
  tScore: 51,
  rank,
  evaluation:
    ecRank === undefined
      ? null
      : {
          standardRate: 0,
          averageRate: 0,
          averageScore: mean,
          secsARate: 0,
          secsBRate: 0,
          variance: 0,
          ec: 1 / ecRank,
          ecRank,
          wrsr: 0,
          probit: 5,
          fitted: 0,
          rsrGrade: '中',
          rsrRank: ecRank,
        },
});
const overview = (subjectKey: string, units: UnitRow[]): OverviewReport => ({
  subject: { subjectKey, name: subjectKey === '0' ? '总分' : '语文', fullMark: 100, seId: null },
  scope: { kind: 'grade', id: '8', name: '八年级' },
  parent: null,
  summary: summary(70),
  overMeanRate: null,
  tScore: null,
  rank: null,
  segments: {},
  units,
});

describe('grade-class-analysis rows', () => {
  it('puts every subject of a class on one row', () => {
    const rows = classMatrix([overview('0', [unit('1', 80, 1), unit('2', 70, 2)]), overview('11', [unit('2', 90, 1)])]);
    expect(rows.map((r) => r.classId)).toEqual(['1', '2']);
    expect(rows[1]?.cells['11']).toEqual({ mean: 90, overMeanRate: 0.01, tScore: 51, rank: 1 });
    expect(rows[0]?.cells['11']).toBeUndefined();
  });

  it('orders the evaluated classes by EC rank', () => {
    expect(evaluatedUnits([unit('1', 80, 1, 2), unit('2', 70, 2, 1), unit('3', 60, 3)]).map((u) => u.scope.id)).toEqual(
      ['2', '1'],
    );
  });
});

describe('grade-report-card', () => {
  it('asks the list call for the sorted subject, the class filtered and the page', () => {
    const query = initialTableQuery({
      sortField: 'subject:12',
      sortOrder: 'ascend',
      keyword: '张',
      filters: { classId: ['2'] },
    });
    expect(scorePageParams({ schoolId: '1', meId: '5' }, query)).toEqual({
      schoolId: '1',
      meId: '5',
      classId: '2',
      sortSubject: '12',
      order: 'asc',
      keyword: '张',
      currentPage: 1,
      pageSize: 20,
    });
    const plain = scorePageParams(
      { schoolId: '1', meId: '5' },
      initialTableQuery({ sortField: 'name', sortOrder: 'ascend' }),
    );
    expect(plain).toMatchObject({ sortSubject: undefined, order: 'desc', classId: undefined, keyword: undefined });
  });

  it('exports each subject score with class and grade ranks, 缺考 for the absent, the rank rule as set', () => {
    const subjects: SubjectRef[] = [
      { subjectKey: '0', name: '总分', fullMark: 200, seId: null },
      { subjectKey: '11', name: '语文', fullMark: 100, seId: '3' },
    ];
    const figures = (score: number | null, rank: number | null, dense: number | null) => ({
      score,
      classRank: rank,
      gradeRank: rank,
      unionRank: null,
      classDenseRank: dense,
      gradeDenseRank: dense,
      pr: null,
      beat: null,
      z: null,
      t: null,
      level: null,
      levelScore: null,
    });
    const row: StudentRow = {
      studentId: '9',
      name: '李四',
      studentNo: '0012',
      classId: '1',
      className: '八(1)班',
      schoolId: '1',
      schoolName: '',
      subjects: { '0': figures(170.005, 3, 2), '11': figures(null, null, null) },
      imbalance: { spread: 1.2, weakest: '11', strongest: '0', flagged: true },
      progress: { previousMeId: '4', gradeRankChange: 4, classRankChange: 1, tChange: 0.5 },
    };
    const competition = sheetOf({ name: 'x', columns: reportCardColumns(subjects, classes, false), rows: [row] });
    expect(competition.header).toEqual([
      '姓名',
      '学号',
      '班级',
      '总分/分数',
      '总分/班名',
      '总分/级名',
      '语文/分数',
      '语文/班名',
      '语文/级名',
      '进退步(级名)',
      '偏科',
    ]);
    expect(competition.rows[0]).toEqual([
      '李四',
      '0012',
      '八(1)班',
      '170.01',
      '3',
      '3',
      '缺考',
      '—',
      '—',
      '+4',
      '偏科（最弱：语文）',
    ]);
    const dense = sheetOf({ name: 'x', columns: reportCardColumns(subjects, classes, true), rows: [row] });
    expect(dense.rows[0]?.slice(4, 6)).toEqual(['2', '2']);
  });
});

describe('grade-subject-analysis and grade-trend-analysis', () => {
  it('says how a line was set', () => {
    expect(lineRule({ kind: 'rate', value: 0.15, score: 512.5, lineRank: 30, onLine: 31 })).toBe(
      '前 15.00%，分数线 512.5，名次 30，总分上线 31 人',
    );
    expect(lineRule({ kind: 'score', value: 480, score: 480, lineRank: null, onLine: 0 })).toBe(
      '480 分，分数线 480，名次 —，总分上线 0 人',
    );
  });

  it('labels exams by name and date and gives each its four figures', () => {
    const exams = [
      { meId: '1', name: '期中', startDate: '2025-11-10T00:00:00' },
      { meId: '2', name: '期末', startDate: '2026-01-15' },
    ];
    expect(trendExamLabels(exams)).toEqual(['期中（2025-11-10）', '期末（2026-01-15）']);
    const sheet = sheetOf({
      name: 't',
      columns: trendColumns(exams),
      rows: [
        {
          scope: { kind: 'class', id: '1', name: '八(1)班' },
          points: [null, { meId: '2', mean: 80.125, overMeanRate: 0.05, tScore: 52.345, rank: 1 }],
        },
      ],
    });
    expect(sheet.header.slice(0, 2)).toEqual(['班级', '期中（2025-11-10）/平均分']);
    expect(sheet.rows[0]).toEqual(['八(1)班', '—', '—', '—', '—', '80.13', '5.00%', '52.35', '1']);
  });
});
