import { and, asc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  examQuestions,
  markBlockMarkers,
  markBlocks,
  markPapers,
  markProblems,
  marks,
  multiExams,
  singleExams,
  users,
} from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';
import { returnLeases } from '../dispatch/dispatch-sql.ts';

// 题块 set-up reads and writes: blocks of a single exam, their markers, and the 我的阅卷任务 list.

export async function singleExamOf(db: Executor, seId: number) {
  const [row] = await db.select().from(singleExams).where(eq(singleExams.id, seId));
  return row;
}

export async function questionsOf(db: Executor, seId: number) {
  return db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.singleExamId, seId))
    .orderBy(asc(examQuestions.sortOrder));
}

export async function blocksOf(db: Executor, seId: number) {
  return db.select().from(markBlocks).where(eq(markBlocks.singleExamId, seId)).orderBy(asc(markBlocks.id));
}

export async function lockBlock(tx: Tx, blockId: number) {
  const [row] = await tx.select().from(markBlocks).where(eq(markBlocks.id, blockId)).for('update');
  return row;
}

export async function insertBlock(tx: Tx, values: typeof markBlocks.$inferInsert) {
  const [row] = await tx.insert(markBlocks).values(values).returning();
  return row!;
}

export async function updateBlock(tx: Tx, id: number, values: Partial<typeof markBlocks.$inferInsert>) {
  const [row] = await tx.update(markBlocks).set(values).where(eq(markBlocks.id, id)).returning();
  return row!;
}

export async function deleteBlocksExcept(tx: Tx, seId: number, keep: number[]) {
  const where =
    keep.length > 0
      ? and(eq(markBlocks.singleExamId, seId), notInArray(markBlocks.id, keep))
      : eq(markBlocks.singleExamId, seId);
  await tx.delete(markBlocks).where(where);
}

export async function markersOf(db: Executor, blockId: number) {
  return db
    .select({
      userId: markBlockMarkers.userId,
      name: users.name,
      quota: markBlockMarkers.quota,
      leader: markBlockMarkers.leader,
      paused: markBlockMarkers.paused,
      done: sql<number>`(select count(distinct m.paper_id)::int from marks m
        where m.block_id = ${markBlockMarkers.blockId} and m.marker_id = ${markBlockMarkers.userId}
          and m.kind in ('first', 'second'))`,
    })
    .from(markBlockMarkers)
    .innerJoin(users, eq(users.id, markBlockMarkers.userId))
    .where(eq(markBlockMarkers.blockId, blockId))
    .orderBy(asc(markBlockMarkers.id));
}

export async function usersOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      schoolId: users.schoolId,
      type: users.type,
      disabled: users.disabled,
      tempExpiresAt: users.tempExpiresAt,
      tempForExamId: users.tempForExamId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function upsertMarkers(
  tx: Tx,
  blockId: number,
  rows: { userId: number; quota: number | null; leader: boolean }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(markBlockMarkers)
    .values(rows.map((r) => ({ blockId, ...r })))
    .onConflictDoUpdate({
      target: [markBlockMarkers.blockId, markBlockMarkers.userId],
      set: { quota: sql`excluded.quota`, leader: sql`excluded.leader` },
    });
}

export async function markersWithMarks(db: Executor, blockId: number, userIds: number[]) {
  const rows = await db
    .selectDistinct({ markerId: marks.markerId })
    .from(marks)
    .where(and(eq(marks.blockId, blockId), inArray(marks.markerId, userIds)));
  return rows.map((r) => r.markerId);
}

/** Removes markers and their leases, so a paper they held goes back at once, not after expiry. */
export async function deleteMarkers(tx: Tx, blockId: number, userIds: number[]) {
  // Through dispatch's one door, so the papers' holders copy is cleared with the lease rows.
  await returnLeases(tx, blockId, userIds);
  await tx
    .delete(markBlockMarkers)
    .where(and(eq(markBlockMarkers.blockId, blockId), inArray(markBlockMarkers.userId, userIds)));
}

