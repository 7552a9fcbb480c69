import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  eduCourses,
  markBlockMarkers,
  markBlocks,
  markMonitorSettings,
  multiExams,
  singleExams,
  users,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { returnLeases } from '../dispatch/dispatch-sql.ts';

// The monitors' SQL (marking.md "Monitors", "Quality"). A 联考 题块 has 100,000 papers and 200,000+
// marks, so figures are aggregated in the database: one grouped statement for progress of any
// number of 题块, one for the per-marker table, its drift window and the score histogram together.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type BlockRow = typeof markBlocks.$inferSelect;

export async function blockById(db: Executor, blockId: number) {
  const [row] = await db.select().from(markBlocks).where(eq(markBlocks.id, blockId));
  return row;
}

export async function blocksOfSingles(db: Executor, seIds: number[]) {
  if (seIds.length === 0) return [];
  return db.select().from(markBlocks).where(inArray(markBlocks.singleExamId, seIds)).orderBy(markBlocks.id);
}

/** The 题块 this user leads (题组长), for a teacher who is not the 阅卷管理员. */
export async function ledBlockIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: markBlockMarkers.blockId })
    .from(markBlockMarkers)
    .where(and(eq(markBlockMarkers.userId, userId), eq(markBlockMarkers.leader, true)));
  return new Set(rows.map((r) => r.id));
}

export async function markerSeat(db: Executor, blockId: number, userId: number) {
  const [row] = await db
    .select()
    .from(markBlockMarkers)
    .where(and(eq(markBlockMarkers.blockId, blockId), eq(markBlockMarkers.userId, userId)));
  return row;
}

export async function markersOf(db: Executor, blockId: number) {
  return db
    .select({
      userId: markBlockMarkers.userId,
      name: users.name,
      leader: markBlockMarkers.leader,
      paused: markBlockMarkers.paused,
    })
    .from(markBlockMarkers)
    .innerJoin(users, eq(users.id, markBlockMarkers.userId))
    .where(eq(markBlockMarkers.blockId, blockId))
    .orderBy(markBlockMarkers.id);
}

/** Exams of these schools that have 题块 (optionally only these 题块), newest first. */
export async function examsWithBlocks(db: Executor, schoolIds: readonly number[], onlyBlocks?: number[]) {
  if (schoolIds.length === 0 || onlyBlocks?.length === 0) return [];
  const filters: SQL[] = [inArray(markBlocks.schoolId, [...schoolIds])];
  if (onlyBlocks) filters.push(inArray(markBlocks.id, onlyBlocks));
  return db
    .selectDistinct({ id: multiExams.id, name: multiExams.name, startDate: multiExams.startDate })
    .from(markBlocks)
    .innerJoin(singleExams, eq(singleExams.id, markBlocks.singleExamId))
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .where(and(...filters))
    .orderBy(sql`${multiExams.startDate} desc`, sql`${multiExams.id} desc`);
}

export async function singlesOf(db: Executor, where: SQL) {
  return db
    .select({
      id: singleExams.id,
      schoolId: singleExams.schoolId,
      multiExamId: singleExams.multiExamId,
      courseId: singleExams.courseId,
      courseName: eduCourses.name,
    })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(where)
    .orderBy(eduCourses.sortOrder);
}
export const singleIs = (seId: number) => eq(singleExams.id, seId);
export const singlesOfMulti = (meId: number) => eq(singleExams.multiExamId, meId);
export const multiById = async (db: Executor, meId: number) =>
  (await db.select().from(multiExams).where(eq(multiExams.id, meId)))[0];

export interface StageCounts {
  blockId: number;
  papers: number;
  final: number;
  needsFirst: number;
  needsSecond: number;
  needsThird: number;
  needsArbitration: number;
  openProblems: number;
  remainingMarks: number;
  marks: number;
  lastHour: number;
}

/**
 * Papers by stage and marks (all, and within the hour before `now`) per 题块. Remaining marks:
 * a blind paper needs what its slots lack, a 三评 or 仲裁 paper one more.
 */
export async function stageCounts(db: Executor, blockIds: number[], now: Date): Promise<Map<number, StageCounts>> {
  const out = new Map<number, StageCounts>();
  if (blockIds.length === 0) return out;
  const ids = sql.join(
    blockIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const papers = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select block_id, count(*)::int papers,
        count(*) filter (where stage = 'final')::int final,
        count(*) filter (where stage = 'blind' and done = 0)::int needs_first,
        count(*) filter (where stage = 'blind' and done > 0)::int needs_second,
        count(*) filter (where stage = 'third')::int needs_third,
        count(*) filter (where stage = 'arbitration')::int needs_arbitration,
        coalesce(sum(case when stage = 'blind' then greatest(needed - done, 0)
                          when stage = 'final' then 0 else 1 end), 0)::int remaining
      from mark_papers where block_id in (${ids}) group by block_id`),
  );
  const marked = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select block_id, count(*)::int marks,
        count(*) filter (where submitted_at > ${hourAgo} and submitted_at <= ${now.toISOString()})::int last_hour
      from marks where block_id in (${ids}) group by block_id`),
  );
  // 问题卷 waiting for their 题组长 (mark_problems rows not yet resolved).
  const problems = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select block_id, count(*)::int open_problems from mark_problems
      where block_id in (${ids}) and resolved_at is null group by block_id`),
  );
  for (const id of blockIds) {
    out.set(id, {
      blockId: id,
      papers: 0,
      final: 0,
      needsFirst: 0,
      needsSecond: 0,
      needsThird: 0,
      needsArbitration: 0,
      openProblems: 0,
      remainingMarks: 0,
      marks: 0,
      lastHour: 0,
    });
  }
  for (const r of papers) {
    Object.assign(out.get(Number(r.block_id))!, {
      papers: Number(r.papers),
      final: Number(r.final),
      needsFirst: Number(r.needs_first),
      needsSecond: Number(r.needs_second),
      needsThird: Number(r.needs_third),
      needsArbitration: Number(r.needs_arbitration),
      remainingMarks: Number(r.remaining),
    });
  }
  for (const r of marked) {
    Object.assign(out.get(Number(r.block_id))!, { marks: Number(r.marks), lastHour: Number(r.last_hour) });
  }
  for (const r of problems) out.get(Number(r.block_id))!.openProblems = Number(r.open_problems);
  return out;
}

export async function settingsOf(db: Executor, blockId: number) {
  const [row] = await db.select().from(markMonitorSettings).where(eq(markMonitorSettings.blockId, blockId));
  return row;
}

export async function saveSettings(db: Executor, values: typeof markMonitorSettings.$inferInsert) {
  await db
    .insert(markMonitorSettings)
    .values(values)
    .onConflictDoUpdate({
      target: markMonitorSettings.blockId,
      set: {
        driftMeanPoints: values.driftMeanPoints,
        driftMinAgreement: values.driftMinAgreement,
        spotCheckQuota: values.spotCheckQuota,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    });
}

/** Pauses or resumes a marker; a pause also drops their leases so the papers go back at once. */
export async function setPaused(db: Executor, blockId: number, userId: number, paused: boolean) {
  await db
    .update(markBlockMarkers)
    .set({ paused })
    .where(and(eq(markBlockMarkers.blockId, blockId), eq(markBlockMarkers.userId, userId)));
  if (!paused) return 0;
  // Through dispatch's one door, so the papers' holders copy is cleared with the lease rows.
  return returnLeases(db, blockId, [userId]);
}
