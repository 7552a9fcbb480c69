import { and, eq, inArray, sql } from 'drizzle-orm';
import { markPapers, markSpotChecks, marks, users } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';

// 抽查's SQL (marking.md "Spot check"): draw finished papers at random, read their marks, record
// a check or a correction. Papers not yet checked come first, so a sample is never the same twice.

/** Papers of the 题块 spot-checked so far (each counted once, however often it was looked at). */
export async function spotCheckCount(db: Executor, blockId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${markSpotChecks.paperId})::int` })
    .from(markSpotChecks)
    .where(eq(markSpotChecks.blockId, blockId));
  return Number(row?.n ?? 0);
}

export async function samplePapers(db: Executor, blockId: number, size: number, markerId?: number) {
  const result = await db.execute(sql`
    select p.id from mark_papers p
    where p.block_id = ${blockId} and p.stage = 'final'
      ${
        markerId === undefined
          ? sql``
          : sql`and exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${markerId}
                            and m.kind <> 'spot-check')`
      }
    order by exists (select 1 from mark_spot_checks c where c.paper_id = p.id), random()
    limit ${size}`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}

export async function papersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(markPapers).where(inArray(markPapers.id, ids));
}

export async function marksOfPapers(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      paperId: marks.paperId,
      markerId: marks.markerId,
      markerName: users.name,
      kind: marks.kind,
      scores: marks.scores,
      submittedAt: marks.submittedAt,
    })
    .from(marks)
    .innerJoin(users, eq(users.id, marks.markerId))
    .where(inArray(marks.paperId, ids))
    .orderBy(marks.id);
}

export async function checkedPaperIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ id: markSpotChecks.paperId })
    .from(markSpotChecks)
    .where(inArray(markSpotChecks.paperId, ids));
  return new Set(rows.map((r) => r.id));
}

export async function lockPaper(tx: Tx, blockId: number, paperId: number) {
  const [row] = await tx
    .select()
    .from(markPapers)
    .where(and(eq(markPapers.id, paperId), eq(markPapers.blockId, blockId)))
    .for('update');
  return row;
}

export async function insertCorrection(
  tx: Tx,
  values: { paperId: number; blockId: number; checkerId: number; scores: Record<string, number>; at: Date },
) {
  const [mark] = await tx
    .insert(marks)
    .values({
      paperId: values.paperId,
      blockId: values.blockId,
      markerId: values.checkerId,
      kind: 'spot-check',
      scores: values.scores,
      seconds: 0,
      submittedAt: values.at,
    })
    .returning();
  return mark!;
}

export async function setFinals(tx: Tx, paperId: number, scores: Record<string, number>, total: number) {
  await tx.update(markPapers).set({ finalScores: scores, finalTotal: total }).where(eq(markPapers.id, paperId));
}

export async function recordCheck(tx: Tx, values: typeof markSpotChecks.$inferInsert) {
  await tx.insert(markSpotChecks).values(values);
}
