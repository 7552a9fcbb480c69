import { roundedPercent, roundedScore } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

export interface BarSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

/**
 * Bars per category, one colour per series (classes' rates, courses' difficulty …). `percent`:
 * the values are fractions drawn in % on a 0–100 axis, as the tables show them.
 */
export function groupedBarOption(
  categories: readonly string[],
  series: readonly BarSeries[],
  options: { title?: string; yName?: string; percent?: boolean; horizontal?: boolean } = {},
): ChartOption {
  const shown = (value: number | null) => (options.percent ? roundedPercent(value) : roundedScore(value));
  const valueAxis = {
    type: 'value' as const,
    name: options.yName ?? (options.percent ? '%' : undefined),
    max: options.percent ? 100 : undefined,
  };
  const category = categoryAxis(categories);
  return {
    title: options.title ? { text: options.title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    color: PALETTE,
    grid: { ...BASE_GRID, bottom: 64 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? (options.percent ? `${value.toFixed(2)}%` : String(value)) : '—',
    },
    legend: { bottom: 0, type: 'scroll', data: series.map((s) => s.name) },
    xAxis: options.horizontal ? valueAxis : category,
    yAxis: options.horizontal ? { ...category, inverse: true } : valueAxis,
    series: series.map((s) => ({ type: 'bar' as const, name: s.name, data: s.values.map(shown) })),
  };
}
