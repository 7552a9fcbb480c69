import type { SummaryFigures } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { formatPercent, formatScore } from '../../format.ts';

/** The basic figures of a population (analysis-definitions.md "Basic"), as columns over rows carrying a summary. */
export function summaryColumns<Row>(
  summaryOf: (row: Row) => SummaryFigures | null,
  options: { rates?: 'all' | 'main'; quartiles?: boolean } = {},
): TableColumnsType<Row> {
  const score = (title: string, pick: (s: SummaryFigures) => number) => ({
    title,
    key: title,
    align: 'right' as const,
    render: (_: unknown, row: Row) => {
      const summary = summaryOf(row);
      return summary ? formatScore(pick(summary)) : '—';
    },
  });
  const rate = (title: string, pick: (s: SummaryFigures) => number) => ({
    title,
    key: title,
    align: 'right' as const,
    render: (_: unknown, row: Row) => {
      const summary = summaryOf(row);
      return summary ? formatPercent(pick(summary)) : '—';
    },
  });
  const columns: TableColumnsType<Row> = [
    score('参考人数', (s) => s.count),
    score('缺考人数', (s) => s.absent),
    score('平均分', (s) => s.mean),
    score('最高分', (s) => s.max),
    score('最低分', (s) => s.min),
    score('标准差', (s) => s.sd),
    rate('得分率(难度)', (s) => s.scoreRate),
    rate('优秀率', (s) => s.excellentRate),
    ...(options.rates === 'main' ? [] : [rate('良好率', (s) => s.goodRate), rate('良好段占比', (s) => s.goodBandRate)]),
    rate('及格率', (s) => s.passRate),
    rate('低分率', (s) => s.lowRate),
  ];
  if (options.quartiles) {
    columns.push(
      score('下四分位数', (s) => s.q1),
      score('中位数', (s) => s.median),
      score('上四分位数', (s) => s.q3),
    );
  }
  return columns;
}
