import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db.ts';
import { createPapers } from './papers.ts';
import { markPapers, marks } from './schema.ts';
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

/** The 题块 of a single exam: their ids, names and question ids. */
export async function blocksOfExam(ex: Executor, seId: number) {
  const rows = await blocksOf(ex, seId);
  return rows.map((b) => ({ id: b.id, name: b.name, questionIds: b.questions.map((q) => q.questionId) }));
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

/**
 * An online answer put on its 题块 (issue #18): a new paper, or, for a sitting reopened and
 * submitted again, the paper's text replaced while nobody has marked it yet. A paper with a mark
 * keeps the text that was marked ('marked': the caller records it and tells the teacher).
 */
export async function putOnlinePaper(
  tx: Tx,
  blockId: number,
  examStudentId: number,
  text: string,
): Promise<'created' | 'updated' | 'unchanged' | 'marked'> {
  const [paper] = await tx
    .select({ id: markPapers.id, answerText: markPapers.answerText, done: markPapers.done, stage: markPapers.stage })
    .from(markPapers)
    .where(and(eq(markPapers.blockId, blockId), eq(markPapers.examStudentId, examStudentId)))
    .for('update');
  if (!paper) {
    await createPapers(tx, blockId, [{ examStudentId, text }]);
    return 'created';
  }
  if (paper.answerText === text) return 'unchanged';
  const [mark] = await tx.select({ id: marks.id }).from(marks).where(eq(marks.paperId, paper.id)).limit(1);
  if (mark || paper.done > 0 || paper.stage === 'final') return 'marked';
  await tx.update(markPapers).set({ answerText: text }).where(eq(markPapers.id, paper.id));
  return 'updated';
}
