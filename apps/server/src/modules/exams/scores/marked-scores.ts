import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { findSingleExamRow } from '../lookup-repo.ts';
import { applyPapers, openPapers, type PaperUpdate, paperOf } from './score-apply.ts';
import { paperFromInput } from './score-input.ts';

// Online marking's finals into the scores (issue #17 合成成绩): subjective question scores by question
// id, merged into each student's paper (the objective answers scanning wrote stay), through the one
// write path (records, score version, analysis stamp). Runs in the caller's transaction. A 缺考
// student keeps their flag and gets nothing; a finalised exam or subject is not written (`locked`).

export interface MarkedPaper {
  examStudentId: number;
  /** Question id → final score. */
  scores: Record<string, number>;
}

export interface MarkedWrite {
  changedScores: number;
  locked: boolean;
  problems: string[];
}

export async function writeMarkedScores(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly MarkedPaper[],
  reason: string,
): Promise<MarkedWrite> {
  if (papers.length === 0) return { changedScores: 0, locked: false, problems: [] };
  const single = await findSingleExamRow(tx, seId);
  if (!single || single.status >= 3 || single.multi.status >= 3)
    return { changedScores: 0, locked: true, problems: [] };
  const { questions, fullMark, papers: stored } = await openPapers(tx, seId);
  const byEs = new Map(stored.map((r) => [r.esId, r]));
  const updates: PaperUpdate[] = [];
  const problems: string[] = [];
  for (const paper of papers) {
    const row = byEs.get(paper.examStudentId);
    if (!row || row.absent) continue;
    const result = paperFromInput(questions, fullMark, paperOf(row.score, row.absent), { scores: paper.scores });
    if ('errors' in result) {
      problems.push(...result.errors.map((e) => `${row.name}：${e}`));
      continue;
    }
    updates.push({
      studentId: row.studentId,
      examStudentId: row.esId,
      before: row.score,
      beforeAbsent: row.absent,
      next: result.paper,
    });
  }
  const applied = await applyPapers(
    tx,
    { actor, schoolId: single.schoolId, seId, questions, source: 'marking', reason },
    updates,
  );
  return { changedScores: applied.changedScores, locked: false, problems };
}
