import type { AttentionReport, LevelsReport, StudentRow, StudentScore, TrendReport } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { heatmapCells, heatmapHeight, scoreHeatmapOption } from '../../charts/class-heatmap.ts';
import {
  classTrendOption,
  criticalCountsOption,
  levelBandsOption,
  moversOption,
  percentSeries,
  rankTrendOption,
  studentScoresOption,
  unitSeries,
} from '../../charts/class-views.ts';
import { trendOption } from '../../charts/trend.ts';
import { criticalCounts, criticalRows, imbalancedRows, moverRows, subjectName } from './attention-rows.ts';
import { bySubjectScore, classCardColumns } from './card-rows.ts';
import { cellRate, classMeanRow, scoreHeatmap } from './heatmap-rows.ts';
import { bandsVerdict, levelBands } from './level-rows.ts';
import { classTrendRows } from './trend-rows.ts';

const SUBJECTS = [
  { subjectKey: '0', name: '总分', fullMark: 300, seId: null },
  { subjectKey: '11', name: '数学', fullMark: 100, seId: '501' },
  { subjectKey: '12', name: '语文', fullMark: 100, seId: '502' },
];

function paper(studentId: string, name: string, scores: Record<string, number>, extra: Partial<StudentScore> = {}) {
  const total = Object.values(scores).reduce((sum, score) => sum + score, 0);
  return {
    esId: `e${studentId}`,
    studentId,
    studentNo: `2025${studentId}`,
    name,
    classId: '81',
    className: '八年级(1)班',
    absent: false,
    scores,
    choices: {},
    objectiveScore: null,
    subjectiveScore: null,
    totalScore: total,
    classRank: null,
    gradeRank: null,
    ...extra,
  } satisfies StudentScore;
}

describe('the score heat map', () => {
  const items = [
    { questionId: 'q1', questionNo: '1', fullMark: 4 },
    { questionId: 'q2', questionNo: '2', fullMark: 6 },
  ];
  const scores = [
    paper('02', '乙', { q1: 4, q2: 1.005 }),
    paper('01', '甲', { q1: 2 }),
    paper('03', '丙', {}, { absent: true, totalScore: null }),
    paper('04', '丁', { q1: 4, q2: 1.005 }),
  ];
  const map = scoreHeatmap(items, [{ questionId: 'q1', mean: 3.333 }], scores);

  it('puts present students highest total first (then 学号), questions in paper order, absentees aside', () => {
    expect(map.students.map((student) => [student.name, student.scores])).toEqual([
      ['乙', [4, 1.005]],
      ['丁', [4, 1.005]],
      ['甲', [2, null]],
    ]);
    expect(map.questions.map((question) => [question.questionNo, question.classMean])).toEqual([
      ['1', 3.333],
      ['2', null],
    ]);
    expect(map.absent).toEqual([{ studentId: '03', name: '丙' }]);
    expect(classMeanRow(map)).toMatchObject({ name: '班级平均', total: null, scores: [3.333, null] });
  });

  it('colours by the share of full mark and labels with the rounded score', () => {
    expect(cellRate(3, 4)).toBe(0.75);
    expect(cellRate(null, 4)).toBeNull();
    expect(heatmapCells(map)).toEqual([
      [0, 0, 100, 4],
      [1, 0, 16.75, 1.01],
      [0, 1, 100, 4],
      [1, 1, 16.75, 1.01],
      [0, 2, 50, 2],
      [1, 2, null, null],
    ]);
    const option = scoreHeatmapOption(map);
    expect((option.yAxis as { data: string[] }).data).toEqual(['乙', '丁', '甲']);
    expect((option.xAxis as { data: string[] }).data).toEqual(['1', '2']);
    expect(heatmapHeight(map)).toBe(270);
  });
});

