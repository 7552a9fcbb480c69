import type { BlockMonitor } from '@huikao/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Shares per score, so a marker with 300 papers compares with a 题块 of 100,000. */
export function distributionOption(d: BlockMonitor['distribution'], markerId: string | undefined, markerName: string) {
  const share = (counts: number[]) => {
    const all = counts.reduce((s, c) => s + c, 0);
    return counts.map((c) => (all === 0 ? 0 : Math.round((c / all) * 1000) / 10));
  };
  const own = d.markers.find((m) => m.userId === markerId);
  return {
    tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => `${v}%` },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category' as const, name: '分', data: d.bins.map(String) },
    yAxis: { type: 'value' as const, name: '%' },
    series: [
      { name: '题块', type: 'bar' as const, data: share(d.group), itemStyle: { color: '#91caff' } },
      ...(own
        ? [{ name: markerName, type: 'line' as const, data: share(own.counts), itemStyle: { color: '#fa541c' } }]
        : []),
    ],
  };
}

/** The marker's score distribution drawn against the 题块's (marking.md "Quality"). */
export function DistributionChart({ option }: { option: ReturnType<typeof distributionOption> }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={host} role="img" aria-label="得分分布" style={{ height: 300, width: '100%' }} />;
}
