import { and, eq, inArray } from 'drizzle-orm';
import { markBlockMarkers, markBlocks, singleExams } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

/** The given 题块 that belong to the 联考 (via their single exam). */
export async function blocksOfExam(db: Executor, multiExamId: number, blockIds: number[]) {
  if (blockIds.length === 0) return [];
  return db
    .select({ id: markBlocks.id })
    .from(markBlocks)
    .innerJoin(singleExams, eq(singleExams.id, markBlocks.singleExamId))
    .where(and(eq(singleExams.multiExamId, multiExamId), inArray(markBlocks.id, blockIds)));
}

/** userId → the 题块 they sit on. */
export async function blocksOfMarker(db: Executor, userIds: number[]) {
  const seats = new Map<number, number[]>();
  if (userIds.length === 0) return seats;
  const rows = await db
    .select({ userId: markBlockMarkers.userId, blockId: markBlockMarkers.blockId })
    .from(markBlockMarkers)
    .where(inArray(markBlockMarkers.userId, userIds));
  for (const r of rows) seats.set(r.userId, [...(seats.get(r.userId) ?? []), r.blockId]);
  return seats;
}