describe('grade-rank bands of the class', () => {
  const report: LevelsReport = {
    subject: SUBJECTS[0]!,
    scope: { kind: 'grade', id: '8', name: '八年级' },
    bands: ['前10%', '10%–30%', '30%–50%', '50%–70%', '70%–100%'],
    previousExam: { meId: '7', name: '期中考试' },
    units: [
      { scope: { kind: 'class', id: '82', name: '八年级(2)班' }, counts: [1, 1, 1, 1, 1], previousCounts: null },
      {
        scope: { kind: 'class', id: '81', name: '八年级(1)班' },
        counts: [5, 10, 10, 10, 5],
        previousCounts: [3, 9, 12, 10, 6],
      },
    ],
  };

  it('counts, shares and changes of the class', () => {
    const rows = levelBands(report, '81');
    expect(rows.map((row) => [row.band, row.count, row.previousCount, row.change])).toEqual([
      ['前10%', 5, 3, 2],
      ['10%–30%', 10, 9, 1],
      ['30%–50%', 10, 12, -2],
      ['50%–70%', 10, 10, 0],
      ['70%–100%', 5, 6, -1],
    ]);
    expect(rows[0]?.share).toBe(0.125);
    expect(bandsVerdict(rows)).toBe('前10%、10%–30%、30%–50%的学生比上次多 1 人');
    expect(levelBands(report, '99')).toEqual([]);
  });

  it('says nothing about movement without a previous exam, and draws one series', () => {
    const rows = levelBands(report, '82');
    expect(rows.every((row) => row.change === null)).toBe(true);
    expect(bandsVerdict(rows)).toBeNull();
    expect((levelBandsOption(rows, null).series as unknown[]).length).toBe(1);
    const both = levelBandsOption(levelBands(report, '81'), '期中考试').series as Array<{ data: number[] }>;
    expect(both.map((s) => s.data)).toEqual([
      [5, 10, 10, 10, 5],
      [3, 9, 12, 10, 6],
    ]);
  });
});

describe('trends over exams', () => {
  const report: TrendReport = {
    subject: SUBJECTS[1]!,
    exams: [
      { meId: '1', name: '月考一', startDate: '2026-09-26' },
      { meId: '2', name: '期中', startDate: '2026-11-05' },
    ],
    units: [
      {
        scope: { kind: 'class', id: '81', name: '八年级(1)班' },
        points: [
          { meId: '1', mean: 70.125, overMeanRate: 0.01, tScore: 51.005, rank: 2 },
          { meId: '2', mean: 72, overMeanRate: 0.02, tScore: 52, rank: 1 },
        ],
      },
      {
        scope: { kind: 'class', id: '82', name: '八年级(2)班' },
        points: [null, { meId: '2', mean: 68, overMeanRate: -0.02, tScore: 48, rank: 3 }],
      },
    ],
    student: {
      studentId: '9',
      name: '张子涵',
      points: [null, { meId: '2', score: 88, classRank: 3, gradeRank: 20, t: 58.5 }],
    },
  };

  it('one line per exam for the class and the chosen student', () => {
    const rows = classTrendRows(report, '81');
    expect(rows.map((row) => [row.examName, row.tScore, row.rank, row.studentScore, row.studentGradeRank])).toEqual([
      ['月考一', 51.005, 2, null, null],
      ['期中', 52, 1, 88, 20],
    ]);
  });

  it('lines per class, values rounded, ranks upside down', () => {
    const names = report.exams.map((exam) => exam.name);
    const t = trendOption(names, unitSeries(report, 'tScore'), { yName: 'T' });
    expect((t.series as Array<{ data: Array<number | null> }>).map((s) => s.data)).toEqual([
      [51.01, 52],
      [null, 48],
    ]);
  });

  it('超均率 lines in percent, rounded as the table rounds it', () => {
    const option = trendOption(['月考一', '期中'], unitSeries(report, 'overMeanRate').map(percentSeries), {});
    expect((option.series as Array<{ data: Array<number | null> }>).map((s) => s.data)).toEqual([
      [1, 2],
      [null, -2],
    ]);
    expect(percentSeries({ name: 'x', values: [0.123455, null] }).values[0]).toBeCloseTo(12.3455, 10);
  });

  it('the class T beside the student T; ranks of the class and of the student on their own charts', () => {
    const t = classTrendOption(report, '82').series as Array<{ name: string; data: Array<number | null> }>;
    expect(t.map((s) => [s.name, s.data])).toEqual([
      ['八年级(2)班班级T', [null, 48]],
      ['张子涵T分', [null, 58.5]],
    ]);
    const classRank = rankTrendOption(report, '81', 'class');
    expect((classRank.yAxis as { inverse: boolean }).inverse).toBe(true);
    expect((classRank.series as Array<{ data: number[] }>)[0]?.data).toEqual([2, 1]);
    const studentRank = rankTrendOption(report, '81', 'student');
    expect((studentRank.series as Array<{ data: Array<number | null> }>)[0]?.data).toEqual([null, 20]);
    expect(rankTrendOption({ ...report, student: null }, '81', 'student').series).toEqual([]);
  });
});

