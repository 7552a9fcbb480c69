import { and, eq, inArray, sql } from 'drizzle-orm';
import { examQuestions, markBlockMarkers, markBlocks, markLeases, markPapers, marks } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';

// Dispatch's plain lookups (marking.md "Distribution"); the claim, renewal, release and
// submission statements are in dispatch-sql.ts. A write that changes who holds a paper must go
// through dispatch-sql (returnLeases), which keeps the paper row's holders in step.

export type { PaperStage } from './dispatch-sql.ts';

export async function blockOf(db: Executor, blockId: number) {
  const [row] = await db.select().from(markBlocks).where(eq(markBlocks.id, blockId));
  return row;
}

export async function markerOf(db: Executor, blockId: number, userId: number) {
  const [row] = await db
    .select()
    .from(markBlockMarkers)
    .where(and(eq(markBlockMarkers.blockId, blockId), eq(markBlockMarkers.userId, userId)));
  return row;
}

export async function questionNos(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: examQuestions.id, no: examQuestions.questionNo })
    .from(examQuestions)
    .where(inArray(examQuestions.id, ids));
  return new Map(rows.map((r) => [String(r.id), r.no]));
}

/** Blind (一评/二评) papers this marker has marked in the 题块: what their quota counts. */
export async function blindDone(db: Executor, blockId: number, markerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${marks.paperId})::int` })
    .from(marks)
    .where(and(eq(marks.blockId, blockId), eq(marks.markerId, markerId), inArray(marks.kind, ['first', 'second'])));
  return row?.n ?? 0;
}

export async function lockPaper(tx: Tx, paperId: number) {
  const [row] = await tx.select().from(markPapers).where(eq(markPapers.id, paperId)).for('update');
  return row;
}

export async function leaseOf(db: Executor, paperId: number, markerId: number) {
  const [row] = await db
    .select()
    .from(markLeases)
    .where(and(eq(markLeases.paperId, paperId), eq(markLeases.markerId, markerId)));
  return row;
}

export async function dropLease(tx: Tx, leaseId: number) {
  await tx.delete(markLeases).where(eq(markLeases.id, leaseId));
}

export async function renewLease(db: Executor, leaseId: number, until: Date) {
  await db.update(markLeases).set({ expiresAt: until }).where(eq(markLeases.id, leaseId));
}

export async function marksOf(db: Executor, paperId: number) {
  return db.select().from(marks).where(eq(marks.paperId, paperId)).orderBy(marks.id);
}

export async function paperById(db: Executor, paperId: number) {
  const [row] = await db.select().from(markPapers).where(eq(markPapers.id, paperId));
  return row;
}

export async function insertMark(tx: Tx, values: typeof marks.$inferInsert) {
  const [row] = await tx.insert(marks).values(values).returning();
  return row!;
}

export async function updatePaper(tx: Tx, paperId: number, values: Partial<typeof markPapers.$inferInsert>) {
  await tx.update(markPapers).set(values).where(eq(markPapers.id, paperId));
}
