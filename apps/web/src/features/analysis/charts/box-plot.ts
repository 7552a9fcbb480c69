import type { SummaryFigures } from '@huikao/contracts';
import { roundedScore } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

export interface UnitSummary {
  name: string;
  summary: Pick<SummaryFigures, 'min' | 'q1' | 'median' | 'q3' | 'max'> | null;
}

/** The five figures of a box, rounded as displayed: [min, Q1, median, Q3, max]. */
export function boxOf(summary: UnitSummary['summary']): number[] | null {
  if (!summary) return null;
  const values = [summary.min, summary.q1, summary.median, summary.q3, summary.max].map((v) => roundedScore(v));
  return values.every((value) => value !== null) ? (values as number[]) : null;
}

/** A box plot per class (or school) from its summary's quartiles (no raw scores needed). */
export function boxPlotOption(units: readonly UnitSummary[], title = '成绩分布箱线图'): ChartOption {
  const labels = ['最低分', '下四分位数', '中位数', '上四分位数', '最高分'];
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    color: PALETTE,
    grid: BASE_GRID,
    tooltip: {
      trigger: 'item',
      formatter: (param: unknown) => {
        const { name, value } = param as { name: string; value: number[] };
        // ECharts puts the category index first in a box's value.
        const figures = value.length === 6 ? value.slice(1) : value;
        return [name, ...figures.map((figure, i) => `${labels[i]}：${figure}`)].join('<br/>');
      },
    },
    xAxis: categoryAxis(units.map((unit) => unit.name)),
    yAxis: { type: 'value', name: '分数' },
    series: [{ type: 'boxplot', name: '分数', data: units.map((unit) => boxOf(unit.summary) ?? []) }],
  };
}