describe('attention lists of the class', () => {
  const critical = (studentId: string, classId: string, side: 'above' | 'below', gap: number) => ({
    studentId,
    name: `学生${studentId}`,
    className: '',
    classId,
    schoolName: '',
    total: 500 + gap,
    rank: 100,
    gap,
    side,
    weakest: '11',
  });
  const report: AttentionReport = {
    subject: SUBJECTS[0]!,
    scope: { kind: 'grade', id: '8', name: '八年级' },
    rule: { mode: 'score', below: 20, above: 10, rankBand: 20 },
    lines: [
      {
        name: '一本线',
        score: 500,
        lineRank: 100,
        students: [
          critical('1', '81', 'below', -3),
          critical('2', '81', 'above', 8),
          critical('3', '82', 'above', 1),
          critical('4', '81', 'above', 2),
        ],
      },
    ],
    imbalanced: [
      {
        studentId: '5',
        name: '偏科甲',
        className: '',
        classId: '81',
        schoolName: '',
        spread: 0.8,
        weakest: '12',
        strongest: '11',
        weakestZ: -1,
        strongestZ: 1,
      },
      {
        studentId: '6',
        name: '偏科乙',
        className: '',
        classId: '81',
        schoolName: '',
        spread: 1.2,
        weakest: '11',
        strongest: '99',
        weakestZ: -1.5,
        strongestZ: 1.5,
      },
    ],
    previousExam: { meId: '7', name: '期中' },
    movers: [
      {
        studentId: '7',
        name: '进',
        className: '',
        classId: '81',
        schoolName: '',
        score: 1,
        rank: 5,
        previousRank: 25,
        change: 20,
        tChange: 3,
      },
      {
        studentId: '8',
        name: '退',
        className: '',
        classId: '81',
        schoolName: '',
        score: 1,
        rank: 40,
        previousRank: 10,
        change: -30,
        tChange: -4,
      },
      {
        studentId: '9',
        name: '小进',
        className: '',
        classId: '81',
        schoolName: '',
        score: 1,
        rank: 9,
        previousRank: 12,
        change: 3,
        tChange: 1,
      },
      {
        studentId: '10',
        name: '别班',
        className: '',
        classId: '82',
        schoolName: '',
        score: 1,
        rank: 1,
        previousRank: 90,
        change: 89,
        tChange: 9,
      },
    ],
  };

  it('keeps the class only, above the line first and nearest first, weakest course by name', () => {
    const rows = criticalRows(report, '81', SUBJECTS);
    expect(rows.map((row) => [row.studentId, row.side, row.weakest])).toEqual([
      ['4', 'above', '数学'],
      ['2', 'above', '数学'],
      ['1', 'below', '数学'],
    ]);
    expect(criticalCounts(report, '81')).toEqual([{ lineName: '一本线', above: 2, below: 1 }]);
    const option = criticalCountsOption(criticalCounts(report, '81'));
    expect((option.series as Array<{ data: number[] }>).map((s) => s.data)).toEqual([[2], [1]]);
  });

  it('偏科 widest first; an unknown subject key is shown as it came', () => {
    expect(imbalancedRows(report, '81', SUBJECTS).map((row) => [row.name, row.weakest, row.strongest])).toEqual([
      ['偏科乙', '数学', '99'],
      ['偏科甲', '语文', '数学'],
    ]);
    expect(subjectName(SUBJECTS, null)).toBeNull();
  });

  it('risers biggest first, fallers biggest drop first, charted with the same changes', () => {
    const { rising, falling } = moverRows(report, '81');
    expect(rising.map((row) => row.name)).toEqual(['进', '小进']);
    expect(falling.map((row) => row.name)).toEqual(['退']);
    const option = moversOption(rising, falling);
    expect((option.series as Array<{ data: number[] }>)[0]?.data).toEqual([20, 3, -30]);
  });
});

