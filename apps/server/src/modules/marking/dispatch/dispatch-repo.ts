import { and, eq, inArray, sql } from 'drizzle-orm';
import { examQuestions, markBlockMarkers, markBlocks, markLeases, markPapers, marks } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';

// Dispatch's SQL (marking.md "Distribution"). Every write that changes who holds a paper or what
// it needs locks the paper row first, so the claim's capacity check and the submission's stage
// change are serialised per paper while different papers go in parallel.

export type PaperStage = 'blind' | 'third' | 'arbitration' | 'final';

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

/** The marker's unexpired lease in this 题块, if the desk is reopened while holding one. */
export async function heldLease(tx: Tx, blockId: number, markerId: number, now: Date) {
  const [row] = await tx
    .select()
    .from(markLeases)
    .where(
      and(
        eq(markLeases.blockId, blockId),
        eq(markLeases.markerId, markerId),
        sql`${markLeases.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return row;
}

/** Blind (一评/二评) papers this marker has marked in the 题块: what their quota counts. */
export async function blindDone(db: Executor, blockId: number, markerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${marks.paperId})::int` })
    .from(marks)
    .where(and(eq(marks.blockId, blockId), eq(marks.markerId, markerId), inArray(marks.kind, ['first', 'second'])));
  return row?.n ?? 0;
}

/**
 * Picks and locks one paper of `stage` this marker may mark: with a free slot (marks of the stage
 * plus others' live leases below what it needs), never one they marked before (so the 三评 and 仲裁
 * markers differ from the earlier ones). One stage per statement, in id order, so the scan walks
 * the (block, stage, id) index and stops at the first fit; SKIP LOCKED lets concurrent claims pass
 * each other instead of queueing on the same row. Papers in `skip` were found full on re-check.
 */
export async function pickPaper(
  tx: Tx,
  blockId: number,
  markerId: number,
  stage: PaperStage,
  now: Date,
  skip: number[],
): Promise<number | undefined> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    select p.id from mark_papers p
    where p.block_id = ${blockId} and p.stage = ${stage}
      ${
        skip.length > 0
          ? sql`and p.id not in (${sql.join(
              skip.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
      and p.done + (select count(*) from mark_leases l
                    where l.paper_id = p.id and l.expires_at > ${at} and l.marker_id <> ${markerId}) < p.needed
      and not exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${markerId})
    order by p.id
    limit 1
    for update of p skip locked`);
  const row = (result as unknown as { rows: { id: string | number }[] }).rows[0];
  return row === undefined ? undefined : Number(row.id);
}

/**
 * Re-checks a locked paper with a fresh snapshot: a lease committed between the pick's snapshot and
 * its lock is visible now, and no one can add one while we hold the row.
 */
export async function paperHasSlot(tx: Tx, paperId: number, markerId: number, now: Date): Promise<boolean> {
  const result = await tx.execute(sql`
    select (p.done + (select count(*) from mark_leases l
                      where l.paper_id = p.id and l.expires_at > ${now.toISOString()} and l.marker_id <> ${markerId})
            < p.needed)
       and not exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${markerId}) as ok
    from mark_papers p where p.id = ${paperId}`);
  return (result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
}

/** Leases a locked paper: expired leases on it go (their holders lost it), the new id is the token. */
export async function leasePaper(tx: Tx, paperId: number, blockId: number, markerId: number, now: Date, until: Date) {
  await tx
    .delete(markLeases)
    .where(
      and(
        eq(markLeases.paperId, paperId),
        sql`(${markLeases.expiresAt} <= ${now.toISOString()} or ${markLeases.markerId} = ${markerId})`,
      ),
    );
  const [lease] = await tx.insert(markLeases).values({ paperId, blockId, markerId, expiresAt: until }).returning();
  return lease!;
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
