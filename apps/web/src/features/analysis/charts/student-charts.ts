import type { StudentReport } from '@huikao/contracts';
import type { KnowledgeLossRow, QuestionRow } from '../components/student/student-report-model.ts';
import { formatPercent, formatSegment, roundedPercent, roundedScore } from '../format.ts';
import { BASE_GRID, type ChartOption, categoryAxis, PALETTE } from './common.ts';
import { groupedBarOption } from './grouped-bar.ts';
import { radarOption } from './radar.ts';
import { trendOption } from './trend.ts';

// The student screens' charts (student-subject-analysis, student-single-analysis): the shared
// builders fed with the student's figures, rounded through format.ts as the tables show them.

/** The grade mean's T, drawn as the reference ring of the radar. */
export const MEAN_T = 50;

/**
 * T scores across courses (radar). Courses the student was absent from (no T) are left out: a radar
 * point at 0 would read as a real result. The ring at T = 50 is the grade mean.
 */
export function studentRadarOption(subjects: StudentReport['subjects']): ChartOption {
  const sat = subjects.filter((subject) => roundedScore(subject.t) !== null);
  const values = sat.map((subject) => roundedScore(subject.t) as number);
  // T is centred on 50 with SD 10: 20–80 holds almost everyone; widen to fit an outlier.
  const max = Math.max(80, ...values.map((value) => Math.ceil(value / 10) * 10));
  const min = Math.min(20, ...values.map((value) => Math.floor(value / 10) * 10));
  return radarOption(
    sat.map((subject) => ({ name: subject.subject.name, min, max })),
    [
      { name: '我的T分数', values },
      { name: '年级平均(T=50)', values: sat.map(() => MEAN_T) },
    ],
  );
}

/** The total's T over the student's exams (in the order the server sends them: by date). */
export function studentTTrendOption(trend: StudentReport['trend']): ChartOption {
  return trendOption(
    trend.map((point) => point.name),
    [{ name: '总分T分数', values: trend.map((point) => point.t) }],
    { yName: 'T分数' },
  );
}

/**
 * The student's position over exams as far as it is disclosed: the grade rank (1 on top) when the
 * server sends ranks, else the share of the grade beaten (%); null when neither is disclosed.
 */
export function studentPositionTrendOption(trend: StudentReport['trend']): ChartOption | null {
  const names = trend.map((point) => point.name);
  if (trend.some((point) => point.gradeRank !== null)) {
    return trendOption(names, [{ name: '年级名次', values: trend.map((point) => point.gradeRank) }], {
      yName: '年级名次',
      rank: true,
    });
  }
  if (trend.some((point) => point.beat !== null)) {
    return trendOption(names, [{ name: '超过的同学(%)', values: trend.map((point) => roundedPercent(point.beat)) }], {
      yName: '%',
    });
  }
  return null;
}

/** Each question: the student's score beside the class and grade means. */
export function questionScoresOption(rows: readonly QuestionRow[]): ChartOption {
  return groupedBarOption(
    rows.map((row) => row.questionNo),
    [
      { name: '我的得分', values: rows.map((row) => row.score) },
      { name: '班级平均', values: rows.map((row) => row.classMean) },
      { name: '年级平均', values: rows.map((row) => row.gradeMean) },
    ],
    { yName: '分数' },
  );
}

/**
 * Points lost per knowledge point where the student lost any, in the table's order (the biggest
 * loss on top); the names read horizontally however many there are.
 */
export function lostByKnowledgeOption(rows: readonly KnowledgeLossRow[]): ChartOption {
  const lost = rows.filter((row) => row.lost > 0);
  const option = groupedBarOption(
    lost.map((row) => row.name),
    [{ name: '失分', values: lost.map((row) => row.lost) }],
    { yName: '失分', horizontal: true },
  );
  return { ...option, yAxis: { ...(option.yAxis as object), axisLabel: { interval: 0, rotate: 0 } } };
}

export interface StudentSegment {
  low: number;
  high: number;
  closedTop: boolean;
  count: number;
  share: number;
  mine: boolean;
}

/** The course's score segments from low to high (the table lists them from the top), the student's own one marked. */
export function studentSegmentsOption(segments: readonly StudentSegment[]): ChartOption {
  const ascending = [...segments].sort((a, b) => a.low - b.low);
  return {
    color: PALETTE,
    grid: BASE_GRID,
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [point] = params as Array<{ dataIndex: number }>;
        const segment = ascending[point?.dataIndex ?? 0];
        if (!segment) return '';
        const mine = segment.mine ? '（我在此段）' : '';
        return `${formatSegment(segment)}${mine}<br/>人数 ${segment.count}，占比 ${formatPercent(segment.share)}`;
      },
    },
    xAxis: { ...categoryAxis(ascending.map(formatSegment)), name: '分数段' },
    yAxis: { type: 'value', name: '人数', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: '人数',
        data: ascending.map((segment) => ({
          value: segment.count,
          itemStyle: segment.mine ? { color: PALETTE[7] } : undefined,
        })),
        label: { show: true, position: 'top' },
      },
    ],
  };
}
