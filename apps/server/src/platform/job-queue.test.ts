import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import type { Database } from './db.ts';
import { type JobQueue, openJobQueue } from './job-queue.ts';

// The queue on the engine under test (PGlite, or PostgreSQL with TEST_DATABASE_URL): jobs run once,
// a key waits once, several workers share a queue, a failing job is retried, and a job whose worker
// died mid-way (its lease ran out) is handed out again.

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await openJobQueue(database, { supervise: false });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const until = async (check: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('job queue', () => {
  it('runs every job once across two workers, and a waiting key only once', async () => {
    await queue.defineQueue('t-once', { leaseSeconds: 30, retryLimit: 0, retryDelaySeconds: 0 });
    const seen: number[] = [];
    const handler = async (data: { n: number }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(data.n);
    };
    await queue.send('t-once', [
      ...Array.from({ length: 40 }, (_, n) => ({ data: { n }, key: `k${n}` })),
      { data: { n: 0 }, key: 'k0' },
    ]);
    const a = queue.work('t-once', { concurrency: 3, pollMs: 50 }, handler);
    const b = queue.work('t-once', { concurrency: 3, pollMs: 50 }, handler);
    await until(() => seen.length >= 40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all([a.stop(), b.stop()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(await queue.size('t-once')).toEqual({ waiting: 0, active: 0 });
  });

  it('retries a job whose handler throws', async () => {
    await queue.defineQueue('t-retry', { leaseSeconds: 30, retryLimit: 2, retryDelaySeconds: 0 });
    let attempts = 0;
    await queue.send('t-retry', [{ data: {} }]);
    const worker = queue.work('t-retry', { concurrency: 1, pollMs: 30 }, async () => {
      attempts++;
      if (attempts < 3) throw new Error('transient');
    });
    await until(() => attempts >= 3);
    await worker.stop();
    expect(attempts).toBe(3);
    expect(await queue.size('t-retry')).toEqual({ waiting: 0, active: 0 });
  });

  it('hands out again a job whose worker died holding it, once its lease ran out', async () => {
    await queue.defineQueue('t-lease', { leaseSeconds: 1, retryLimit: 3, retryDelaySeconds: 0 });
    await queue.send('t-lease', [{ data: { n: 1 }, key: 'page-1' }]);
    // A worker takes the job and never finishes (a killed process): the job stays active.
    let taken = 0;
    const dying = queue.work('t-lease', { concurrency: 1, pollMs: 30 }, () => {
      taken++;
      return new Promise<void>(() => {});
    });
    await until(() => taken === 1);
    await dying.stop(0); // its job never completes, as when the process is killed
    expect(await queue.size('t-lease')).toEqual({ waiting: 0, active: 1 });

    await new Promise((resolve) => setTimeout(resolve, 1300));
    await queue.expireLeases();
    const done: number[] = [];
    const ran = await queue.drain<{ n: number }>('t-lease', async (data) => {
      done.push(data.n);
    });
    expect(ran).toBe(1);
    expect(done).toEqual([1]);
  });
});
