import { roundedScore } from '../format.ts';
import type { ChartOption } from './common.ts';

export interface HeatCell {
  x: number;
  y: number;
  value: number | null;
}

/** A heat map (e.g. each student's score per question, or score rates): columns × rows, colour by value. */
export function heatMapOption(
  columns: readonly string[],
  rows: readonly string[],
  cells: readonly HeatCell[],
  options: { title?: string; min?: number; max: number; valueName?: string },
): ChartOption {
  return {
    title: options.title ? { text: options.title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { position: 'top' },
    grid: { left: 96, right: 24, top: 48, bottom: 72, containLabel: true },
    xAxis: { type: 'category', data: [...columns], splitArea: { show: true } },
    yAxis: { type: 'category', data: [...rows], splitArea: { show: true } },
    visualMap: {
      min: options.min ?? 0,
      max: options.max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#f5222d', '#faad14', '#52c41a'] },
    },
    series: [
      {
        type: 'heatmap',
        name: options.valueName ?? '得分',
        data: cells.map((cell) => [cell.x, cell.y, roundedScore(cell.value) ?? '-']),
        label: { show: columns.length * rows.length <= 400 },
      },
    ],
  };
}
