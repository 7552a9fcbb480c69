import { roundedScore } from '../format.ts';
import type { ChartOption } from './common.ts';
import { PALETTE } from './common.ts';

export interface RadarSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

/** A radar over indicators (courses, usually T scores or 得分率 in %), one polygon per series. */
export function radarOption(
  indicators: ReadonlyArray<{ name: string; max: number; min?: number }>,
  series: readonly RadarSeries[],
  title = '',
): ChartOption {
  return {
    title: title ? { text: title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    color: PALETTE,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, data: series.map((s) => s.name) },
    radar: { indicator: indicators.map((i) => ({ name: i.name, max: i.max, min: i.min ?? 0 })), radius: '65%' },
    series: [
      {
        type: 'radar',
        data: series.map((s) => ({ name: s.name, value: s.values.map((v) => roundedScore(v) ?? 0) })),
      },
    ],
  };
}
