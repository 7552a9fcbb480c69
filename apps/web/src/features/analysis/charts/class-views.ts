import type { StudentRow, TrendReport } from '@huikao/contracts';
import type { criticalCounts, MoverRow } from '../components/class/attention-rows.ts';
import type { LevelBandRow } from '../components/class/level-rows.ts';
import { trendUnit } from '../components/class/trend-rows.ts';
import type { ChartOption } from './common.ts';
import { type BarSeries, groupedBarOption } from './grouped-bar.ts';
import { type TrendSeries, trendOption } from './trend.ts';

// The class views' other charts, on the shared builders: the same counts, changes and scores as
// the tables beside them.

/** The class's students per grade-rank band, this exam beside the previous one. */
export function levelBandsOption(rows: readonly LevelBandRow[], previousName: string | null): ChartOption {
  const series: BarSeries[] = [{ name: '本次', values: rows.map((row) => row.count) }];
  if (previousName !== null && rows.some((row) => row.previousCount !== null)) {
    series.push({ name: previousName, values: rows.map((row) => row.previousCount) });
  }
  return groupedBarOption(
    rows.map((row) => row.band),
    series,
    { title: '年级名次段人数', yName: '人数' },
  );
}

/** Critical students of the class per line, above and below it. */
export function criticalCountsOption(counts: ReturnType<typeof criticalCounts>): ChartOption {
  return groupedBarOption(
    counts.map((line) => line.lineName),
    [
      { name: '线上临界', values: counts.map((line) => line.above) },
      { name: '线下临界', values: counts.map((line) => line.below) },
    ],
    { title: '临界生人数', yName: '人数' },
  );
}

/** Rank changes of the class's risers (positive) then fallers (negative), as the tables list them. */
export function moversOption(rising: readonly MoverRow[], falling: readonly MoverRow[]): ChartOption {
  const rows = [...rising, ...falling];
  return groupedBarOption(
    rows.map((row) => row.name),
    [{ name: '名次变化', values: rows.map((row) => row.change) }],
    { title: '进退步（年级名次变化）', horizontal: true },
  );
}

/** Each present student's score in one subject, in the table's order. */
export function studentScoresOption(rows: readonly StudentRow[], subjectKey: string, subjectName: string): ChartOption {
  const present = rows.filter((row) => typeof row.subjects[subjectKey]?.score === 'number');
  return groupedBarOption(
    present.map((row) => row.name),
    [{ name: subjectName, values: present.map((row) => row.subjects[subjectKey]?.score ?? null) }],
    { title: `${subjectName}成绩`, yName: '分数' },
  );
}

/** One line per unit (class) of a trend report: a figure over the report's exams. */
export function unitSeries(report: TrendReport, figure: 'mean' | 'overMeanRate' | 'tScore' | 'rank'): TrendSeries[] {
  return report.units.map((unit) => ({
    name: unit.scope.name,
    values: report.exams.map((_, index) => unit.points[index]?.[figure] ?? null),
  }));
}

/**
 * Fractions (超均率, shares) as percentages on an axis that fits them: the shared builders round the
 * value they are given to 2 decimals, so the percentage is rounded exactly as formatPercent rounds
 * it in the table.
 */
export function percentSeries(series: TrendSeries): TrendSeries {
  return { name: series.name, values: series.values.map((value) => (value === null ? null : value * 100)) };
}

/** T over the exams: the class T and, when a student is chosen, the student's T (one scale). */
export function classTrendOption(report: TrendReport, classId: string | undefined): ChartOption {
  const unit = trendUnit(report, classId);
  const series: TrendSeries[] = unit
    ? [{ name: `${unit.scope.name}班级T`, values: report.exams.map((_, index) => unit.points[index]?.tScore ?? null) }]
    : [];
  const student = report.student;
  if (student) {
    series.push({
      name: `${student.name}T分`,
      values: report.exams.map((_, index) => student.points[index]?.t ?? null),
    });
  }
  return trendOption(
    report.exams.map((exam) => exam.name),
    series,
    { title: 'T分趋势', yName: 'T' },
  );
}

/** Ranks over the exams, 1 on top: the class among the classes, or the student in the grade. */
export function rankTrendOption(
  report: TrendReport,
  classId: string | undefined,
  who: 'class' | 'student',
): ChartOption {
  const names = report.exams.map((exam) => exam.name);
  if (who === 'student') {
    const student = report.student;
    const values = report.exams.map((_, index) => student?.points[index]?.gradeRank ?? null);
    return trendOption(names, student ? [{ name: `${student.name}年级名次`, values }] : [], {
      title: '学生年级名次趋势',
      yName: '名次',
      rank: true,
    });
  }
  const unit = trendUnit(report, classId);
  const values = report.exams.map((_, index) => unit?.points[index]?.rank ?? null);
  return trendOption(names, unit ? [{ name: `${unit.scope.name}班级名次`, values }] : [], {
    title: '班级名次趋势',
    yName: '名次',
    rank: true,
  });
}