describe('the class report card chart', () => {
  const figures = (score: number | null, classRank: number | null) => ({
    score,
    classRank,
    gradeRank: classRank === null ? null : classRank * 3,
    unionRank: null,
    classDenseRank: classRank,
    gradeDenseRank: null,
    pr: null,
    beat: null,
    z: null,
    t: null,
    level: null,
    levelScore: null,
  });
  const student = (id: string, name: string, total: number | null, math: number | null): StudentRow => ({
    studentId: id,
    name,
    studentNo: `20250${id}`,
    classId: '81',
    className: '八年级(1)班',
    schoolId: '1',
    schoolName: '',
    subjects: { '0': figures(total, total === null ? null : 1), '11': figures(math, math === null ? null : 1) },
    imbalance: null,
    progress: null,
  });
  const rows = [
    student('3', '王五', null, null),
    student('1', '张三', 180.5, 90),
    student('2', '李四', 190, 85.125),
    student('4', '赵六', 190, 70),
  ];

  it('orders by the chosen subject, highest first, absentees last, ties by 学号', () => {
    expect([...rows].sort(bySubjectScore('0')).map((row) => row.name)).toEqual(['李四', '赵六', '张三', '王五']);
    expect([...rows].sort(bySubjectScore('11')).map((row) => row.name)).toEqual(['张三', '李四', '赵六', '王五']);
  });

  it("keeps the grade card's columns without the class column or server sorters, groups included", () => {
    const gradeCard = [
      { key: 'name', title: '姓名' },
      { key: 'classId', title: '班级' },
      {
        key: 'group:0',
        title: '总分',
        children: [
          { key: 'subject:0', title: '分数', sorter: true },
          { key: 'classRank:0', title: '班名' },
          { key: 'gradeRank:0', title: '级名' },
        ],
      },
      { key: 'progress', title: '进退步(级名)' },
    ];
    const shown = classCardColumns<StudentRow>(gradeCard, false);
    expect(shown.map((column) => column.key)).toEqual(['name', 'group:0', 'progress']);
    const group = shown[1] as { children: Array<{ key: string; sorter?: unknown }> };
    expect(group.children.map((child) => [child.key, child.sorter])).toEqual([
      ['subject:0', undefined],
      ['classRank:0', undefined],
      ['gradeRank:0', undefined],
    ]);
    // Ranks hidden from this reader: no rank or progress columns at all.
    const hidden = classCardColumns<StudentRow>(gradeCard, true);
    expect(hidden.map((column) => column.key)).toEqual(['name', 'group:0']);
    expect((hidden[1] as { children: Array<{ key: string }> }).children.map((child) => child.key)).toEqual([
      'subject:0',
    ]);
  });

  it('charts the present students in the given order with rounded scores', () => {
    const option = studentScoresOption(rows, '11', '数学');
    expect((option.xAxis as { data: string[] }).data).toEqual(['张三', '李四', '赵六']);
    expect((option.series as Array<{ data: number[] }>)[0]?.data).toEqual([90, 85.13, 70]);
  });
});
