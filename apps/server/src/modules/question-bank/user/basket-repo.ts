import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { qbBasketItems, qbQuestions, qbQuestionTypes } from '../schema.ts';
import { type Reader, readableBy } from '../search/questions-repo.ts';

// The basket's rows (qb_basket_items). Order within a question type is the row id: a reorder
// rewrites the group's rows in the new order.

const b = qbBasketItems;
const q = qbQuestions;

/** Serialises every basket write of one user (both databases), so the 50 limit holds under races. */
export async function lockBasket(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`qb_basket:${userId}`}, 0))`);
}

/** The rows of a course whose question is still in the bank and readable by the user (readableBy). */
export function basketRows(db: Executor, reader: Reader, courseId: number) {
  return db
    .select({
      id: b.id,
      questionId: b.questionId,
      questionTypeId: b.questionTypeId,
      typeName: qbQuestionTypes.name,
      addedAt: b.addedAt,
    })
    .from(b)
    .innerJoin(q, eq(q.id, b.questionId))
    .leftJoin(qbQuestionTypes, eq(qbQuestionTypes.id, b.questionTypeId))
    .where(and(eq(b.userId, reader.userId), eq(b.courseId, courseId), readableBy(reader)))
    .orderBy(sql`${qbQuestionTypes.sortOrder} nulls last`, asc(b.questionTypeId), asc(b.id));
}

/** Question ids of the user already in the basket, among `ids` (any course). */
export async function inBasket(db: Executor, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ questionId: b.questionId })
    .from(b)
    .where(and(eq(b.userId, userId), inArray(b.questionId, ids)));
  return new Set(rows.map((r) => r.questionId));
}

export async function insertItems(
  db: Executor,
  rows: { userId: number; courseId: number; questionTypeId: number; questionId: number; addedAt?: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(b).values(rows);
}

export async function removeQuestion(db: Executor, userId: number, questionId: number) {
  const rows = await db
    .delete(b)
    .where(and(eq(b.userId, userId), eq(b.questionId, questionId)))
    .returning({ courseId: b.courseId });
  return rows[0]?.courseId ?? null;
}

export async function removeGroup(db: Executor, userId: number, courseId: number, questionTypeId?: number) {
  await db
    .delete(b)
    .where(
      and(
        eq(b.userId, userId),
        eq(b.courseId, courseId),
        questionTypeId === undefined ? undefined : eq(b.questionTypeId, questionTypeId),
      ),
    );
}

/** Every row of one type group, in order, to reorder it. */
export function groupRows(db: Executor, userId: number, courseId: number, questionTypeId: number) {
  return db
    .select({ questionId: b.questionId, addedAt: b.addedAt })
    .from(b)
    .where(and(eq(b.userId, userId), eq(b.courseId, courseId), eq(b.questionTypeId, questionTypeId)))
    .orderBy(asc(b.id));
}
