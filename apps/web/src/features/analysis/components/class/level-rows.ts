import type { LevelsReport } from '@huikao/contracts';

// class-level-analysis and class-single-level-analysis: the class's students per grade-rank band
// (top 10 %, 10–30 % …) now and in the previous exam of the grade (findLevelsReport).

export interface LevelBandRow {
  band: string;
  count: number;
  /** Share of the class's ranked students in the band. */
  share: number | null;
  previousCount: number | null;
  /** count − previousCount; positive: more students in the band than before. */
  change: number | null;
}

/** The class's unit of the report (the server may answer with the class alone or every class). */
export function classUnit(report: LevelsReport, classId: string): LevelsReport['units'][number] | undefined {
  return report.units.find((unit) => unit.scope.kind === 'class' && unit.scope.id === classId);
}

export function levelBands(report: LevelsReport, classId: string): LevelBandRow[] {
  const unit = classUnit(report, classId);
  if (!unit) return [];
  const total = unit.counts.reduce((sum, count) => sum + count, 0);
  return report.bands.map((band, index) => {
    const count = unit.counts[index] ?? 0;
    const previousCount = unit.previousCounts ? (unit.previousCounts[index] ?? 0) : null;
    return {
      band,
      count,
      share: total > 0 ? count / total : null,
      previousCount,
      change: previousCount === null ? null : count - previousCount,
    };
  });
}

/**
 * How the bands moved, in words: the top bands gaining students is progress. Compares the students
 * in the upper half of the bands (前10% … 30%–50%) now and before.
 */
export function bandsVerdict(rows: readonly LevelBandRow[]): string | null {
  if (rows.length === 0 || rows.some((row) => row.previousCount === null)) return null;
  const upper = rows.slice(0, Math.ceil(rows.length / 2));
  const change = upper.reduce((sum, row) => sum + (row.change ?? 0), 0);
  const named = upper.map((row) => row.band).join('、');
  if (change > 0) return `${named}的学生比上次多 ${change} 人`;
  if (change < 0) return `${named}的学生比上次少 ${-change} 人`;
  return `${named}的学生人数与上次相同`;
}
