import { describe, expect, it } from 'vitest';
import {
  classRankingOption,
  rateCompareOption,
  segmentCompareOption,
  subjectOverMeanOption,
  subjectTOption,
} from '../../charts/class-compare.ts';
import { classAgainstGrade, classRanking, segmentsAgainstGrade, subjectsOfClass } from './class-compare-rows.ts';
import { overview, segment, summary, unit } from './test-reports.ts';

const classReport = overview({
  scope: { kind: 'class', id: '82', name: '八年级(2)班' },
  parent: { kind: 'grade', id: '8', name: '八年级' },
  summary: summary({ mean: 75.125, excellentRate: 0.2, scoreRate: 0.75125 }),
  overMeanRate: 0.0305,
  tScore: 52.345,
  rank: 2,
  segments: { '50': [segment(50, 100, 30, 30, 40), segment(0, 50, 10, 40, 40)] },
});
const gradeReport = overview({
  summary: summary({ mean: 72.9, excellentRate: 0.105 }),
  segments: {
    '50': [segment(50, 100, 150, 150, 240), segment(0, 50, 90, 240, 240)],
  },
  units: [unit('83', '八年级(3)班', 70, 3), unit('81', '八年级(1)班', 77, 1), unit('82', '八年级(2)班', 75.125, 2)],
});

describe('class against grade', () => {
  it('puts the class line first and the grade line after, with the rank among the exam classes', () => {
    const rows = classAgainstGrade(classReport, gradeReport, 6);
    expect(rows.map((row) => [row.key, row.label, row.rank, row.rankOf])).toEqual([
      ['class', '八年级(2)班', 2, 6],
      ['grade', '八年级', null, null],
    ]);
    expect(rows[1]?.summary?.mean).toBe(72.9);
  });

  it('shows the class alone when the grade report was not read', () => {
    expect(classAgainstGrade(classReport, undefined, 6).map((row) => row.key)).toEqual(['class']);
  });

  it('lines the class segments up with the grade segments of the same width', () => {
    const rows = segmentsAgainstGrade(classReport, gradeReport, 50);
    expect(rows).toEqual([
      {
        low: 50,
        high: 100,
        closedTop: true,
        classCount: 30,
        classCumulative: 30,
        classShare: 0.75,
        gradeCount: 150,
        gradeCumulative: 150,
        gradeShare: 0.625,
      },
      {
        low: 0,
        high: 50,
        closedTop: false,
        classCount: 10,
        classCumulative: 40,
        classShare: 0.25,
        gradeCount: 90,
        gradeCumulative: 240,
        gradeShare: 0.375,
      },
    ]);
    expect(segmentsAgainstGrade(classReport, gradeReport, 60)).toEqual([]);
    expect(segmentsAgainstGrade(classReport, undefined, 50)[0]?.gradeShare).toBeNull();
  });

  it('ranks the classes and marks the page class', () => {
    const rows = classRanking(gradeReport, '82');
    expect(rows.map((row) => [row.name, row.rank, row.mine])).toEqual([
      ['八年级(1)班', 1, false],
      ['八年级(2)班', 2, true],
      ['八年级(3)班', 3, false],
    ]);
  });

  it('lists each subject the class has a report of, in the exam order, with the grade mean', () => {
    const subjects = [
      { subjectKey: '0', name: '总分', fullMark: 300, seId: null },
      { subjectKey: '11', name: '数学', fullMark: 100, seId: '501' },
      { subjectKey: '12', name: '语文', fullMark: 100, seId: '502' },
    ];
    const rows = subjectsOfClass(
      subjects,
      new Map([
        ['12', overview({ summary: summary({ mean: 80 }), overMeanRate: 0.1, tScore: 55, rank: 1 })],
        ['0', classReport],
      ]),
      new Map([['0', gradeReport]]),
    );
    expect(rows.map((row) => [row.subject.name, row.mean, row.gradeMean, row.rank])).toEqual([
      ['总分', 75.125, 72.9, 2],
      ['语文', 80, null, 1],
    ]);
  });
});

describe('class comparison charts show the table figures rounded the same way', () => {
  it('rates in percent, class then grade', () => {
    const option = rateCompareOption(classAgainstGrade(classReport, gradeReport, 6));
    const series = option.series as Array<{ name: string; data: Array<number | null> }>;
    expect(series.map((s) => s.name)).toEqual(['八年级(2)班', '八年级']);
    expect(series[0]?.data).toEqual([75.13, 20, 37.5, 75, 7.5]);
    expect(series[1]?.data[1]).toBe(10.5);
  });

  it('segment shares in percent with the segment labels, lowest segment first', () => {
    const option = segmentCompareOption(segmentsAgainstGrade(classReport, gradeReport, 50), '八年级(2)班');
    expect((option.xAxis as { data: string[] }).data).toEqual(['[0, 50)', '[50, 100]']);
    const series = option.series as Array<{ name: string; data: number[] }>;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['八年级(2)班', [25, 75]],
      ['年级', [37.5, 62.5]],
    ]);
  });

  it('class means with the page class named and the grade mean line', () => {
    const option = classRankingOption(classRanking(gradeReport, '82'), 72.905);
    expect((option.xAxis as { data: string[] }).data).toEqual(['八年级(1)班', '八年级(2)班（本班）', '八年级(3)班']);
    const [bars, line] = option.series as Array<{ data: Array<number | null> }>;
    expect(bars?.data).toEqual([77, 75.13, 70]);
    expect(line?.data).toEqual([72.91, 72.91, 72.91]);
  });

  it('each subject: 超均率 in percent and class T', () => {
    const rows = subjectsOfClass(
      [{ subjectKey: '0', name: '总分', fullMark: 300, seId: null }],
      new Map([['0', classReport]]),
    );
    expect((subjectOverMeanOption(rows).series as Array<{ data: number[] }>)[0]?.data).toEqual([3.05]);
    expect((subjectTOption(rows).series as Array<{ data: number[] }>)[0]?.data).toEqual([52.35]);
  });
});
