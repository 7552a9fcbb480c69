import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { recognizeExceptions, scanBatches, scanFiles, scanOriginals, scanPages } from './scans-schema.ts';

// Batches, files, originals and pages: the only Drizzle of scans/.

export type BatchRow = typeof scanBatches.$inferSelect;
export type FileRow = typeof scanFiles.$inferSelect;
export type PageRow = typeof scanPages.$inferSelect;

export async function insertBatch(tx: Executor, row: typeof scanBatches.$inferInsert): Promise<BatchRow> {
  const [batch] = await tx.insert(scanBatches).values(row).returning();
  return batch!;
}

export async function findBatch(ex: Executor, batchId: number): Promise<BatchRow | null> {
  const [row] = await ex.select().from(scanBatches).where(eq(scanBatches.id, batchId));
  return row ?? null;
}

export async function lockBatch(tx: Executor, batchId: number): Promise<BatchRow | null> {
  const [row] = await tx.select().from(scanBatches).where(eq(scanBatches.id, batchId)).for('update');
  return row ?? null;
}

export async function batchesOf(ex: Executor, seId: number, withDeleted: boolean): Promise<BatchRow[]> {
  const where = withDeleted
    ? eq(scanBatches.singleExamId, seId)
    : and(eq(scanBatches.singleExamId, seId), isNull(scanBatches.deletedAt));
  return ex.select().from(scanBatches).where(where).orderBy(desc(scanBatches.id));
}

export async function softDeleteBatch(tx: Executor, batchId: number, userId: number, reason: string): Promise<void> {
  await tx
    .update(scanBatches)
    .set({ deletedAt: sql`now()`, deletedBy: userId, deleteReason: reason })
    .where(eq(scanBatches.id, batchId));
}

export async function findOriginal(ex: Executor, schoolId: number, sha256: string) {
  const [row] = await ex
    .select()
    .from(scanOriginals)
    .where(and(eq(scanOriginals.schoolId, schoolId), eq(scanOriginals.sha256, sha256)));
  return row ?? null;
}

/** The original's row; when another upload stored the same bytes first, theirs (the caller drops its copy). */
export async function claimOriginal(
  tx: Executor,
  row: typeof scanOriginals.$inferInsert,
): Promise<{ id: number; storageKey: string; created: boolean }> {
  const [inserted] = await tx
    .insert(scanOriginals)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: scanOriginals.id, storageKey: scanOriginals.storageKey });
  if (inserted) return { ...inserted, created: true };
  const existing = (await findOriginal(tx, row.schoolId, row.sha256))!;
  return { id: existing.id, storageKey: existing.storageKey, created: false };
}

