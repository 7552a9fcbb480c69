import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import {
  examDocs,
  examQuestionGroups,
  examQuestions,
  examStudents,
  scoreRecords,
  singleExams,
  standardPapers,
  studentScores,
} from '../schema.ts';

// Single exams (seId): one course of a multi-exam with its full mark, date and status.

export type NewSingleExam = Omit<typeof singleExams.$inferInsert, 'id' | 'createdAt' | 'scoreVersion'>;

export async function insertSingleExam(tx: Executor, values: NewSingleExam): Promise<number> {
  const [row] = await tx.insert(singleExams).values(values).returning({ id: singleExams.id });
  return row!.id;
}

export async function singleOfCourse(ex: Executor, meId: number, courseId: number) {
  const [row] = await ex
    .select({ id: singleExams.id })
    .from(singleExams)
    .where(and(eq(singleExams.multiExamId, meId), eq(singleExams.courseId, courseId)));
  return row ?? null;
}

export async function updateSingleExamRow(
  tx: Executor,
  seId: number,
  values: { fullMark: number; examDate?: string | null },
): Promise<void> {
  await tx.update(singleExams).set(values).where(eq(singleExams.id, seId));
}

export async function countScoresOfSingle(ex: Executor, seId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(studentScores).where(eq(studentScores.singleExamId, seId));
  return row?.n ?? 0;
}

/** Highest stored total of the single exam (for a total-only exam's full mark). */
export async function maxTotalOfSingle(ex: Executor, seId: number): Promise<number | null> {
  const rows = await ex
    .select({ total: studentScores.totalScore })
    .from(studentScores)
    .where(eq(studentScores.singleExamId, seId));
  const totals = rows.map((r) => r.total).filter((t): t is number => t !== null);
  return totals.length ? Math.max(...totals) : null;
}

export async function docKeysOfSingle(ex: Executor, seId: number): Promise<string[]> {
  const rows = await ex.select({ key: examDocs.storageKey }).from(examDocs).where(eq(examDocs.singleExamId, seId));
  return rows.map((r) => r.key);
}

/** Deletes a single exam with its students, structure, papers and documents (no score exists). */
export async function deleteSingleCascade(tx: Executor, seId: number): Promise<void> {
  await tx.delete(scoreRecords).where(eq(scoreRecords.singleExamId, seId));
  await tx.delete(studentScores).where(eq(studentScores.singleExamId, seId));
  await tx.delete(standardPapers).where(eq(standardPapers.singleExamId, seId));
  await tx.delete(examQuestions).where(eq(examQuestions.singleExamId, seId));
  await tx.delete(examQuestionGroups).where(eq(examQuestionGroups.singleExamId, seId));
  await tx.delete(examStudents).where(eq(examStudents.singleExamId, seId));
  await tx.delete(examDocs).where(eq(examDocs.singleExamId, seId));
  await tx.delete(singleExams).where(inArray(singleExams.id, [seId]));
}