export async function papersCount(db: Executor, blockIds: number[]) {
  if (blockIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ blockId: markPapers.blockId, n: sql<number>`count(*)::int` })
    .from(markPapers)
    .where(inArray(markPapers.blockId, blockIds))
    .groupBy(markPapers.blockId);
  return new Map(rows.map((r) => [r.blockId, r.n]));
}

/** 问题卷 not yet resolved by the 题组长: a 题块 cannot finish over them. */
export async function openProblemsCount(db: Executor, blockId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(markProblems)
    .where(and(eq(markProblems.blockId, blockId), isNull(markProblems.resolvedAt)));
  return row?.n ?? 0;
}

export async function openPapersCount(db: Executor, blockId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(markPapers)
    .where(and(eq(markPapers.blockId, blockId), sql`${markPapers.stage} <> 'final'`));
  return row?.n ?? 0;
}

/** 我的阅卷任务: every 题块 the user marks, with their done, quota and what is left for them. */
export async function tasksOf(db: Executor, userId: number) {
  return db
    .select({
      blockId: markBlocks.id,
      blockName: markBlocks.name,
      seId: singleExams.id,
      examName: multiExams.name,
      courseId: singleExams.courseId,
      status: markBlocks.status,
      leader: markBlockMarkers.leader,
      paused: markBlockMarkers.paused,
      quota: markBlockMarkers.quota,
      done: sql<number>`(select count(distinct m.paper_id)::int from marks m
        where m.block_id = ${markBlocks.id} and m.marker_id = ${userId} and m.kind in ('first', 'second'))`,
      open: sql<number>`(select count(*)::int from mark_papers p
        where p.block_id = ${markBlocks.id} and p.stage = 'blind' and p.done < p.needed
          and not exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${userId}))`,
      blockDone: sql<number>`(select count(*)::int from mark_papers p
        where p.block_id = ${markBlocks.id} and p.stage = 'final')`,
      blockTotal: sql<number>`(select count(*)::int from mark_papers p where p.block_id = ${markBlocks.id})`,
    })
    .from(markBlockMarkers)
    .innerJoin(markBlocks, eq(markBlocks.id, markBlockMarkers.blockId))
    .innerJoin(singleExams, eq(singleExams.id, markBlocks.singleExamId))
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .where(eq(markBlockMarkers.userId, userId))
    .orderBy(asc(multiExams.id), asc(markBlocks.id));
}

export async function insertPapers(tx: Tx, rows: (typeof markPapers.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(markPapers)
    .values(rows)
    .onConflictDoNothing({ target: [markPapers.blockId, markPapers.examStudentId] })
    .returning({ id: markPapers.id });
}

export async function blocksOfId(db: Executor, blockId: number) {
  const [row] = await db.select().from(markBlocks).where(eq(markBlocks.id, blockId));
  return row;
}

/**
 * Who may mark a 题块 of the 联考: the school's teachers and administrators, not disabled, and the
 * temporary accounts made for this 联考 (临时阅卷账号) that have not expired; another 联考's
 * temporary accounts are not offered. Teachers first, by name; then the temporary accounts, oldest first.
 */
export async function markerCandidatesOf(db: Executor, schoolId: number, multiExamId: number, now: Date) {
  return db
    .select({
      id: users.id,
      name: users.name,
      loginName: users.loginName,
      temporary: sql<boolean>`${users.tempExpiresAt} is not null`,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        inArray(users.type, [1, 5]),
        eq(users.disabled, false),
        or(isNull(users.tempExpiresAt), and(eq(users.tempForExamId, multiExamId), gt(users.tempExpiresAt, now))),
      ),
    )
    .orderBy(
      sql`${users.tempExpiresAt} is not null`,
      sql`case when ${users.tempExpiresAt} is null then ${users.name} end`,
      asc(users.id),
    );
}

/** The 联考 a 题块 belongs to (through its single exam). */
export async function multiExamOfBlock(db: Executor, blockId: number) {
  const [row] = await db
    .select({ id: singleExams.multiExamId })
    .from(markBlocks)
    .innerJoin(singleExams, eq(singleExams.id, markBlocks.singleExamId))
    .where(eq(markBlocks.id, blockId));
  return row?.id;
}
