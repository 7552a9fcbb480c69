import type { SegmentRow } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { boxOf, boxPlotOption } from './box-plot.ts';
import { classMeansOption } from './class-means.ts';
import { groupedBarOption } from './grouped-bar.ts';
import { heatMapOption } from './heat-map.ts';
import { optionLetters, optionShareOption } from './option-share.ts';
import { radarOption } from './radar.ts';
import { segmentShares, segmentsBarOption } from './segments.ts';
import { trendOption } from './trend.ts';

// Each option builder shows the table's figures after the same rounding (format.ts).

type Series = { type: string; name?: string; data: unknown[]; stack?: string };
const seriesOf = (option: ReturnType<typeof segmentsBarOption>) => option.series as Series[];
const axisData = (axis: unknown) => (axis as { data: string[] }).data;

const segment = (low: number, high: number, count: number, share: number, closedTop = false): SegmentRow => ({
  low,
  high,
  closedTop,
  count,
  cumulative: 0,
  share,
  cumulativeShare: 0,
});

describe('report chart options', () => {
  it('segments: counts from the lowest segment up, labelled as the table labels them', () => {
    // The report lists segments from the top.
    const rows = [segment(100, 120, 3, 0.3, true), segment(80, 100, 5, 0.5), segment(60, 80, 2, 0.2)];
    const option = segmentsBarOption(rows);
    expect(axisData(option.xAxis)).toEqual(['[60, 80)', '[80, 100)', '[100, 120]']);
    expect(seriesOf(option)[0]?.data).toEqual([2, 5, 3]);
    expect(segmentShares(rows)).toEqual([20, 50, 30]);
  });

  it('class means: rounded bars and the grade mean as a flat line', () => {
    const option = classMeansOption(
      [
        { name: '八(1)班', mean: 81.005 },
        { name: '八(2)班', mean: null },
      ],
      79.994,
    );
    const [bars, line] = seriesOf(option);
    expect(bars?.data).toEqual([81.01, null]);
    expect(line?.data).toEqual([79.99, 79.99]);
    expect(line?.name).toBe('年级平均分');
    expect(axisData(option.xAxis)).toEqual(['八(1)班', '八(2)班']);
  });

  it('box plot: min, Q1, median, Q3, max per class; a class without figures draws nothing', () => {
    const summary = { min: 10, q1: 40.125, median: 60, q3: 75.5, max: 98 };
    expect(boxOf(summary)).toEqual([10, 40.13, 60, 75.5, 98]);
    const option = boxPlotOption([
      { name: 'A', summary },
      { name: 'B', summary: null },
    ]);
    expect(seriesOf(option)[0]?.data).toEqual([[10, 40.13, 60, 75.5, 98], []]);
  });

  it('radar: one polygon per series over the indicators', () => {
    const option = radarOption(
      [
        { name: '语文', max: 80 },
        { name: '数学', max: 80 },
      ],
      [{ name: '本人', values: [55.555, null] }],
    );
    const [series] = seriesOf(option);
    expect(series?.data).toEqual([{ name: '本人', value: [55.56, 0] }]);
    expect((option.radar as { indicator: unknown[] }).indicator).toEqual([
      { name: '语文', max: 80, min: 0 },
      { name: '数学', max: 80, min: 0 },
    ]);
  });

  it('trend: gaps for exams a unit missed; ranks on an inverted axis', () => {
    const option = trendOption(['期中', '期末'], [{ name: '八(1)班', values: [3, null] }], { rank: true });
    expect(seriesOf(option)[0]?.data).toEqual([3, null]);
    expect((option.yAxis as { inverse: boolean }).inverse).toBe(true);
    expect((trendOption(['a'], [], { yName: 'T' }).yAxis as { inverse: boolean }).inverse).toBe(false);
  });

  it('heat map: [column, row, rounded value] cells, "-" where there is none', () => {
    const option = heatMapOption(
      ['1', '2'],
      ['张三'],
      [
        { x: 0, y: 0, value: 2.5 },
        { x: 1, y: 0, value: null },
      ],
      { max: 5 },
    );
    expect(seriesOf(option)[0]?.data).toEqual([
      [0, 0, 2.5],
      [1, 0, '-'],
    ]);
  });

  it('option shares: letters first, stacked percentages per question, the key in the label', () => {
    const items = [
      {
        questionNo: '1',
        answer: 'B',
        options: [
          { option: 'B', share: 0.6 },
          { option: 'A', share: 0.3 },
          { option: '未作答', share: 0.1 },
        ],
      },
      { questionNo: '2', answer: null, options: [{ option: 'C', share: 1 }] },
    ];
    expect(optionLetters(items)).toEqual(['A', 'B', 'C', '未作答']);
    const option = optionShareOption(items);
    expect(axisData(option.xAxis)).toEqual(['1（B）', '2']);
    const series = seriesOf(option);
    expect(series.map((s) => s.name)).toEqual(['A', 'B', 'C', '未作答']);
    expect(series.map((s) => s.data)).toEqual([
      [30, 0],
      [60, 0],
      [0, 100],
      [10, 0],
    ]);
    expect(series.every((s) => s.stack === 'options')).toBe(true);
  });

  it('grouped bars: fractions shown in % when asked, like the tables', () => {
    const option = groupedBarOption(['八(1)班'], [{ name: '优秀率', values: [0.12345] }], { percent: true });
    expect(seriesOf(option)[0]?.data).toEqual([12.35]);
    expect((option.yAxis as { max: number }).max).toBe(100);
    const plain = groupedBarOption(['语文'], [{ name: '难度', values: [0.675] }]);
    expect(seriesOf(plain)[0]?.data).toEqual([0.68]);
  });
});
