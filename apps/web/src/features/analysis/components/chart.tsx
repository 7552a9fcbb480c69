import { BarChart, BoxplotChart, HeatmapChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';
import type { ChartOption } from '../charts/common.ts';

// Only the charts and components the reports use (a small bundle). The SVG renderer prints sharply
// in the print view and scales with the page.
echarts.use([
  BarChart,
  BoxplotChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export interface ChartProps {
  /** Built by a pure function of charts/ from the same figures the page's table shows. */
  option: ChartOption;
  height?: number;
  /** Names the chart for assistive technology and tests. */
  label: string;
  style?: CSSProperties;
}

/** An ECharts chart that follows its container's size and is disposed with the component. */
export function Chart({ option, height = 320, label, style }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'svg' });
    instance.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    // Printing lays the page out at the paper's width: redraw at that size, and back afterwards.
    const resize = () => chart.resize();
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
      chart.dispose();
      instance.current = null;
    };
  }, []);

  useEffect(() => {
    instance.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={host}
      role="img"
      aria-label={label}
      data-testid={`chart-${label}`}
      className="analysis-chart"
      style={{ width: '100%', height, breakInside: 'avoid', ...style }}
    />
  );
}
