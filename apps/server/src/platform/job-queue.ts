import PgBoss from 'pg-boss';
import type { Database } from './db.ts';

// Background jobs in the database (answer-cards-and-scanning.md "Scale"): pg-boss 10 on both
// engines. On PostgreSQL any number of processes take jobs from the same tables (SKIP LOCKED); on
// the embedded PGlite the same pg-boss tables and SQL run through a small executeSql adapter (its
// multi-statement scripts go through `exec`). A job taken by a worker is leased: a worker that dies
// leaves it `active` until its lease (the queue's expireInSeconds) runs out, then maintenance fails it
// back to `retry` and another worker takes it — so a crash loses no job (docs/decisions.md).

export interface QueueSettings {
  /** How long a taken job is a worker's before it is handed out again. */
  leaseSeconds: number;
  /** Attempts after the first, for jobs whose handler throws. */
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface WorkOptions {
  /** Jobs of this queue a process runs at once. */
  concurrency: number;
  /** How often an idle worker looks for jobs another process queued (its own are noticed at once). */
  pollMs: number;
  onError?: (error: unknown, data: unknown) => void;
}

export interface Worker {
  /**
   * Takes no new job and waits up to `waitMs` for the running ones; a job still running after that
   * is left to its lease, as if the process had died.
   */
  stop(waitMs?: number): Promise<void>;
}

export interface JobQueue {
  defineQueue(name: string, settings: QueueSettings): Promise<void>;
  /** Queues jobs; a `key` already waiting in the queue is not queued twice. */
  send(name: string, jobs: { data: object; key?: string }[]): Promise<void>;
  work<T>(name: string, options: WorkOptions, handler: (data: T) => Promise<void>): Worker;
  /** Runs ready jobs in this process until none is left (tests, command-line tools); returns how many ran. */
  drain<T>(name: string, handler: (data: T) => Promise<void>, concurrency?: number): Promise<number>;
  /** Jobs whose lease ran out go back to be retried (maintenance does this on its own every interval). */
  expireLeases(): Promise<void>;
  /** Jobs waiting or running, per state. */
  size(name: string): Promise<{ waiting: number; active: number }>;
  /** The keys of the queue's jobs not yet over (waiting, to be retried or running). */
  liveKeys(name: string): Promise<Set<string>>;
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number; rowCount?: number }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** pg-boss's `db` option over the driver the app already holds: PGlite or the node-postgres pool. */
function executorOf(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: RawClient }).$client;
  if (database.kind === 'pglite') {
    return {
      async executeSql(text, values) {
        // PGlite's extended protocol takes one statement; pg-boss's scripts (migrations, locked
        // maintenance) are several and carry no values, so they go through the simple protocol.
        if ((!values || values.length === 0) && client.exec) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return { rows: (await client.query(text, values ?? [])).rows };
      },
    };
  }
  return { executeSql: async (text, values) => ({ rows: (await client.query(text, values ?? [])).rows }) };
}

export interface JobQueueOptions {
  /** Run maintenance (lease expiry, archiving) on a timer; off in tests, which call expireLeases. */
  supervise: boolean;
  maintenanceIntervalSeconds?: number;
}

