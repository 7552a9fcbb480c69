import type { ScanBatch, ScanFile, scanningScansApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { AppError, ruleBroken } from '../../../platform/errors.ts';
import type { Upload } from '../../../platform/files.ts';
import { lockKey } from '../../../platform/locks.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { refreshPage, refreshStudents } from '../exceptions/sheet-refresh.ts';
import type { PageQueue } from '../recognition/recognition-runner.ts';
import { type CheckedFile, checkScanFile, filesOf, type IncomingFile, sha256Of } from './scan-intake.ts';
import * as repo from './scans-repo.ts';

// Batches and their files (design: "Scanning", input): a batch of one single exam (and optionally one
// room); each file checked and split into pages before anything is stored, its original stored once
// per school by sha-256 (the same bytes again in this exam are a duplicate, not stored twice), its
// pages written and queued for recognition. A refused file is a line with its reason; nothing else
// in the batch is touched. Deleting a batch is soft: its originals stay with the exam's scores.

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;

export function createScansService(db: Db, storage: FileStorage, pages: PageQueue) {
  async function ownBatch(actor: Actor, schoolId: string, batchId: string) {
    const school = schoolOf(actor, schoolId);
    return ownedBy(await repo.findBatch(db, idOf(batchId, '扫描批次')), school, '扫描批次不存在');
  }

  async function batchViews(batches: repo.BatchRow[]): Promise<ScanBatch[]> {
    const figures = await repo.batchFigures(
      db,
      batches.map((b) => b.id),
    );
    const names = await repo.userNames(
      db,
      batches.flatMap((b) => [b.createdBy, ...(b.deletedBy ? [b.deletedBy] : [])]),
    );
    return batches.map((b) => {
      const f = figures.get(b.id)!;
      const total = f.pages.queued + f.pages.recognising + f.pages.done + f.pages.failed;
      return {
        batchId: String(b.id),
        seId: String(b.singleExamId),
        room: b.room,
        dpi: b.dpi,
        createdBy: String(b.createdBy),
        createdByName: names.get(b.createdBy) ?? '',
        createdAt: b.createdAt.toISOString(),
        deletedAt: b.deletedAt?.toISOString() ?? null,
        deletedByName: b.deletedBy ? (names.get(b.deletedBy) ?? '') : null,
        deleteReason: b.deleteReason,
        files: { stored: f.files.stored ?? 0, duplicate: f.files.duplicate ?? 0, refused: f.files.refused ?? 0 },
        pages: { total, ...f.pages },
        openExceptions: f.openExceptions,
      };
    });
  }

  async function fileViews(files: repo.FileRow[]): Promise<ScanFile[]> {
    const counts = await repo.pageCountsByFile(db, [...new Set(files.map((f) => f.batchId))]);
    return files.map((f) => ({
      fileId: String(f.id),
      batchId: String(f.batchId),
      fileName: f.fileName,
      archiveName: f.archiveName,
      size: f.size,
      sha256: f.sha256,
      status: f.status as ScanFile['status'],
      message: f.message,
      pageCount: f.pageCount,
      pages: counts.get(f.id) ?? { queued: 0, recognising: 0, done: 0, failed: 0 },
      uploadedAt: f.uploadedAt.toISOString(),
    }));
  }

  /** One file: refused, a duplicate, or stored with its pages (returns the file row and pages to queue). */
  async function intake(batch: repo.BatchRow, file: IncomingFile, checked: CheckedFile) {
    const base = {
      schoolId: batch.schoolId,
      singleExamId: batch.singleExamId,
      batchId: batch.id,
      fileName: file.fileName,
      archiveName: file.archiveName,
      size: file.bytes.length,
      sha256: checked.sha256,
    };
    if (!checked.ok) {
      return { row: await repo.insertFile(db, { ...base, status: 'refused', message: checked.message }), pageIds: [] };
    }
    const duplicateOf = async (ex: Executor) => {
      const earlier = await repo.storedFileWithSha(ex, batch.singleExamId, checked.sha256);
      return earlier ? `与批次 ${earlier.batchId} 中已上传的“${earlier.fileName}”相同，未重复保存` : null;
    };
    const early = await duplicateOf(db);
    if (early) return { row: await repo.insertFile(db, { ...base, status: 'duplicate', message: early }), pageIds: [] };

    // Bytes go to storage before the transaction (no file work inside it); whatever the transaction
    // does not end up naming is removed after it.
    const known = await repo.findOriginal(db, batch.schoolId, checked.sha256);
    const written: string[] = [];
    const put = async (folder: string, name: string, bytes: Buffer) => {
      const key = await storage.put(folder, name, bytes);
      written.push(key);
      return key;
    };
    try {
      const originalKey = known?.storageKey ?? (await put('scans', file.fileName, file.bytes));
      const single = checked.pages.length === 1 && checked.pages[0]!.bytes === file.bytes;
      const sources: { key: string; format: string; checksum: string }[] = [];
      for (const page of checked.pages) {
        const key = single ? originalKey : await put('scan-pages', `page.${page.format}`, page.bytes);
        sources.push({ key, format: page.format, checksum: page.checksum });
      }
      const result = await db.transaction(async (tx) => {
        // Two uploads of the same bytes into one exam at once: one stores, the other is its duplicate.
        await lockKey(tx, 'scan-file', `${batch.singleExamId}:${checked.sha256}`);
        const duplicate = await duplicateOf(tx);
        if (duplicate) {
          return {
            row: await repo.insertFile(tx, { ...base, status: 'duplicate', message: duplicate }),
            pageIds: [],
            keep: [],
          };
        }
        const original = await repo.claimOriginal(tx, {
          schoolId: batch.schoolId,
          sha256: checked.sha256,
          storageKey: originalKey,
          size: file.bytes.length,
        });
        const keyOf = (key: string) => (key === originalKey ? original.storageKey : key);
        const row = await repo.insertFile(tx, {
          ...base,
          originalId: original.id,
          format: checked.format,
          status: 'stored',
          pageCount: sources.length,
        });
        const pageIds = await repo.insertPages(
          tx,
          sources.map((s, pageIndex) => ({
            schoolId: batch.schoolId,
            singleExamId: batch.singleExamId,
            batchId: batch.id,
            fileId: row.id,
            pageIndex,
            sourceKey: keyOf(s.key),
            sourceFormat: s.format,
            checksum: s.checksum,
          })),
        );
        return { row, pageIds, keep: [original.storageKey, ...sources.map((s) => keyOf(s.key))] };
      });
      for (const key of written) if (!result.keep.includes(key)) await storage.remove(key).catch(() => {});
      return { row: result.row, pageIds: result.pageIds };
    } catch (error) {
      for (const key of written) await storage.remove(key).catch(() => {});
      throw error;
    }
  }

  return {
    async createBatch(actor: Actor, p: Params<'createBatch'>): Promise<ScanBatch> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const batch = await db.transaction(async (tx) => {
        const row = await repo.insertBatch(tx, {
          schoolId: single.schoolId,
          singleExamId: single.id,
          room: p.room || null,
          dpi: p.dpi,
          createdBy: actor.userId,
        });
        await recordAudit(tx, {
          actor,
          action: 'scanning.batch.create',
          target: `scan_batch:${row.id}`,
          after: { seId: single.id, room: row.room },
        });
        return row;
      });
      return (await batchViews([batch]))[0]!;
    },

    async uploadScanFile(actor: Actor, p: Params<'uploadScanFile'>, upload: Upload) {
      const batch = await ownBatch(actor, p.schoolId, p.batchId);
      if (batch.deletedAt) throw ruleBroken('该扫描批次已删除，不能再上传');
      const rows: repo.FileRow[] = [];
      const queued: number[] = [];
      const incoming: IncomingFile = { fileName: upload.fileName, archiveName: null, bytes: upload.buffer };
      try {
        for (const file of filesOf(incoming)) {
          const { row, pageIds } = await intake(batch, file, await checkScanFile(file));
          rows.push(row);
          queued.push(...pageIds);
        }
      } catch (error) {
        // The zip itself is refused (unreadable, unsafe paths, too large): one line says why.
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        const refused: CheckedFile = { ok: false, sha256: sha256Of(upload.buffer), message: error.message };
        rows.push((await intake(batch, incoming, refused)).row);
      }
      await pages.enqueue(queued);
      return { files: await fileViews(rows) };
    },

    async findBatches(actor: Actor, p: Params<'findBatches'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return batchViews(await repo.batchesOf(db, single.id, false));
    },

    async batchHistory(actor: Actor, p: Params<'batchHistory'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return batchViews(await repo.batchesOf(db, single.id, true));
    },

    async batchStatus(actor: Actor, p: Params<'batchStatus'>) {
      const batch = await ownBatch(actor, p.schoolId, p.batchId);
      const [view] = await batchViews([batch]);
      return { ...view!, fileList: await fileViews(await repo.filesOfBatch(db, batch.id)) };
    },

    async deleteBatch(actor: Actor, p: Params<'deleteBatch'>) {
      const owned = await ownBatch(actor, p.schoolId, p.batchId);
      await db.transaction(async (tx) => {
        // The exam's scan results are rewritten below: its lock first, as every result writer takes it.
        await lockKey(tx, 'scan-results', owned.singleExamId);
        const batch = await repo.lockBatch(tx, owned.id);
        if (!batch || batch.deletedAt) throw ruleBroken('该扫描批次已删除');
        await repo.softDeleteBatch(tx, batch.id, actor.userId, p.reason);
        // Its pages leave the sheets: their students' exceptions and answers are worked out again.
        const context = {
          actor,
          schoolId: batch.schoolId,
          seId: batch.singleExamId,
          reason: `删除扫描批次 ${batch.id}：${p.reason}`,
        };
        const touched = new Set<number>();
        for (const pageId of await repo.pageIdsOfBatch(tx, batch.id)) {
          for (const id of await refreshPage(tx, context, pageId)) touched.add(id);
        }
        await refreshStudents(tx, context, [...touched]);
        await recordAudit(tx, {
          actor,
          action: 'scanning.batch.delete',
          target: `scan_batch:${batch.id}`,
          after: { reason: p.reason },
        });
      });
      return (await batchViews([(await repo.findBatch(db, owned.id))!]))[0]!;
    },

    async recognizeAgain(actor: Actor, p: Params<'recognizeAgain'>) {
      const batch = await ownBatch(actor, p.schoolId, p.batchId);
      if (batch.deletedAt) throw ruleBroken('该扫描批次已删除');
      const ids = p.pageIds?.map((id) => idOf(id, '扫描页'));
      const queued = await db.transaction((tx) => repo.requeuePages(tx, batch.id, ids));
      await pages.enqueue(queued);
      return { queued: queued.length };
    },
  };
}

export type ScansService = ReturnType<typeof createScansService>;
