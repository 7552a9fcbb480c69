import type { EChartsOption } from 'echarts';

// Shared pieces of the report charts' options. Every builder in charts/ is pure: it takes the
// report's figures and rounds them with format.ts, so a chart shows exactly the table's numbers.

export type ChartOption = EChartsOption;

/** The platform's series colours (antd's palette), in order. */
export const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

export const BASE_GRID = { left: 48, right: 24, top: 48, bottom: 48, containLabel: true } as const;

/** Long category labels (class names, question numbers) rotate when there are many. */
export function categoryAxis(labels: readonly string[]) {
  return {
    type: 'category' as const,
    data: [...labels],
    axisLabel: { interval: 0, rotate: labels.length > 12 ? 45 : 0 },
  };
}
