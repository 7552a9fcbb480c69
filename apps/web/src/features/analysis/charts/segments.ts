import type { SegmentRow } from '@huikao/contracts';
import { formatPercent, formatSegment, roundedPercent } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';

/**
 * 分数段 bar chart: count per segment from the lowest to the highest (the table lists them from the
 * top), with each bar's share in the tooltip.
 */
export function segmentsBarOption(segments: readonly SegmentRow[], title = '分数段分布'): ChartOption {
  const ascending = [...segments].sort((a, b) => a.low - b.low);
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    color: PALETTE,
    grid: BASE_GRID,
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [point] = params as Array<{ dataIndex: number }>;
        const segment = ascending[point?.dataIndex ?? 0];
        return segment
          ? `${formatSegment(segment)}<br/>人数 ${segment.count}，占比 ${formatPercent(segment.share)}`
          : '';
      },
    },
    xAxis: categoryAxis(ascending.map(formatSegment)),
    yAxis: { type: 'value', name: '人数', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: '人数',
        data: ascending.map((segment) => segment.count),
        label: { show: ascending.length <= 20, position: 'top' },
      },
    ],
  };
}

/** The shares (in %) the segments chart's tooltips show, lowest segment first (for tests and tables). */
export function segmentShares(segments: readonly SegmentRow[]): Array<number | null> {
  return [...segments].sort((a, b) => a.low - b.low).map((segment) => roundedPercent(segment.share));
}
