import type { OverviewReport, SegmentRow, SubjectRef, SummaryFigures } from '@huikao/contracts';

// Table rows of class-analysis and class-whole-analysis: a class against its school grade. Figures
// stay at full precision here; tables and charts round them through format.ts, so both show the
// same numbers.

/** One population's line of the 班级 vs 年级 table. */
export interface PopulationRow {
  key: 'class' | 'grade';
  label: string;
  summary: SummaryFigures | null;
  /** The class's 超均率, class T and rank among classes; null on the grade's line. */
  overMeanRate: number | null;
  tScore: number | null;
  rank: number | null;
  /** How many classes the rank is among (null when unknown). */
  rankOf: number | null;
}

/**
 * The class line and the grade line of one subject. `classCount`: how many classes sat the exam (the
 * grade report lists only the classes the caller may read, so it cannot tell).
 */
export function classAgainstGrade(
  classReport: OverviewReport,
  gradeReport: OverviewReport | undefined,
  classCount: number | null,
): PopulationRow[] {
  const rows: PopulationRow[] = [
    {
      key: 'class',
      label: classReport.scope.name,
      summary: classReport.summary,
      overMeanRate: classReport.overMeanRate,
      tScore: classReport.tScore,
      rank: classReport.rank,
      rankOf: classCount,
    },
  ];
  if (gradeReport) {
    rows.push({
      key: 'grade',
      label: gradeReport.scope.name,
      summary: gradeReport.summary,
      overMeanRate: null,
      tScore: null,
      rank: null,
      rankOf: null,
    });
  }
  return rows;
}

/** One score segment of the class beside the same segment of the grade. */
export interface SegmentCompareRow {
  low: number;
  high: number;
  closedTop: boolean;
  classCount: number;
  classCumulative: number;
  classShare: number;
  gradeCount: number | null;
  gradeCumulative: number | null;
  gradeShare: number | null;
}

/**
 * The class's segments of one width beside the grade's (same intervals, listed from the top). A
 * width the report lacks gives no rows.
 */
export function segmentsAgainstGrade(
  classReport: OverviewReport,
  gradeReport: OverviewReport | undefined,
  step: number,
): SegmentCompareRow[] {
  const own = classReport.segments[String(step)] ?? [];
  const grade = new Map<number, SegmentRow>((gradeReport?.segments[String(step)] ?? []).map((row) => [row.low, row]));
  return own.map((row) => {
    const other = gradeReport ? grade.get(row.low) : undefined;
    return {
      low: row.low,
      high: row.high,
      closedTop: row.closedTop,
      classCount: row.count,
      classCumulative: row.cumulative,
      classShare: row.share,
      gradeCount: other?.count ?? null,
      gradeCumulative: other?.cumulative ?? null,
      gradeShare: other?.share ?? null,
    };
  });
}

/** A class of the grade in the ranking among classes. */
export interface ClassRankRow {
  classId: string;
  name: string;
  count: number | null;
  mean: number | null;
  overMeanRate: number | null;
  tScore: number | null;
  rank: number | null;
  /** The class the page is about. */
  mine: boolean;
}

/** Every class of the grade by rank (then name), the page's class marked. */
export function classRanking(gradeReport: OverviewReport, classId: string): ClassRankRow[] {
  return gradeReport.units
    .filter((unit) => unit.scope.kind === 'class')
    .map((unit) => ({
      classId: unit.scope.id,
      name: unit.scope.name,
      count: unit.summary?.count ?? null,
      mean: unit.summary?.mean ?? null,
      overMeanRate: unit.overMeanRate,
      tScore: unit.tScore,
      rank: unit.rank,
      mine: unit.scope.id === classId,
    }))
    .sort(
      (a, b) =>
        (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
        a.name.localeCompare(b.name, 'zh-CN', { numeric: true }),
    );
}

/** One subject's line of the "each course" table: the class's figures with the grade mean beside. */
export interface SubjectCompareRow {
  subject: SubjectRef;
  count: number | null;
  absent: number | null;
  mean: number | null;
  gradeMean: number | null;
  max: number | null;
  min: number | null;
  scoreRate: number | null;
  excellentRate: number | null;
  goodRate: number | null;
  passRate: number | null;
  lowRate: number | null;
  overMeanRate: number | null;
  tScore: number | null;
  rank: number | null;
}

/**
 * The class in every subject it has a report of, in the exam's subject order (总分 first). The
 * grade mean is the grade report's when it was read, otherwise null (never derived here).
 */
export function subjectsOfClass(
  subjects: readonly SubjectRef[],
  classReports: ReadonlyMap<string, OverviewReport>,
  gradeReports: ReadonlyMap<string, OverviewReport> = new Map(),
): SubjectCompareRow[] {
  return subjects.flatMap((subject) => {
    const report = classReports.get(subject.subjectKey);
    if (!report) return [];
    const summary = report.summary;
    return [
      {
        subject,
        count: summary?.count ?? null,
        absent: summary?.absent ?? null,
        mean: summary?.mean ?? null,
        gradeMean: gradeReports.get(subject.subjectKey)?.summary?.mean ?? null,
        max: summary?.max ?? null,
        min: summary?.min ?? null,
        scoreRate: summary?.scoreRate ?? null,
        excellentRate: summary?.excellentRate ?? null,
        goodRate: summary?.goodRate ?? null,
        passRate: summary?.passRate ?? null,
        lowRate: summary?.lowRate ?? null,
        overMeanRate: report.overMeanRate,
        tScore: report.tScore,
        rank: report.rank,
      },
    ];
  });
}
