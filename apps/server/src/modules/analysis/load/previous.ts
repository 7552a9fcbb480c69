import type { Db } from '../../../platform/db.ts';
import { type StoredSubjects, unpackSubjects } from '../store/student-row-codec.ts';
import type { PreviousExam } from './model.ts';
import * as repo from './repo.ts';

// The previous exam of a school run (进退步, movers, levels' previous counts): its stored student rows'
// ranks and T, read back from its own computed results rather than recomputed.

export async function loadPrevious(
  db: Db,
  exam: { meId: number; schoolId: number; gradeId: number; startDate: string },
): Promise<PreviousExam | null> {
  const previous = await repo.previousExamOf(db, exam);
  if (previous === null) return null;
  const rows = await repo.storedSubjectsOf(db, `me:${previous.meId}`);
  const ranks: PreviousExam['ranks'] = new Map();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const subjects = unpackSubjects(JSON.parse(row.subjects) as StoredSubjects);
    const mine = new Map<string, { gradeRank: number | null; classRank: number | null; t: number | null }>();
    for (const [key, figures] of Object.entries(subjects)) {
      mine.set(key, { gradeRank: figures.gradeRank, classRank: figures.classRank, t: figures.t });
      if (figures.gradeRank !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    ranks.set(row.sid, mine);
  }
  return { meId: previous.meId, name: previous.name, ranks, counts };
}
