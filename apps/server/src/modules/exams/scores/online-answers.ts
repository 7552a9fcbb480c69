import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { studentScores } from '../schema.ts';
import { applySourcePapers, type SourceWrite } from './score-apply.ts';

// Online exams into the scores (issue #18): a submitted sitting's choices (scored from the key
// here) and, at release, the marking desk's subjective scores, both by question id, through the one
// source write path (applySourcePapers). Runs in the caller's transaction. A finalised exam keeps
// its scores: nothing is written and `locked` says so. A sitting is a presence: 缺考 is cleared.

export interface OnlinePaper {
  studentId: number;
  /** Question id → letters ('' 未作答, scored 0). */
  choices?: Record<string, string>;
  /** Question id → points (subjective questions, from the marking desk). */
  scores?: Record<string, number>;
}

export type OnlineWrite = SourceWrite;

export function writeOnlineAnswers(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly OnlinePaper[],
  reason: string,
): Promise<OnlineWrite> {
  return applySourcePapers(tx, actor, seId, {
    source: 'online',
    reason,
    papers,
    by: 'student',
    keyOf: (paper) => paper.studentId,
    inputOf: (paper) => ({ choices: paper.choices, scores: paper.scores, absent: false }),
  });
}

/** One student's stored paper of a single exam (their scores per question and total), or null. */
export async function onlinePaperScores(ex: Executor, seId: number, studentId: number) {
  const [row] = await ex
    .select()
    .from(studentScores)
    .where(and(eq(studentScores.singleExamId, seId), eq(studentScores.studentId, studentId)));
  return row ?? null;
}
