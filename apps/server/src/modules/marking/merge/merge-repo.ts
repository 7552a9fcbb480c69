import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { markBlocks, markPapers } from '../schema.ts';

// What 合成成绩 reads: the subject's 题块 and their finished papers' finals.

export async function blocksOfExam(ex: Executor, seId: number) {
  return ex.select().from(markBlocks).where(eq(markBlocks.singleExamId, seId)).orderBy(markBlocks.id);
}

/** Finals per exam student, all 题块 of the subject together (question id → score). */
export async function finalsOf(ex: Executor, blockIds: number[], examStudentIds?: number[]) {
  if (blockIds.length === 0) return new Map<number, Record<string, number>>();
  const rows = await ex
    .select({ examStudentId: markPapers.examStudentId, scores: markPapers.finalScores })
    .from(markPapers)
    .where(
      and(
        inArray(markPapers.blockId, blockIds),
        eq(markPapers.stage, 'final'),
        isNotNull(markPapers.finalScores),
        examStudentIds ? inArray(markPapers.examStudentId, examStudentIds) : undefined,
      ),
    );
  const byStudent = new Map<number, Record<string, number>>();
  for (const row of rows) {
    byStudent.set(row.examStudentId, { ...(byStudent.get(row.examStudentId) ?? {}), ...row.scores });
  }
  return byStudent;
}
