import { roundedScore } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

export interface TrendSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

/**
 * Lines over exams (T scores, means or ranks). Ranks draw with the axis inverted (1 on top), and a
 * missing point (not in that exam) leaves a gap rather than a zero.
 */
export function trendOption(
  exams: readonly string[],
  series: readonly TrendSeries[],
  options: { title?: string; yName?: string; rank?: boolean } = {},
): ChartOption {
  return {
    title: options.title ? { text: options.title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    color: PALETTE,
    grid: { ...BASE_GRID, bottom: 64 },
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll', data: series.map((s) => s.name) },
    // Exam names are long: each wraps within its share of the axis instead of overlapping the next.
    xAxis: {
      ...categoryAxis(exams),
      axisLabel: { interval: 0, width: Math.max(60, Math.floor(480 / Math.max(1, exams.length))), overflow: 'break' },
    },
    yAxis: {
      type: 'value',
      name: options.yName,
      inverse: options.rank === true,
      minInterval: options.rank ? 1 : undefined,
      min: options.rank ? 1 : undefined,
      scale: !options.rank,
    },
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.name,
      connectNulls: false,
      data: s.values.map((v) => roundedScore(v)),
    })),
  };
}