/** A stored file of the single exam with these bytes, in a batch that is not deleted. */
export async function storedFileWithSha(ex: Executor, seId: number, sha256: string) {
  const [row] = await ex
    .select({ fileId: scanFiles.id, fileName: scanFiles.fileName, batchId: scanFiles.batchId })
    .from(scanFiles)
    .innerJoin(scanBatches, eq(scanBatches.id, scanFiles.batchId))
    .where(
      and(
        eq(scanFiles.singleExamId, seId),
        eq(scanFiles.sha256, sha256),
        eq(scanFiles.status, 'stored'),
        isNull(scanBatches.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertFile(tx: Executor, row: typeof scanFiles.$inferInsert): Promise<FileRow> {
  const [file] = await tx.insert(scanFiles).values(row).returning();
  return file!;
}

export async function insertPages(tx: Executor, rows: (typeof scanPages.$inferInsert)[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunksOf(rows, 200)) {
    ids.push(...(await tx.insert(scanPages).values(part).returning({ id: scanPages.id })).map((r) => r.id));
  }
  return ids;
}

export async function filesOfBatch(ex: Executor, batchId: number): Promise<FileRow[]> {
  return ex.select().from(scanFiles).where(eq(scanFiles.batchId, batchId)).orderBy(asc(scanFiles.id));
}

export interface PageCounts {
  queued: number;
  recognising: number;
  done: number;
  failed: number;
}

/** Pages by status, per file of the given batches. */
export async function pageCountsByFile(ex: Executor, batchIds: number[]): Promise<Map<number, PageCounts>> {
  const counts = new Map<number, PageCounts>();
  if (batchIds.length === 0) return counts;
  const rows = await ex
    .select({ fileId: scanPages.fileId, status: scanPages.status, n: sql<number>`count(*)::int` })
    .from(scanPages)
    .where(inArray(scanPages.batchId, batchIds))
    .groupBy(scanPages.fileId, scanPages.status);
  for (const row of rows) {
    const c = counts.get(row.fileId) ?? { queued: 0, recognising: 0, done: 0, failed: 0 };
    c[row.status as keyof PageCounts] = Number(row.n);
    counts.set(row.fileId, c);
  }
  return counts;
}

/** Per batch: files by status, pages by status, open exceptions raised by its pages. */
export async function batchFigures(ex: Executor, batchIds: number[]) {
  const figures = new Map<number, { files: Record<string, number>; pages: PageCounts; openExceptions: number }>();
  for (const id of batchIds) {
    figures.set(id, {
      files: { stored: 0, duplicate: 0, refused: 0 },
      pages: { queued: 0, recognising: 0, done: 0, failed: 0 },
      openExceptions: 0,
    });
  }
  if (batchIds.length === 0) return figures;
  const files = await ex
    .select({ batchId: scanFiles.batchId, status: scanFiles.status, n: sql<number>`count(*)::int` })
    .from(scanFiles)
    .where(inArray(scanFiles.batchId, batchIds))
    .groupBy(scanFiles.batchId, scanFiles.status);
  for (const row of files) figures.get(row.batchId)!.files[row.status] = Number(row.n);
  const pages = await ex
    .select({ batchId: scanPages.batchId, status: scanPages.status, n: sql<number>`count(*)::int` })
    .from(scanPages)
    .where(inArray(scanPages.batchId, batchIds))
    .groupBy(scanPages.batchId, scanPages.status);
  for (const row of pages) figures.get(row.batchId)!.pages[row.status as keyof PageCounts] = Number(row.n);
  const open = await ex
    .select({ batchId: scanPages.batchId, n: sql<number>`count(*)::int` })
    .from(recognizeExceptions)
    .innerJoin(scanPages, eq(scanPages.id, recognizeExceptions.pageId))
    .where(and(inArray(scanPages.batchId, batchIds), eq(recognizeExceptions.status, 0)))
    .groupBy(scanPages.batchId);
  for (const row of open) figures.get(row.batchId)!.openExceptions = Number(row.n);
  return figures;
}

export async function userNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findPageRow(ex: Executor, pageId: number): Promise<PageRow | null> {
  const [row] = await ex.select().from(scanPages).where(eq(scanPages.id, pageId));
  return row ?? null;
}

export async function pagesOfBatch(ex: Executor, batchId: number, offset: number, limit: number) {
  const rows = await ex
    .select()
    .from(scanPages)
    .where(eq(scanPages.batchId, batchId))
    .orderBy(asc(scanPages.fileId), asc(scanPages.pageIndex))
    .offset(offset)
    .limit(limit);
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(scanPages)
    .where(eq(scanPages.batchId, batchId));
  return { rows, total: Number(count?.n ?? 0) };
}

/** Pages to recognise again: set back to queued (their corrections stay). */
export async function requeuePages(tx: Executor, batchId: number, pageIds?: number[]): Promise<number[]> {
  const where = pageIds
    ? and(eq(scanPages.batchId, batchId), inArray(scanPages.id, pageIds))
    : eq(scanPages.batchId, batchId);
  const rows = await tx
    .update(scanPages)
    .set({ status: 'queued', attempts: 0, error: null })
    .where(where)
    .returning({ id: scanPages.id });
  return rows.map((r) => r.id);
}

/** Pages whose recognition has not finished (after a crash, or queued while no job was sent). */
export async function unfinishedPages(ex: Executor): Promise<number[]> {
  const rows = await ex
    .select({ id: scanPages.id })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(and(inArray(scanPages.status, ['queued', 'recognising']), isNull(scanBatches.deletedAt)))
    .orderBy(asc(scanPages.id));
  return rows.map((r) => r.id);
}

export async function pageIdsOfBatch(ex: Executor, batchId: number): Promise<number[]> {
  const rows = await ex.select({ id: scanPages.id }).from(scanPages).where(eq(scanPages.batchId, batchId));
  return rows.map((r) => r.id);
}