export async function openJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  const executor = executorOf(database);
  const boss = new PgBoss({
    db: executor,
    schema: SCHEMA,
    supervise: options.supervise,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  const errors: unknown[] = [];
  boss.on('error', (error) => errors.push(error));
  await boss.start();
  const workers = new Set<Worker>();
  /** Wakes this process's idle workers of a queue when it queues a job itself. */
  const wakers = new Map<string, Set<() => void>>();

  const runOne = async <T>(name: string, job: PgBoss.Job<T>, handler: (data: T) => Promise<void>) => {
    try {
      await handler(job.data);
      await boss.complete(name, job.id);
    } catch (error) {
      await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  return {
    async defineQueue(name, settings) {
      const queue = {
        name,
        policy: 'stately' as const,
        expireInSeconds: settings.leaseSeconds,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    },

    async send(name, jobs) {
      if (jobs.length === 0) return;
      // stately: one waiting job per key; a key already waiting is skipped, one running gets a successor.
      for (const job of jobs) await boss.send(name, job.data, job.key ? { singletonKey: job.key } : {});
      for (const wake of wakers.get(name) ?? []) wake();
    },

    work(name, options, handler) {
      let running = true;
      let inFlight = 0;
      let wake: (() => void) | null = null;
      const nap = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
        });
      const poke = () => wake?.();
      const set = wakers.get(name) ?? new Set<() => void>();
      wakers.set(name, set);
      set.add(poke);

      let deadline = Number.POSITIVE_INFINITY;
      const loop = (async () => {
        while (running) {
          const free = options.concurrency - inFlight;
          if (free <= 0) {
            await nap(options.pollMs);
            continue;
          }
          let jobs: PgBoss.Job<unknown>[] = [];
          try {
            jobs = await boss.fetch(name, { batchSize: free });
          } catch (error) {
            if (!running) break;
            options.onError?.(error, null);
          }
          for (const job of jobs) {
            inFlight++;
            runOne(name, job, handler as (data: unknown) => Promise<void>)
              .catch((error) => options.onError?.(error, job.data))
              .finally(() => {
                inFlight--;
                poke();
              });
          }
          if (jobs.length === 0 || inFlight >= options.concurrency) await nap(options.pollMs);
        }
        while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      })();

      const worker: Worker = {
        async stop(waitMs = 30_000) {
          deadline = Date.now() + waitMs;
          running = false;
          poke();
          set.delete(poke);
          await loop;
          workers.delete(worker);
        },
      };
      workers.add(worker);
      return worker;
    },

    async drain(name, handler, concurrency = 1) {
      let ran = 0;
      for (;;) {
        const jobs = await boss.fetch<never>(name, { batchSize: concurrency });
        if (jobs.length === 0) return ran;
        const outcomes = await Promise.allSettled(jobs.map((job) => runOne(name, job, handler)));
        ran += jobs.length;
        const failed = outcomes.find((o) => o.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
      }
    },

    expireLeases: () => boss.expire(),

    async size(name) {
      const waiting = await boss.getQueueSize(name, { before: 'active' });
      const all = await boss.getQueueSize(name, { before: 'completed' });
      return { waiting, active: all - waiting };
    },

    async liveKeys(name) {
      // pg-boss's job states are an ordered enum: created < retry < active < completed < cancelled < failed.
      const { rows } = await executor.executeSql(
        `select distinct singleton_key as key from ${SCHEMA}.job where name = $1 and state < 'completed' and singleton_key is not null`,
        [name],
      );
      return new Set((rows as { key: string }[]).map((r) => r.key));
    },

    async stop() {
      await Promise.all([...workers].map((w) => w.stop()));
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

/**
 * The queue opened on first use: a process (or a test) that never queues or works a job never
 * creates pg-boss's tables or timers. stop() is a no-op when it was never opened.
 */
export function lazyJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  let opened: Promise<JobQueue> | null = null;
  const queue = () => {
    opened ??= openJobQueue(database, options);
    return opened;
  };
  const workers = new Set<Promise<Worker>>();
  return {
    defineQueue: async (name, settings) => (await queue()).defineQueue(name, settings),
    send: async (name, jobs) => {
      if (jobs.length > 0) await (await queue()).send(name, jobs);
    },
    work(name, options, handler) {
      const started = queue().then((q) => q.work(name, options, handler));
      workers.add(started);
      return {
        async stop(waitMs) {
          workers.delete(started);
          await (await started).stop(waitMs);
        },
      };
    },
    drain: async (name, handler, concurrency) => (await queue()).drain(name, handler, concurrency),
    expireLeases: async () => (await queue()).expireLeases(),
    size: async (name) => (await queue()).size(name),
    liveKeys: async (name) => (await queue()).liveKeys(name),
    async stop() {
      if (!opened) return;
      await (await opened).stop();
    },
  };
}
