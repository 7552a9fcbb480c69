import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db.ts';
import { markPapers } from './schema.ts';
import { blocksOf, insertBlock } from './setup/setup-repo.ts';

// What online exams (issue #18) need of marking, besides createPapers: a default 题块 per
// subjective question when the exam is made (the administrator may re-arrange them in 阅卷设置
// before marking starts), the 题块 of an exam, and the finished papers' scores to merge at release.

export async function createDefaultBlocks(
  tx: Tx,
  input: { schoolId: number; seId: number; questions: { questionId: number; questionNo: string; fullMarks: number }[] },
): Promise<number> {
  for (const q of input.questions) {
    await insertBlock(tx, {
      schoolId: input.schoolId,
      singleExamId: input.seId,
      name: `第${q.questionNo}题`,
      questions: [{ questionId: String(q.questionId), fullMarks: q.fullMarks }],
      mode: 'single',
      tolerance: 0,
      step: q.fullMarks % 1 === 0 ? 1 : 0.5,
      doubleSharePercent: 100,
    });
  }
  return input.questions.length;
}

/** The 题块 of a single exam: their ids and question ids. */
export async function blocksOfExam(ex: Executor, seId: number) {
  const rows = await blocksOf(ex, seId);
  return rows.map((b) => ({ id: b.id, questionIds: b.questions.map((q) => q.questionId) }));
}

/** Finished papers of a single exam: exam student and the final score per question id. */
export async function finalScoresOfExam(ex: Executor, seId: number) {
  const blocks = await blocksOf(ex, seId);
  const out: { examStudentId: number; scores: Record<string, number> }[] = [];
  for (const block of blocks) {
    const rows = await ex
      .select({ examStudentId: markPapers.examStudentId, scores: markPapers.finalScores })
      .from(markPapers)
      .where(and(eq(markPapers.blockId, block.id), eq(markPapers.stage, 'final'), isNotNull(markPapers.finalScores)));
    for (const r of rows) out.push({ examStudentId: r.examStudentId, scores: r.scores ?? {} });
  }
  return out;
}
