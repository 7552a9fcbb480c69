import type { Db } from '../../../platform/db.ts';
import { AppError, ruleBroken } from '../../../platform/errors.ts';
import { computeRun } from '../compute/run.ts';
import type { RunData } from '../load/model.ts';
import { loadRun } from '../load/run.ts';
import { schoolRunFromUnion } from '../load/subset.ts';
import type { replaceRunResults } from '../store/repo.ts';
import * as runs from './repo.ts';

// Computing claimed runs: load (outside any transaction), compute with progress, then store in one
// transaction that also marks the run done with the stamp it was computed from. A failure leaves
// the stored results and records why. A union run and its member schools' runs share one load.

export interface ComputeContext {
  db: Db;
  leaseMs: number;
  store: typeof replaceRunResults;
  onError?: (runKey: string, error: unknown) => void;
}

export interface Claimed {
  runKey: string;
  startedAt: Date;
  /** The stamp read before loading (null: the exam is no longer finalised). */
  stamp: string | null;
}

const reasonOf = (error: unknown) =>
  error instanceof AppError ? error.message : `计算出错：${error instanceof Error ? error.message : String(error)}`;

const LOST = '计算已由其他进程接管';

/**
 * Loads and computes one claimed run; returns how to store it (null when it failed, already
 * recorded). Storing is separate so a union can compute its next school while the last one is
 * being written.
 */
async function prepare(
  ctx: ComputeContext,
  claimed: Claimed,
  load: () => Promise<RunData>,
): Promise<(() => Promise<boolean>) | null> {
  const { db, leaseMs } = ctx;
  const { runKey, startedAt, stamp } = claimed;
  const failed = async (error: unknown) => {
    ctx.onError?.(runKey, error);
    await runs.fail(db, runKey, startedAt, stamp, reasonOf(error));
    return false;
  };
  try {
    if (stamp === null) throw ruleBroken('考试尚未完成（锁定），分析报告保留上次的结果');
    let shown = 0;
    const progress = async (percent: number, message: string) => {
      const now = Date.now();
      if (now - shown >= 200) {
        shown = now;
        if (!(await runs.reportProgress(db, runKey, startedAt, leaseMs, percent, message))) throw new Error(LOST);
      }
      // Long computations give the event loop a turn between steps, so the server keeps answering.
      await new Promise((resolve) => setImmediate(resolve));
    };
    await progress(0, '正在读取成绩…');
    const result = await computeRun(await load(), progress);
    shown = 0;
    await progress(90, '正在保存结果…');
    return async () => {
      try {
        await ctx.store(db, result, async (tx) => {
          if (!(await runs.finish(tx, runKey, startedAt, stamp))) throw new Error(LOST);
        });
        return true;
      } catch (error) {
        return failed(error);
      }
    };
  } catch (error) {
    await failed(error);
    return null;
  }
}

/** Computes and stores one claimed run from the data `load` gives. */
export async function computeClaimed(
  ctx: ComputeContext,
  claimed: Claimed,
  load: () => Promise<RunData>,
): Promise<boolean> {
  const store = await prepare(ctx, claimed, load);
  return store === null ? false : store();
}

/**
 * A union run, then its claimed member school runs cut out of the union's data (each loads on its
 * own when the cut is not possible or the union's load failed). Stamps were read before loading.
 * One store is written while the next run is computed (the database works while this process does).
 */
export async function computeUnion(
  ctx: ComputeContext,
  union: Claimed,
  members: (Claimed & { meId: number })[],
): Promise<number> {
  let data: RunData | null = null;
  let computed = 0;
  let writing: Promise<boolean> = Promise.resolve(false);
  const queue = async (store: (() => Promise<boolean>) | null) => {
    computed += Number(await writing);
    writing = store === null ? Promise.resolve(false) : store();
    // Awaited at the next call, after the next run has loaded: observed now, so a failed store is
    // not an unhandled rejection meanwhile (that await still throws it).
    writing.catch(() => {});
  };
  await queue(
    await prepare(ctx, union, async () => {
      data = await loadRun(ctx.db, { unionKey: union.runKey.slice('union:'.length) });
      return data;
    }),
  );
  for (const member of members) {
    const loaded: RunData | null = data;
    await queue(
      await prepare(
        ctx,
        member,
        async () =>
          (loaded === null ? null : await schoolRunFromUnion(ctx.db, loaded, member.meId)) ??
          (await loadRun(ctx.db, { meId: member.meId })),
      ),
    );
  }
  return computed + Number(await writing);
}
