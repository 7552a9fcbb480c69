import type { TrendReport } from '@huikao/contracts';

// trend-analysis (findTrendReport): the class's and a chosen student's figures over the grade's
// exams, oldest first as the report lists them.

type Point = TrendReport['units'][number]['points'][number];
type StudentPoint = NonNullable<TrendReport['student']>['points'][number];

/** One exam's line of trend-analysis: the class, and the chosen student when there is one. */
export interface ClassTrendRow {
  meId: string;
  examName: string;
  startDate: string;
  mean: number | null;
  overMeanRate: number | null;
  tScore: number | null;
  rank: number | null;
  studentScore: number | null;
  studentClassRank: number | null;
  studentGradeRank: number | null;
  studentT: number | null;
}

/** The class's unit of a trend report: the one with the id, else the only one. */
export function trendUnit(report: TrendReport, classId: string | undefined) {
  return (
    report.units.find((unit) => unit.scope.id === classId) ?? (report.units.length === 1 ? report.units[0] : undefined)
  );
}

export function classTrendRows(report: TrendReport, classId: string | undefined): ClassTrendRow[] {
  const unit = trendUnit(report, classId);
  return report.exams.map((exam, index) => {
    const point: Point | undefined = unit?.points[index] ?? undefined;
    const mine: StudentPoint | undefined = report.student?.points[index] ?? undefined;
    return {
      meId: exam.meId,
      examName: exam.name,
      startDate: exam.startDate,
      mean: point?.mean ?? null,
      overMeanRate: point?.overMeanRate ?? null,
      tScore: point?.tScore ?? null,
      rank: point?.rank ?? null,
      studentScore: mine?.score ?? null,
      studentClassRank: mine?.classRank ?? null,
      studentGradeRank: mine?.gradeRank ?? null,
      studentT: mine?.t ?? null,
    };
  });
}
