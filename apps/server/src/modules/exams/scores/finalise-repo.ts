import type { AnalysisSettings } from '@huikao/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import type { MultiExamRow } from '../lookup-repo.ts';
import { examStudents, multiExams, singleExams } from '../schema.ts';

// Writes of finalising and publishing: statuses, dates and the exam's analysis settings.

export async function lockSingleExams(tx: Executor, seIds: number[]): Promise<void> {
  if (seIds.length === 0) return;
  await tx.update(singleExams).set({ status: 3 }).where(inArray(singleExams.id, seIds));
}

/** The multi-exam row, locked for the transaction: settings and status are read, then written. */
export async function lockMultiExam(tx: Executor, meId: number): Promise<MultiExamRow> {
  const [row] = await tx.select().from(multiExams).where(eq(multiExams.id, meId)).for('update');
  return row!;
}

export async function updateMultiExamFields(
  tx: Executor,
  meId: number,
  fields: Partial<{
    status: number;
    finalisedAt: Date;
    publishedAt: Date;
    publishedToStudents: boolean;
    settings: AnalysisSettings;
    hiddenStudentOrder: string;
  }>,
): Promise<void> {
  await tx
    .update(multiExams)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(multiExams.id, meId));
}

/** Classes that sit any single exam of the multi-exam. */
export async function classIdsOfMulti(ex: Executor, meId: number): Promise<Set<number>> {
  const rows = await ex
    .selectDistinct({ classId: examStudents.classId })
    .from(examStudents)
    .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
    .where(eq(singleExams.multiExamId, meId));
  return new Set(rows.map((r) => r.classId));
}
