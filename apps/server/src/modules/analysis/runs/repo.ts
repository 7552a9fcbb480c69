import { eq, inArray, sql } from 'drizzle-orm';
import { analysisRuns } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

// The computation state of runs (analysis_runs): queued (1) → running (2, with progress and a lease)
// → done (3) or failed (4, the previous results untouched). A computation is claimed with one
// conditional UPDATE, so two server processes never compute the same run at once; a crashed
// worker's lease runs out and the run is claimed again. `started_at` identifies the claim.

export type RunRow = typeof analysisRuns.$inferSelect;

export interface WantedRun {
  runKey: string;
  schoolId: number | null;
  multiExamIds: number[];
  stamp: string;
}

export async function runRows(ex: Executor, runKeys: string[]): Promise<RunRow[]> {
  if (runKeys.length === 0) return [];
  return ex.select().from(analysisRuns).where(inArray(analysisRuns.runKey, runKeys));
}

export async function allWantedStamps(ex: Executor): Promise<Map<string, string | null>> {
  const rows = await ex.select({ runKey: analysisRuns.runKey, wanted: analysisRuns.wantedStamp }).from(analysisRuns);
  return new Map(rows.map((r) => [r.runKey, r.wanted]));
}

/**
 * Records the stamps runs should have. A changed stamp restarts the debounce (requested_at) and
 * queues the run, unless it is running (it is queued again when that computation ends).
 */
export async function recordWanted(ex: Executor, runs: WantedRun[], dueNow: boolean): Promise<void> {
  for (const run of runs) {
    const requestedAt = dueNow ? sql`now() - interval '1 hour'` : sql`now()`;
    await ex
      .insert(analysisRuns)
      .values({
        runKey: run.runKey,
        schoolId: run.schoolId,
        multiExamIds: run.multiExamIds,
        status: 1,
        message: '排队中',
        wantedStamp: run.stamp,
        requestedAt,
      })
      .onConflictDoUpdate({
        target: analysisRuns.runKey,
        set: {
          multiExamIds: run.multiExamIds,
          wantedStamp: run.stamp,
          requestedAt,
          status: sql`case when ${analysisRuns.status} = 2 then 2
            when ${analysisRuns.computedStamp} = ${run.stamp} then 3 else 1 end`,
          message: sql`case when ${analysisRuns.status} = 2 then ${analysisRuns.message}
            when ${analysisRuns.computedStamp} = ${run.stamp} then '计算完成' else '排队中' end`,
        },
        setWhere: sql`${analysisRuns.wantedStamp} is distinct from ${run.stamp}`,
      });
  }
}

/** Queues a run now, even when its results are current (a requested recomputation). */
export async function requeue(ex: Executor, run: WantedRun): Promise<void> {
  await ex
    .insert(analysisRuns)
    .values({
      runKey: run.runKey,
      schoolId: run.schoolId,
      multiExamIds: run.multiExamIds,
      status: 1,
      message: '排队中',
      wantedStamp: run.stamp,
      requestedAt: sql`now() - interval '1 hour'`,
    })
    .onConflictDoUpdate({
      target: analysisRuns.runKey,
      set: {
        multiExamIds: run.multiExamIds,
        wantedStamp: run.stamp,
        requestedAt: sql`now() - interval '1 hour'`,
        status: sql`case when ${analysisRuns.status} = 2 then 2 else 1 end`,
        message: sql`case when ${analysisRuns.status} = 2 then ${analysisRuns.message} else '排队中' end`,
      },
    });
}

/** Runs ready to compute: queued and quiet for `quietMs`, or running under an expired lease. */
export async function dueRunKeys(ex: Executor, quietMs: number): Promise<string[]> {
  const rows = await ex
    .select({ runKey: analysisRuns.runKey })
    .from(analysisRuns)
    .where(
      sql`(${analysisRuns.status} = 1 and ${analysisRuns.requestedAt} <= now() - ${quietMs} * interval '1 millisecond')
        or (${analysisRuns.status} = 2 and ${analysisRuns.leaseUntil} < now())`,
    )
    .orderBy(analysisRuns.requestedAt);
  return rows.map((r) => r.runKey);
}

/** Takes a due run for this worker; null when another worker has it (or it is no longer due). */
export async function claim(
  ex: Executor,
  runKey: string,
  leaseMs: number,
  quietMs: number,
): Promise<{ startedAt: Date; multiExamIds: number[] } | null> {
  const [row] = await ex
    .update(analysisRuns)
    .set({
      status: 2,
      progress: 0,
      message: '开始计算…',
      // Milliseconds, so the claim compares equal to the Date it comes back as.
      startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(
      sql`${analysisRuns.runKey} = ${runKey} and (
        (${analysisRuns.status} = 1 and ${analysisRuns.requestedAt} <= now() - ${quietMs} * interval '1 millisecond')
        or (${analysisRuns.status} = 2 and ${analysisRuns.leaseUntil} < now()))`,
    )
    .returning({ startedAt: analysisRuns.startedAt, multiExamIds: analysisRuns.multiExamIds });
  return row ? { startedAt: row.startedAt!, multiExamIds: row.multiExamIds } : null;
}

const mine = (runKey: string, startedAt: Date) =>
  sql`${analysisRuns.runKey} = ${runKey} and ${analysisRuns.startedAt} = ${startedAt.toISOString()}::timestamptz`;

/** Progress of a claimed run; renews its lease. False when the claim was lost. */
export async function reportProgress(
  ex: Executor,
  runKey: string,
  startedAt: Date,
  leaseMs: number,
  progress: number,
  message: string,
): Promise<boolean> {
  const rows = await ex
    .update(analysisRuns)
    .set({ progress, message, leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(sql`${mine(runKey, startedAt)} and ${analysisRuns.status} = 2`)
    .returning({ runKey: analysisRuns.runKey });
  return rows.length > 0;
}

/** Marks a claimed run done with the stamp it was computed from (queued again if that is old). */
export async function finish(ex: Executor, runKey: string, startedAt: Date, stamp: string): Promise<boolean> {
  const rows = await ex
    .update(analysisRuns)
    .set({
      computedStamp: stamp,
      computedAt: sql`now()`,
      status: sql`case when ${analysisRuns.wantedStamp} = ${stamp} then 3 else 1 end`,
      progress: 100,
      message: sql`case when ${analysisRuns.wantedStamp} = ${stamp} then '计算完成' else '成绩已变化，排队重新计算' end`,
      error: null,
      leaseUntil: null,
    })
    .where(sql`${mine(runKey, startedAt)} and ${analysisRuns.status} = 2`)
    .returning({ runKey: analysisRuns.runKey });
  return rows.length > 0;
}

/** A failed computation: says why; the stored results stay. Queued again if the stamp moved on. */
export async function fail(
  ex: Executor,
  runKey: string,
  startedAt: Date,
  stamp: string | null,
  reason: string,
): Promise<void> {
  await ex
    .update(analysisRuns)
    .set({
      status: sql`case when ${stamp}::text is not null and ${analysisRuns.wantedStamp} is distinct from ${stamp}::text then 1 else 4 end`,
      message: '计算失败',
      error: reason,
      leaseUntil: null,
    })
    .where(sql`${mine(runKey, startedAt)} and ${analysisRuns.status} = 2`);
}

export async function runRow(ex: Executor, runKey: string): Promise<RunRow | null> {
  const [row] = await ex.select().from(analysisRuns).where(eq(analysisRuns.runKey, runKey));
  return row ?? null;
}
