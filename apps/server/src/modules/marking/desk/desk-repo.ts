import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { markPapers, markProblems, marks, users } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { PaperColumns } from '../dispatch/dispatch-sql.ts';

// The desk's SQL beyond dispatch: 问题卷, 回评 and the paper moves they cause.

export async function insertProblem(tx: Tx, values: typeof markProblems.$inferInsert) {
  const [row] = await tx.insert(markProblems).values(values).returning();
  return row!;
}

/** Puts a paper on hold for its 题组长: every lease on it is void (holders' tokens are refused). */
export async function holdPaper(tx: Tx, paperId: number) {
  await tx.execute(sql`delete from mark_leases where paper_id = ${paperId}`);
  await tx.update(markPapers).set({ stage: 'problem', holders: [], heldUntil: [] }).where(eq(markPapers.id, paperId));
}

export async function openProblems(db: Executor, blockId: number) {
  return db
    .select({
      id: markProblems.id,
      paperId: markProblems.paperId,
      reason: markProblems.reason,
      note: markProblems.note,
      createdAt: markProblems.createdAt,
      markerName: users.name,
      imageKey: markPapers.imageKey,
      text: markPapers.answerText,
    })
    .from(markProblems)
    .innerJoin(markPapers, eq(markPapers.id, markProblems.paperId))
    .innerJoin(users, eq(users.id, markProblems.markerId))
    .where(and(eq(markProblems.blockId, blockId), isNull(markProblems.resolvedAt)))
    .orderBy(markProblems.id);
}

export async function problemById(tx: Tx, id: number) {
  const [row] = await tx.select().from(markProblems).where(eq(markProblems.id, id)).for('update');
  return row;
}

export async function closeProblem(
  tx: Tx,
  id: number,
  values: { resolvedBy: number; resolution: 'scored' | 'returned'; resolvedAt: Date },
) {
  await tx.update(markProblems).set(values).where(eq(markProblems.id, id));
}

export async function insertMark(tx: Tx, values: typeof marks.$inferInsert) {
  const [row] = await tx.insert(marks).values(values).returning();
  return row!;
}

export async function setPaperColumns(tx: Tx, paperId: number, c: PaperColumns, now: Date) {
  await tx
    .update(markPapers)
    .set({ ...c, finalisedAt: c.stage === 'final' ? now : null })
    .where(eq(markPapers.id, paperId));
}

/**
 * The marker's last `limit` papers in the 题块 with their newest own mark (回评): marks are never
 * edited, so the newest per paper is the one that counts.
 */
export async function lastMarks(db: Executor, blockId: number, markerId: number, limit: number) {
  const result = await db.execute(sql`
    select * from (
      select distinct on (m.paper_id) m.paper_id, m.id, m.kind, m.scores, m.submitted_at,
        p.image_key, p.answer_text, p.stage
      from marks m join mark_papers p on p.id = m.paper_id
      where m.block_id = ${blockId} and m.marker_id = ${markerId} and m.kind <> 'spot-check'
      order by m.paper_id, m.id desc
    ) x order by x.id desc limit ${limit}`);
  return (
    result as unknown as {
      rows: {
        paper_id: string | number;
        id: string | number;
        kind: string;
        scores: Record<string, number>;
        submitted_at: string | Date;
        image_key: string | null;
        answer_text: string | null;
        stage: string;
      }[];
    }
  ).rows;
}

/** The marker's own marks: count and mean seconds of the blind and later stages (desk progress). */
export async function myProgress(db: Executor, blockId: number, markerId: number) {
  const [row] = await db
    .select({
      done: sql<number>`count(distinct ${marks.paperId})::int`,
      seconds: sql<number>`coalesce(avg(${marks.seconds}), 0)::float`,
    })
    .from(marks)
    .where(and(eq(marks.blockId, blockId), eq(marks.markerId, markerId)));
  return row ?? { done: 0, seconds: 0 };
}

export async function newestOwnMark(tx: Tx, paperId: number, markerId: number) {
  const [row] = await tx
    .select()
    .from(marks)
    .where(and(eq(marks.paperId, paperId), eq(marks.markerId, markerId)))
    .orderBy(desc(marks.id))
    .limit(1);
  return row;
}
