import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { examQuestions, markStandardAnswers, standardPapers } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';

// Standard answers per subjective question (answer-schema.ts) and the exam's standard papers.

export type StoredAnswer = typeof markStandardAnswers.$inferSelect;

/** The exam's subjective questions in paper order, with their stored answer where there is one. */
export async function subjectiveQuestions(db: Executor, seId: number) {
  return db
    .select({
      id: examQuestions.id,
      questionNo: examQuestions.questionNo,
      fullMark: examQuestions.fullMark,
      answer: markStandardAnswers.answer,
      notes: markStandardAnswers.notes,
      version: markStandardAnswers.version,
    })
    .from(examQuestions)
    .leftJoin(markStandardAnswers, eq(markStandardAnswers.questionId, examQuestions.id))
    .where(and(eq(examQuestions.singleExamId, seId), eq(examQuestions.kind, 2)))
    .orderBy(asc(examQuestions.sortOrder));
}

export async function answersOf(db: Executor, questionIds: number[]): Promise<Map<number, StoredAnswer>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db.select().from(markStandardAnswers).where(inArray(markStandardAnswers.questionId, questionIds));
  return new Map(rows.map((r) => [r.questionId, r]));
}

export async function questionOf(db: Executor, questionId: number) {
  const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, questionId));
  return row;
}

export async function lockedAnswer(tx: Tx, questionId: number) {
  const [row] = await tx
    .select()
    .from(markStandardAnswers)
    .where(eq(markStandardAnswers.questionId, questionId))
    .for('update');
  return row;
}

/**
 * Writes the answer over version `expected` (0: none stored yet), or nothing when another save got
 * there first: a first save inserts only if no row exists (two first saves at once cannot both
 * pass the row lock, which has no row to lock), a later one updates only its version.
 */
export async function saveAnswer(
  tx: Tx,
  expected: number,
  values: {
    questionId: number;
    schoolId: number;
    singleExamId: number;
    answer: string;
    notes: string;
    updatedBy: number;
  },
): Promise<StoredAnswer | undefined> {
  if (expected === 0) {
    const [row] = await tx
      .insert(markStandardAnswers)
      .values({ ...values, version: 1 })
      .onConflictDoNothing({ target: markStandardAnswers.questionId })
      .returning();
    return row;
  }
  const [row] = await tx
    .update(markStandardAnswers)
    .set({
      answer: values.answer,
      notes: values.notes,
      updatedBy: values.updatedBy,
      updatedAt: sql`now()`,
      version: expected + 1,
    })
    .where(and(eq(markStandardAnswers.questionId, values.questionId), eq(markStandardAnswers.version, expected)))
    .returning();
  return row;
}

/** The exam's standard papers (试卷制作's 标准答案 and 评分细则), text only. */
export async function standardPapersOf(db: Executor, seId: number) {
  return db
    .select({ kind: standardPapers.kind, title: standardPapers.title, content: standardPapers.content })
    .from(standardPapers)
    .where(eq(standardPapers.singleExamId, seId))
    .orderBy(asc(standardPapers.kind), asc(standardPapers.id));
}
