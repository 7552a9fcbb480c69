import { cellRate, type ScoreHeatmap } from '../components/class/heatmap-rows.ts';
import { roundedPercent, roundedScore } from '../format.ts';
import type { ChartOption } from './common.ts';

// The heat map of class-single-question-analysis: students down, questions across. Unlike the
// generic heat-map.ts (colour = the value shown), each cell is coloured by the share of the
// question's full mark scored, so questions of different full marks compare, and labelled with
// the score itself, rounded as the table beside it.

/** One heat-map cell: [question index, student index, 得分率 %, score]. */
export type HeatCell = [number, number, number | null, number | null];

export function heatmapCells(map: ScoreHeatmap): HeatCell[] {
  return map.students.flatMap((student, row) =>
    map.questions.map((question, column): HeatCell => {
      const score = student.scores[column] ?? null;
      return [column, row, roundedPercent(cellRate(score, question.fullMark)), roundedScore(score)];
    }),
  );
}

export function scoreHeatmapOption(map: ScoreHeatmap): ChartOption {
  const height = heatmapHeight(map);
  return {
    tooltip: {
      position: 'top',
      formatter: (params) => {
        const { value } = params as unknown as { value: HeatCell };
        const student = map.students[value[1]];
        const question = map.questions[value[0]];
        if (!student || !question) return '';
        const score = value[3] === null ? '未评分' : `${value[3]} / ${question.fullMark}`;
        return `${student.name}　第${question.questionNo}题<br/>${score}`;
      },
    },
    grid: { top: 30, left: 90, right: 30, height: height - 130 },
    xAxis: {
      type: 'category',
      data: map.questions.map((question) => question.questionNo),
      splitArea: { show: true },
      axisLabel: { interval: 0 },
    },
    yAxis: {
      type: 'category',
      data: map.students.map((student) => student.name),
      inverse: true,
      splitArea: { show: true },
      axisLabel: { interval: 0 },
    },
    visualMap: {
      min: 0,
      max: 100,
      dimension: 2,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemHeight: 120,
      text: ['得分率 100%', '0%'],
      inRange: { color: ['#f5222d', '#fadb14', '#52c41a'] },
    },
    series: [
      {
        name: '得分',
        type: 'heatmap',
        data: heatmapCells(map),
        label: { show: map.questions.length <= 30, formatter: (params) => String((params.value as HeatCell)[3] ?? '') },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
}

/** The chart's height in pixels: 22 px a student, and room for the question numbers and the colour scale. */
export function heatmapHeight(map: ScoreHeatmap): number {
  return Math.max(270, map.students.length * 22 + 130);
}
