import { formatScore, roundedScore } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

export interface UnitMean {
  name: string;
  mean: number | null;
}

/** Each class's (or school's) mean as bars, with the parent's mean (年级平均分) as a line across. */
export function classMeansOption(
  units: readonly UnitMean[],
  parentMean: number | null,
  options: { title?: string; parentName?: string } = {},
): ChartOption {
  const parent = roundedScore(parentMean);
  const parentName = options.parentName ?? '年级';
  return {
    title: { text: options.title ?? '平均分对比', left: 'center', textStyle: { fontSize: 14 } },
    color: PALETTE,
    grid: BASE_GRID,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, data: ['平均分', `${parentName}平均分`] },
    xAxis: categoryAxis(units.map((unit) => unit.name)),
    yAxis: { type: 'value', name: '平均分' },
    series: [
      {
        type: 'bar',
        name: '平均分',
        data: units.map((unit) => roundedScore(unit.mean)),
        label: { show: units.length <= 16, position: 'top' },
      },
      {
        type: 'line',
        name: `${parentName}平均分`,
        data: units.map(() => parent),
        symbol: 'none',
        lineStyle: { type: 'dashed' },
        tooltip: { valueFormatter: (value: unknown) => formatScore(value as number | null) },
      },
    ],
  };
}
