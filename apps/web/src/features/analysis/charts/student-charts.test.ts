import type { StudentReport } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { knowledgeLossRows, questionRows } from '../components/student/student-report-model.ts';
import {
  lostByKnowledgeOption,
  questionScoresOption,
  studentPositionTrendOption,
  studentRadarOption,
  studentSegmentsOption,
  studentTTrendOption,
} from './student-charts.ts';

type Subject = StudentReport['subjects'][number];
type TrendPoint = StudentReport['trend'][number];

const subject = (name: string, t: number | null): Subject => ({
  subject: { subjectKey: name, name, fullMark: 100, seId: name },
  score: t === null ? null : 80,
  fullMark: 100,
  classMean: 70,
  gradeMean: 68,
  gradeMax: 99,
  classRank: null,
  gradeRank: null,
  rankBand: null,
  beat: 0.5,
  t,
});

const point = (name: string, extra: Partial<TrendPoint>): TrendPoint => ({
  meId: name,
  name,
  startDate: '2026-09-01',
  score: 500,
  t: 55,
  beat: null,
  gradeRank: null,
  ...extra,
});

// biome-ignore lint/suspicious/noExplicitAny: reading back into the loosely typed ECharts option
const loose = (value: unknown) => value as any;

describe('studentRadarOption', () => {
  it('draws each course the student sat at its rounded T, and the mean ring at 50', () => {
    const option = loose(studentRadarOption([subject('语文', 61.005), subject('数学', 44.994), subject('英语', null)]));
    expect(option.radar.indicator.map((i: { name: string }) => i.name)).toEqual(['语文', '数学']);
    expect(option.series[0].data[0]).toEqual({ name: '我的T分数', value: [61.01, 44.99] });
    expect(option.series[0].data[1]).toEqual({ name: '年级平均(T=50)', value: [50, 50] });
    expect(option.radar.indicator[0]).toMatchObject({ min: 20, max: 80 });
  });

  it('widens the scale to fit a T beyond 20–80', () => {
    const option = loose(studentRadarOption([subject('语文', 86.2), subject('数学', 12)]));
    expect(option.radar.indicator[0]).toMatchObject({ min: 10, max: 90 });
  });
});

describe('student trends', () => {
  it('plots the total’s T over the exams', () => {
    const option = loose(studentTTrendOption([point('期中', { t: 55.555 }), point('月考', { t: null })]));
    expect(option.xAxis.data).toEqual(['期中', '月考']);
    expect(option.series[0].data).toEqual([55.56, null]);
  });

  it('plots the grade rank (1 on top) when ranks are disclosed', () => {
    const option = loose(
      studentPositionTrendOption([point('期中', { gradeRank: 12 }), point('月考', { gradeRank: 8 })]),
    );
    expect(option.series[0]).toMatchObject({ name: '年级名次', data: [12, 8] });
    expect(option.yAxis.inverse).toBe(true);
  });

  it('plots the share beaten in % when only that is disclosed', () => {
    const option = loose(studentPositionTrendOption([point('期中', { beat: 0.81234 }), point('月考', { beat: null })]));
    expect(option.series[0]).toMatchObject({ name: '超过的同学(%)', data: [81.23, null] });
    expect(option.yAxis.inverse).toBe(false);
  });

  it('has no position chart when nothing of the position is disclosed', () => {
    expect(studentPositionTrendOption([point('期中', {})])).toBeNull();
  });
});

describe('questionScoresOption', () => {
  it('puts the student beside the class and grade means per question, absent scores as gaps', () => {
    const rows = questionRows([
      { questionId: '1', questionNo: '1', fullMark: 5, score: 5, classMean: 3.456, gradeMean: 3, knowledgePoints: [] },
      {
        questionId: '2',
        questionNo: '2',
        fullMark: 10,
        score: null,
        classMean: 6,
        gradeMean: 6.005,
        knowledgePoints: [],
      },
    ]);
    const option = loose(questionScoresOption(rows));
    expect(option.xAxis.data).toEqual(['1', '2']);
    expect(option.series.map((s: { data: unknown }) => s.data)).toEqual([
      [5, null],
      [3.46, 6],
      [3, 6.01],
    ]);
  });
});

describe('lostByKnowledgeOption', () => {
  it('draws the knowledge points the student lost on, in the table’s order, the biggest loss first', () => {
    const rows = knowledgeLossRows([
      { name: '函数', fullMark: 20, lost: 7.5 },
      { name: '几何', fullMark: 20, lost: 12.125 },
      { name: '概率', fullMark: 10, lost: 0 },
    ]);
    const option = loose(lostByKnowledgeOption(rows));
    expect(option.yAxis.data).toEqual(['几何', '函数']);
    expect(option.yAxis.inverse).toBe(true);
    expect(option.yAxis.axisLabel.rotate).toBe(0);
    expect(option.series[0].data).toEqual([12.13, 7.5]);
  });
});

describe('studentSegmentsOption', () => {
  it('draws the segments from low to high with the student’s own one marked', () => {
    const option = loose(
      studentSegmentsOption([
        { low: 100, high: 150, closedTop: true, count: 3, share: 0.3, mine: false },
        { low: 50, high: 100, closedTop: false, count: 5, share: 0.5, mine: true },
        { low: 0, high: 50, closedTop: false, count: 2, share: 0.2, mine: false },
      ]),
    );
    expect(option.xAxis.data).toEqual(['[0, 50)', '[50, 100)', '[100, 150]']);
    const bars = option.series[0].data;
    expect(bars.map((bar: { value: number }) => bar.value)).toEqual([2, 5, 3]);
    expect(bars[1].itemStyle).toBeDefined();
    expect(bars[0].itemStyle).toBeUndefined();
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('[50, 100)（我在此段）<br/>人数 5，占比 50.00%');
  });
});
