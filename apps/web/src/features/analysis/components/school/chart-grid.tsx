import { Col, Row } from 'antd';
import type { ChartOption } from '../../charts/common.ts';
import { Chart } from '../chart.tsx';

export interface GridChart {
  option: ChartOption;
  /** Names the chart (assistive technology, tests). */
  label: string;
  height?: number;
  /** Take the whole width (many categories: every class of every school). */
  wide?: boolean;
}

/** A report table's charts, two to a row on wide screens; null entries (nothing to draw) are skipped. */
export function ChartGrid({ charts }: { charts: readonly (GridChart | null)[] }) {
  const shown = charts.filter((chart): chart is GridChart => chart !== null);
  if (shown.length === 0) return null;
  return (
    <Row gutter={16}>
      {shown.map((chart) => (
        <Col key={chart.label} xs={24} xl={chart.wide || shown.length === 1 ? 24 : 12}>
          <Chart option={chart.option} label={chart.label} height={chart.height} />
        </Col>
      ))}
    </Row>
  );
}
