import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import { studentScores } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { recognizeExceptions, scanBatches, scanFiles, scanOriginals, scanPages } from '../scans/scans-schema.ts';

// What the scanning upkeep reads and removes: pages whose recognition was never queued or never
// finished, and deleted batches of exams that no longer have scores, with everything under them.

/** Pages not recognised yet, of live batches, uploaded before `before` (an upload still sending its jobs is left alone). */
export async function pagesAwaitingRecognition(ex: Executor, before: Date): Promise<number[]> {
  const rows = await ex
    .select({ id: scanPages.id })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .innerJoin(scanFiles, eq(scanFiles.id, scanPages.fileId))
    .where(
      and(
        inArray(scanPages.status, ['queued', 'recognising']),
        isNull(scanBatches.deletedAt),
        lt(scanFiles.uploadedAt, before),
      ),
    )
    .orderBy(asc(scanPages.id));
  return rows.map((r) => r.id);
}

/** Deleted batches whose single exam has no score left: nothing their originals still stand for. */
export async function purgeableBatches(ex: Executor) {
  return ex
    .select({ id: scanBatches.id, singleExamId: scanBatches.singleExamId })
    .from(scanBatches)
    .where(
      and(
        isNotNull(scanBatches.deletedAt),
        notExists(
          ex
            .select({ one: sql`1` })
            .from(studentScores)
            .where(eq(studentScores.singleExamId, scanBatches.singleExamId)),
        ),
      ),
    )
    .orderBy(asc(scanBatches.id));
}

export async function examHasScores(ex: Executor, seId: number): Promise<boolean> {
  const rows = await ex
    .select({ one: sql`1` })
    .from(studentScores)
    .where(eq(studentScores.singleExamId, seId))
    .limit(1);
  return rows.length > 0;
}

export async function lockBatch(tx: Executor, batchId: number) {
  const [row] = await tx.select().from(scanBatches).where(eq(scanBatches.id, batchId)).for('update');
  return row ?? null;
}

export interface PurgedBatch {
  files: number;
  pages: number;
  exceptions: number;
  /** Storage keys no row names any more: removed after the commit. */
  keys: string[];
}

/** Deletes a batch's exceptions, pages, files, the originals no other file shares, and the batch. */
export async function deleteBatchRows(tx: Executor, batchId: number): Promise<PurgedBatch> {
  const pages = await tx
    .select({
      id: scanPages.id,
      sourceKey: scanPages.sourceKey,
      imageKey: scanPages.imageKey,
      result: scanPages.result,
    })
    .from(scanPages)
    .where(eq(scanPages.batchId, batchId));
  const files = await tx
    .select({ id: scanFiles.id, originalId: scanFiles.originalId })
    .from(scanFiles)
    .where(eq(scanFiles.batchId, batchId));
  const pageIds = pages.map((p) => p.id);
  const exceptions =
    pageIds.length === 0
      ? []
      : await tx
          .delete(recognizeExceptions)
          .where(inArray(recognizeExceptions.pageId, pageIds))
          .returning({ id: recognizeExceptions.id });
  await tx.delete(scanPages).where(eq(scanPages.batchId, batchId));
  await tx.delete(scanFiles).where(eq(scanFiles.batchId, batchId));
  await tx.delete(scanBatches).where(eq(scanBatches.id, batchId));

  // An original is stored once per school: another batch (of any exam) may still name it.
  const originalIds = [...new Set(files.map((f) => f.originalId).filter((id): id is number => id !== null))];
  const originals =
    originalIds.length === 0
      ? []
      : await tx.select().from(scanOriginals).where(inArray(scanOriginals.id, originalIds)).for('update');
  const kept = new Set<string>();
  const keys = new Set<string>();
  for (const original of originals) {
    const [shared] = await tx
      .select({ id: scanFiles.id })
      .from(scanFiles)
      .where(eq(scanFiles.originalId, original.id))
      .limit(1);
    if (shared) {
      kept.add(original.storageKey);
      continue;
    }
    await tx.delete(scanOriginals).where(eq(scanOriginals.id, original.id));
    keys.add(original.storageKey);
  }
  for (const page of pages) {
    keys.add(page.sourceKey);
    if (page.imageKey) keys.add(page.imageKey);
    for (const crop of page.result?.crops ?? []) keys.add(crop.key);
  }
  for (const key of kept) keys.delete(key);
  return { files: files.length, pages: pages.length, exceptions: exceptions.length, keys: [...keys] };
}
