import { appendAudit } from '../../../platform/audit-log.ts';
import type { Db } from '../../../platform/db.ts';
import type { JobQueue } from '../../../platform/job-queue.ts';
import { lockKey } from '../../../platform/locks.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { PAGE_QUEUE, type PageQueue } from '../recognition/recognition-runner.ts';
import * as repo from './upkeep-repo.ts';

// The scanning upkeep (design: "Nothing lost"), run on a timer where pages are recognised:
// - a page stored but never queued (the process died between its commit and sending its job), or
//   left unfinished with no job to finish it (a job given up on), is queued again;
// - a deleted batch is kept (soft delete) only as long as its exam's scores are: once the exam has no
//   score left (its students or scores deleted through the exams module), the batch's originals, page
//   sources, crops and rows are purged, with an audit entry.
// Both are safe to run in several processes at once: a page waits in the queue once (keyed by page),
// and a purge locks the batch and the exam's scan results first, as every result writer does.

export interface UpkeepOptions {
  /** How often the upkeep runs (ms). */
  intervalMs?: number;
  /** A page uploaded less than this long ago may still be having its job sent (ms). */
  graceMs?: number;
  onError?: (error: unknown) => void;
}

/** The actor of what the upkeep does, in the audit log. */
const SYSTEM = '系统维护';

export function createScanUpkeep(
  db: Db,
  jobs: JobQueue,
  storage: FileStorage,
  pages: PageQueue,
  options: UpkeepOptions = {},
) {
  const graceMs = options.graceMs ?? 60_000;

  /** Queues the pages no job is waiting for or running; returns their ids. */
  async function requeueLostPages(now = new Date()): Promise<number[]> {
    // The live jobs first, then the pages: a page finished in between reads as done and is left alone.
    const live = await jobs.liveKeys(PAGE_QUEUE);
    const waiting = await repo.pagesAwaitingRecognition(db, new Date(now.getTime() - graceMs));
    const lost = waiting.filter((id) => !live.has(String(id)));
    await pages.enqueue(lost);
    return lost;
  }

  /** Purges the deleted batches of exams without scores; returns the batch ids purged. */
  async function purgeDeletedBatches(): Promise<number[]> {
    const purged: number[] = [];
    for (const candidate of await repo.purgeableBatches(db)) {
      const done = await db.transaction(async (tx) => {
        await lockKey(tx, 'scan-results', candidate.singleExamId);
        const batch = await repo.lockBatch(tx, candidate.id);
        // Gone already (another process), restored, or the exam has scores again: left as it is.
        if (!batch?.deletedAt || (await repo.examHasScores(tx, batch.singleExamId))) return null;
        const removed = await repo.deleteBatchRows(tx, batch.id);
        await appendAudit(tx, {
          actorLoginName: SYSTEM,
          schoolId: batch.schoolId,
          action: 'scanning.batch.purge',
          target: `scan_batch:${batch.id}`,
          before: {
            seId: batch.singleExamId,
            room: batch.room,
            deletedAt: batch.deletedAt.toISOString(),
            deletedBy: batch.deletedBy,
            deleteReason: batch.deleteReason,
          },
          after: {
            reason: '该科目考试已无成绩，已删除批次的原始扫描件、裁切图和记录一并清除',
            files: removed.files,
            pages: removed.pages,
            exceptions: removed.exceptions,
            storedFiles: removed.keys.length,
          },
        });
        return removed;
      });
      if (!done) continue;
      // Files after the commit: a file left behind by a failed removal is harmless, a row naming no file is not.
      await Promise.allSettled(done.keys.map((key) => storage.remove(key)));
      purged.push(candidate.id);
    }
    return purged;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    try {
      await requeueLostPages();
      await purgeDeletedBatches();
    } catch (error) {
      options.onError?.(error);
    }
  };

  return {
    requeueLostPages,
    purgeDeletedBatches,
    start() {
      timer ??= setInterval(() => {
        running ??= runOnce().finally(() => {
          running = null;
        });
      }, options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type ScanUpkeep = ReturnType<typeof createScanUpkeep>;
