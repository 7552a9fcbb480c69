import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { qbQuestions, qbUserQuestionStatus } from '../schema.ts';
import { readableBy } from '../search/questions-repo.ts';

// qb_user_question_status: one row per user and question once the user has set a use status.

const u = qbUserQuestionStatus;
const q = qbQuestions;

export async function upsertStatus(db: Executor, userId: number, questionId: number, useStatus: number) {
  await db
    .insert(u)
    .values({ userId, questionId, useStatus })
    .onConflictDoUpdate({ target: [u.userId, u.questionId], set: { useStatus, updatedAt: new Date() } });
}

export async function statusOf(db: Executor, userId: number, questionId: number) {
  const [row] = await db
    .select({ useStatus: u.useStatus, updatedAt: u.updatedAt })
    .from(u)
    .where(and(eq(u.userId, userId), eq(u.questionId, questionId)));
  return row ?? null;
}

/** The user's marked questions that are still readable, newest change first. */
export async function findPage(
  db: Executor,
  user: { userId: number; schoolId: number },
  filter: { courseId?: string; useStatus?: number; pageIndex: number; limit: number },
) {
  const where = and(
    eq(u.userId, user.userId),
    readableBy(user),
    filter.courseId ? eq(q.courseId, Number(filter.courseId)) : undefined,
    filter.useStatus === undefined ? undefined : eq(u.useStatus, filter.useStatus),
  );
  const rows = await db
    .select({ questionId: u.questionId, useStatus: u.useStatus, updatedAt: u.updatedAt })
    .from(u)
    .innerJoin(q, eq(q.id, u.questionId))
    .where(where)
    .orderBy(desc(u.updatedAt), desc(u.questionId))
    .limit(filter.limit)
    .offset((filter.pageIndex - 1) * filter.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(u)
    .innerJoin(q, eq(q.id, u.questionId))
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}
