import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { findSingleExamRow } from '../lookup-repo.ts';
import { studentScores } from '../schema.ts';
import { applyPapers, openPapers, type PaperUpdate, paperOf } from './score-apply.ts';
import { paperFromInput } from './score-input.ts';

// Online exams into the scores (issue #18): a submitted sitting's choices (scored from the key
// here) and, at release, the marking desk's subjective scores, both by question id, through the one
// write path (applyPapers: records written, the analysis stamp bumped). Runs in the caller's
// transaction. A finalised exam keeps its scores: nothing is written and `locked` says so.

export interface OnlinePaper {
  studentId: number;
  /** Question id → letters ('' 未作答, scored 0). */
  choices?: Record<string, string>;
  /** Question id → points (subjective questions, from the marking desk). */
  scores?: Record<string, number>;
}

export interface OnlineWrite {
  changedScores: number;
  locked: boolean;
  problems: string[];
}

export async function writeOnlineAnswers(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly OnlinePaper[],
  reason: string,
): Promise<OnlineWrite> {
  if (papers.length === 0) return { changedScores: 0, locked: false, problems: [] };
  const single = await findSingleExamRow(tx, seId);
  if (!single || single.status >= 3 || single.multi.status >= 3)
    return { changedScores: 0, locked: true, problems: [] };
  const {
    questions,
    fullMark,
    papers: stored,
  } = await openPapers(
    tx,
    seId,
    papers.map((p) => p.studentId),
  );
  const byStudent = new Map(stored.map((r) => [r.studentId, r]));
  const updates: PaperUpdate[] = [];
  const problems: string[] = [];
  for (const paper of papers) {
    const row = byStudent.get(paper.studentId);
    if (!row) continue;
    const result = paperFromInput(questions, fullMark, paperOf(row.score, row.absent), {
      choices: paper.choices,
      scores: paper.scores,
      absent: false,
    });
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
    { actor, schoolId: single.schoolId, seId, questions, source: 'online', reason },
    updates,
  );
  return { changedScores: applied.changedScores, locked: false, problems };
}

/** One student's stored paper of a single exam (their scores per question and total), or null. */
export async function onlinePaperScores(ex: Executor, seId: number, studentId: number) {
  const [row] = await ex
    .select()
    .from(studentScores)
    .where(and(eq(studentScores.singleExamId, seId), eq(studentScores.studentId, studentId)));
  return row ?? null;
}
