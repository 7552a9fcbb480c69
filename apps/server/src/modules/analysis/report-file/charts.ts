import type { OverviewReport, SegmentRow, SubjectsReport } from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import * as echarts from 'echarts';
import sharp from 'sharp';
import { useProjectFonts } from '../../../platform/fonts.ts';

// The report summary's charts: ECharts rendered on the server to SVG (its SSR mode, no DOM), then
// to PNG with sharp, since Word shows PNG everywhere and SVG only in recent versions. The text is in
// the report's own fonts, 黑体 titles over 宋体 labels, which the project's fonts.conf maps to the
// Noto CJK fonts (platform/fonts.ts; .ci/run installs fonts-noto-cjk).

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;
const FONT = '宋体, serif';
const TITLE_FONT = '黑体, sans-serif';

export async function chartPng(option: echarts.EChartsCoreOption): Promise<Buffer> {
  useProjectFonts();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    chart.setOption({ animation: false, backgroundColor: '#ffffff', textStyle: { fontFamily: FONT }, ...option });
    return await sharp(Buffer.from(chart.renderToSVGString()), { density: 144 })
      .resize(CHART_WIDTH * 2, CHART_HEIGHT * 2)
      .png()
      .toBuffer();
  } finally {
    chart.dispose();
  }
}

const title = (text: string) => ({ text, left: 'center', textStyle: { fontFamily: TITLE_FONT, fontSize: 16 } });
const grid = { left: 56, right: 24, top: 56, bottom: 48 };

/** 总分分数段: students per segment, lowest segment on the left. */
export function segmentsChart(segments: readonly SegmentRow[], step: number) {
  const rows = [...segments].reverse();
  return chartPng({
    title: title(`总分分数段分布（步长${step}分）`),
    grid,
    xAxis: {
      type: 'category',
      data: rows.map((s) => `${s.low}-${s.high}`),
      axisLabel: { fontFamily: FONT, interval: 0, rotate: rows.length > 10 ? 45 : 0 },
    },
    yAxis: { type: 'value', name: '人数', minInterval: 1, nameTextStyle: { fontFamily: FONT } },
    series: [{ type: 'bar', data: rows.map((s) => s.count), label: { show: true, position: 'top' } }],
  });
}

/** 各班总分平均分 against the grade's mean. */
export function classMeansChart(grade: OverviewReport) {
  const units = grade.units.filter((u) => u.summary);
  const gradeMean = roundHalfUp(grade.summary?.mean ?? 0);
  return chartPng({
    title: title('各班总分平均分'),
    grid,
    xAxis: { type: 'category', data: units.map((u) => u.scope.name), axisLabel: { fontFamily: FONT, interval: 0 } },
    yAxis: { type: 'value', name: '平均分', nameTextStyle: { fontFamily: FONT } },
    series: [
      {
        type: 'bar',
        data: units.map((u) => roundHalfUp(u.summary!.mean)),
        label: { show: true, position: 'top' },
        markLine: {
          symbol: 'none',
          data: [{ yAxis: gradeMean, name: '年级平均' }],
          label: { formatter: `年级平均 ${gradeMean}`, position: 'insideEndTop', fontFamily: FONT },
        },
      },
    ],
  });
}

/** 各学科得分率 (percent). */
export function subjectRatesChart(subjects: SubjectsReport['subjects']) {
  const rows = subjects.filter((s) => s.summary);
  return chartPng({
    title: title('各学科得分率（%）'),
    grid,
    xAxis: { type: 'category', data: rows.map((s) => s.subject.name), axisLabel: { fontFamily: FONT, interval: 0 } },
    yAxis: { type: 'value', max: 100, name: '%', nameTextStyle: { fontFamily: FONT } },
    series: [
      {
        type: 'bar',
        data: rows.map((s) => roundHalfUp(s.summary!.scoreRate * 100)),
        label: { show: true, position: 'top' },
      },
    ],
  });
}
