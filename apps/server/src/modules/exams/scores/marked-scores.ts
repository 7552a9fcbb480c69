import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { applySourcePapers, type SourceWrite } from './score-apply.ts';

// Online marking's finals into the scores (issue #17 合成成绩): subjective question scores by question
// id, merged into each student's paper (the objective answers scanning wrote stay), through the one
// source write path (applySourcePapers). Runs in the caller's transaction. A 缺考 student keeps
// their flag and gets nothing; a finalised exam or subject is not written (`locked`).

export interface MarkedPaper {
  examStudentId: number;
  /** Question id → final score. */
  scores: Record<string, number>;
}

export type MarkedWrite = SourceWrite;

export function writeMarkedScores(
  tx: Executor,
  actor: Actor,
  seId: number,
  papers: readonly MarkedPaper[],
  reason: string,
): Promise<MarkedWrite> {
  return applySourcePapers(tx, actor, seId, {
    source: 'marking',
    reason,
    papers,
    by: 'examStudent',
    keyOf: (paper) => paper.examStudentId,
    inputOf: (paper, row) => (row.absent ? null : { scores: paper.scores }),
  });
}
