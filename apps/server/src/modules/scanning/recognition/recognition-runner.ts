import type { Db } from '../../../platform/db.ts';
import type { JobQueue, Worker } from '../../../platform/job-queue.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { unfinishedPages } from '../scans/scans-repo.ts';
import { createPageJob, type Recognise } from './recognise-job.ts';
import { closeRecognitionPool, recogniseOffThread, recognitionThreads } from './recognition-pool.ts';

// The page queue: one job per page (keyed by the page, so a page waits in the queue once), run by
// as many workers as the process has recognition threads, plus one to keep a thread busy while a
// result is written. On start, pages left unfinished by a crash are queued again; a job a dead
// process held comes back when its lease runs out (platform/job-queue.ts).

export const PAGE_QUEUE = 'scan-page';

export interface PageQueue {
  enqueue(pageIds: readonly number[]): Promise<void>;
}

export interface RunnerOptions {
  /** Seconds a taken page is a worker's (a page takes well under one). */
  leaseSeconds?: number;
  /** Wait before a failed page is tried again. */
  retryDelaySeconds?: number;
  /** Idle poll for pages other processes queued. */
  pollMs?: number;
  concurrency?: number;
  /** Recognise in this thread instead of worker threads (tests that want to stop mid-way). */
  recognise?: Recognise;
  onError?: (error: unknown, pageId: number | null) => void;
}

export function createRecognitionRunner(db: Db, queue: JobQueue, storage: FileStorage, options: RunnerOptions = {}) {
  const job = createPageJob(db, storage, options.recognise ?? recogniseOffThread);
  const handler = async (data: { pageId: number }) => job(data.pageId);
  let defined: Promise<void> | null = null;
  const define = () => {
    defined ??= queue.defineQueue(PAGE_QUEUE, {
      leaseSeconds: options.leaseSeconds ?? 120,
      retryLimit: 2,
      retryDelaySeconds: options.retryDelaySeconds ?? 5,
    });
    return defined;
  };
  let worker: Worker | null = null;

  const enqueue = async (pageIds: readonly number[]) => {
    await define();
    await queue.send(
      PAGE_QUEUE,
      pageIds.map((pageId) => ({ data: { pageId }, key: String(pageId) })),
    );
  };

  /** Pages not yet recognised (queued, or cut off mid-way by a crash) go back into the queue. */
  const requeueUnfinished = async () => {
    const ids = await unfinishedPages(db);
    await enqueue(ids);
    return ids.length;
  };

  return {
    enqueue,
    requeueUnfinished,
    async start() {
      await define();
      await requeueUnfinished();
      worker = queue.work(
        PAGE_QUEUE,
        {
          concurrency: options.concurrency ?? recognitionThreads() + 1,
          pollMs: options.pollMs ?? 1000,
          onError: (error, data) => options.onError?.(error, (data as { pageId?: number } | null)?.pageId ?? null),
        },
        handler,
      );
    },
    /** Runs every queued page in this process (tests, the demo seed). */
    async drain(concurrency = 2) {
      await define();
      return queue.drain(PAGE_QUEUE, handler, concurrency);
    },
    async stop(waitMs?: number) {
      await worker?.stop(waitMs);
      worker = null;
      await closeRecognitionPool();
    },
  };
}

export type RecognitionRunner = ReturnType<typeof createRecognitionRunner>;
