import type { ReportStatus } from '@huikao/contracts';
import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { loadRun } from '../load/run.ts';
import { replaceRunResults } from '../store/repo.ts';
import { type Claimed, type ComputeContext, computeClaimed, computeUnion } from './compute.ts';
import * as runs from './repo.ts';
import { type ExamStamp, examStamps, schoolStamp, unionStamp } from './stamp-repo.ts';

// When reports are computed. A run is wanted whenever its exam is finalised or published and
// whenever its stamp moves (scores, settings, publishing); the background worker polls every
// `pollMs`, and computes a run once its stamp has been quiet for `quietMs`, so a burst of score
// saves computes once. The heavy work runs outside any transaction; the results replace the old
// ones in one transaction, and a failure leaves them in place and records why.

export interface ReportRuns {
  /** Queue the school run of an exam, and its union run, now (type 5 recomputation). */
  request(multiExamId: number): Promise<void>;
  status(runKey: string): Promise<ReportStatus>;
  statuses(runKeys: string[]): Promise<Map<string, ReportStatus>>;
  /** Computes every wanted run now, without waiting for quiet; returns how many were computed. */
  runPending(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface RunsOptions {
  pollMs?: number;
  quietMs?: number;
  leaseMs?: number;
  /** How results are stored (replaceable, e.g. to observe a failure). */
  store?: typeof replaceRunResults;
  onError?: (runKey: string, error: unknown) => void;
}

export const schoolRunKey = (meId: number) => `me:${meId}`;
export const unionRunKey = (unionKey: string) => `union:${unionKey}`;

/** The runs the finalised or published exams call for, with the stamps they should have. */
function wantedRuns(stamps: ExamStamp[]): runs.WantedRun[] {
  const wanted: runs.WantedRun[] = stamps.map((e) => ({
    runKey: schoolRunKey(e.meId),
    schoolId: e.schoolId,
    multiExamIds: [e.meId],
    stamp: schoolStamp(e),
  }));
  const unions = new Map<string, ExamStamp[]>();
  for (const e of stamps) if (e.unionKey) unions.set(e.unionKey, [...(unions.get(e.unionKey) ?? []), e]);
  for (const [key, members] of unions) {
    wanted.push({
      runKey: unionRunKey(key),
      schoolId: null,
      multiExamIds: members.map((m) => m.meId),
      stamp: unionStamp(members),
    });
  }
  return wanted;
}

async function currentStamps(db: Db, runKeys: string[]): Promise<Map<string, string>> {
  const meIds = runKeys.filter((k) => k.startsWith('me:')).map((k) => Number(k.slice(3)));
  const unionKeys = runKeys.filter((k) => k.startsWith('union:')).map((k) => k.slice('union:'.length));
  const stamps = new Map<number, ExamStamp>();
  for (const e of meIds.length ? await examStamps(db, { meIds }) : []) stamps.set(e.meId, e);
  for (const e of unionKeys.length ? await examStamps(db, { unionKeys }) : []) stamps.set(e.meId, e);
  return new Map(wantedRuns([...stamps.values()]).map((w) => [w.runKey, w.stamp]));
}

export function createReportRuns(db: Db, options: RunsOptions = {}): ReportRuns {
  const pollMs = options.pollMs ?? 2_000;
  const quietMs = options.quietMs ?? pollMs;
  const leaseMs = options.leaseMs ?? 300_000;
  const store = options.store ?? replaceRunResults;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let stopping = false;

  async function sync(dueNow: boolean): Promise<void> {
    const known = await runs.allWantedStamps(db);
    const changed = wantedRuns(await examStamps(db)).filter((w) => known.get(w.runKey) !== w.stamp);
    await runs.recordWanted(db, changed, dueNow);
  }

  const ctx: ComputeContext = { db, leaseMs, store, onError: options.onError };

  /**
   * Claims and computes due runs: each union first, with its members' due school runs from the same
   * load; then the remaining school runs in exam order. Stamps are read before any data is loaded.
   */
  async function drain(quiet: number): Promise<number> {
    const due = await runs.dueRunKeys(db, quiet);
    const unions = due.filter((k) => k.startsWith('union:'));
    const schools = due.filter((k) => k.startsWith('me:')).sort((a, b) => meIdOf(a) - meIdOf(b));
    let computed = 0;
    for (const key of unions) {
      if (stopping) return computed;
      const claim = await runs.claim(db, key, leaseMs, quiet);
      if (claim === null) continue;
      const members: (Claimed & { meId: number })[] = [];
      for (const meId of claim.multiExamIds) {
        const member = schoolRunKey(meId);
        if (!schools.includes(member)) continue;
        const memberClaim = await runs.claim(db, member, leaseMs, quiet);
        if (memberClaim) members.push({ runKey: member, startedAt: memberClaim.startedAt, stamp: null, meId });
      }
      const stamps = await currentStamps(db, [key, ...members.map((m) => m.runKey)]);
      for (const m of members) m.stamp = stamps.get(m.runKey) ?? null;
      const union = { runKey: key, startedAt: claim.startedAt, stamp: stamps.get(key) ?? null };
      computed += await computeUnion(ctx, union, members);
      for (const m of members) schools.splice(schools.indexOf(m.runKey), 1);
    }
    for (const key of schools) {
      if (stopping) return computed;
      const claim = await runs.claim(db, key, leaseMs, quiet);
      if (claim === null) continue;
      const stamp = (await currentStamps(db, [key])).get(key) ?? null;
      const claimed = { runKey: key, startedAt: claim.startedAt, stamp };
      computed += Number(await computeClaimed(ctx, claimed, () => loadRun(db, { meId: meIdOf(key) })));
    }
    return computed;
  }

  const tick = async () => {
    try {
      await sync(false);
      await drain(quietMs);
    } catch (error) {
      options.onError?.('worker', error);
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      ticking = tick().finally(() => {
        ticking = null;
        if (!stopping) schedule();
      });
    }, pollMs);
    timer.unref();
  };

  const service: ReportRuns = {
    async request(multiExamId) {
      const [exam] = await examStamps(db, { meIds: [multiExamId] });
      if (!exam) throw ruleBroken('考试尚未完成（锁定），不能计算分析报告');
      await runs.requeue(db, wantedRuns([exam])[0]!);
      if (exam.unionKey) {
        const union = wantedRuns(await examStamps(db, { unionKeys: [exam.unionKey] })).find(
          (w) => w.runKey === unionRunKey(exam.unionKey!),
        );
        if (union) await runs.requeue(db, union);
      }
    },

    async status(runKey) {
      return (await service.statuses([runKey])).get(runKey)!;
    },

    async statuses(runKeys) {
      const rows = new Map((await runs.runRows(db, runKeys)).map((r) => [r.runKey, r]));
      const live = await currentStamps(db, runKeys);
      return new Map(
        runKeys.map((runKey): [string, ReportStatus] => {
          const row = rows.get(runKey);
          if (!row) {
            return [
              runKey,
              { runKey, status: 0, progress: 0, message: '尚未计算', error: null, computedAt: null, stale: false },
            ];
          }
          return [
            runKey,
            {
              runKey,
              status: row.status,
              progress: row.progress,
              message: row.message,
              error: row.error,
              computedAt: row.computedAt?.toISOString() ?? null,
              stale: row.computedStamp !== null && live.get(runKey) !== row.computedStamp,
            },
          ];
        }),
      );
    },

    async runPending() {
      let computed = 0;
      for (let round = 0; round < 10; round++) {
        await sync(true);
        const done = await drain(0);
        computed += done;
        if (done === 0) break;
      }
      return computed;
    },

    start() {
      if (timer !== null || stopping) return;
      schedule();
    },

    async stop() {
      stopping = true;
      if (timer !== null) clearTimeout(timer);
      await ticking;
    },
  };
  return service;
}

const meIdOf = (runKey: string) => Number(runKey.slice('me:'.length));
