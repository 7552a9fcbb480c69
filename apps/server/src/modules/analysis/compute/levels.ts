import { type LevelsReport, RANK_BANDS, type ScopeRef } from '@huikao/contracts';
import { bandOfRank } from '@huikao/stats';
import type { RunData } from '../load/model.ts';
import type { StudentFigures } from './students.ts';
import { classRef, type SubjectView } from './views.ts';

// 分层分析 of a school grade: each class's students per grade-rank band (top 10 %, 10–30 % …),
// now and in the previous exam. Previous counts are of the class's students today who were
// ranked in that subject then, banded by their previous grade rank among that exam's N.

const SHARES = RANK_BANDS.map((b) => b.upTo);

export function levelsDocument(
  run: RunData,
  scope: ScopeRef,
  view: SubjectView,
  figures: StudentFigures,
): LevelsReport {
  const n = figures.top.scores.length;
  const counts = run.classes.map(() => new Array<number>(SHARES.length).fill(0));
  for (const i of figures.top.index) {
    counts[run.classOf[i]!]![bandOfRank(figures.gradeRank[i]!, n, SHARES)]!++;
  }
  const previous = run.previous;
  const previousN = previous?.counts.get(view.key) ?? 0;
  const previousCounts =
    previous === null || previousN === 0 ? null : run.classes.map(() => new Array<number>(SHARES.length).fill(0));
  if (previousCounts !== null) {
    for (const i of figures.top.index) {
      const rank = previous!.ranks.get(run.studentIds[i]!)?.get(view.key)?.gradeRank ?? null;
      if (rank !== null) previousCounts[run.classOf[i]!]![bandOfRank(rank, previousN, SHARES)]!++;
    }
  }
  return {
    subject: view.ref,
    scope,
    bands: RANK_BANDS.map((b) => b.name),
    previousExam: previous === null ? null : { meId: String(previous.meId), name: previous.name },
    units: run.classes.map((_c, u) => ({
      scope: classRef(run, u),
      counts: counts[u]!,
      previousCounts: previousCounts?.[u] ?? null,
    })),
  };
}
