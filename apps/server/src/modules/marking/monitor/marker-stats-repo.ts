import type { MarkerSums } from '@huikao/marking';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { refreshSums } from './monitor-sums-repo.ts';

// The per-marker figures of marking.md "Quality" from the sums kept per (marker, histogram bin)
// (monitor-sums-repo.ts brings them up to date from the papers changed since the last refresh), plus
// the drift window: each marker's latest 50 entries by submission order. packages/marking's
// foldMarkerSums turns the rows into the table and the histogram (the tests hold the result to
// markerQuality and markerDrift).

/** The SQL's row: packages/marking's sums, with the marker id as the database gives it. */
export type StatsRow = Omit<MarkerSums, 'markerId'> & { markerId: number };

export interface StatsBlock {
  id: number;
  questions: { questionId: string; fullMarks: number }[];
  tolerance: number;
  step: number;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, string | number>[] }).rows;

export async function markerStats(db: Db, block: StatsBlock, window = 50): Promise<StatsRow[]> {
  return db.transaction(async (tx) => {
    await refreshSums(tx, block);
    const id = Number(block.id);
    const sums = rowsOf(await tx.execute(sql`select * from mark_monitor_sums where block_id = ${id}`));
    const recent = rowsOf(
      await tx.execute(sql`
        select bm.user_id as marker_id, count(*)::int recent_n, sum(x.total)::bigint recent_sum,
          sum(x.compared)::int recent_compared, sum(x.within)::int recent_within
        from mark_block_markers bm
        join lateral (
          select e.total, e.compared, e.within from mark_monitor_entries e
          where e.block_id = ${id} and e.marker_id = bm.user_id
          order by e.mark_id desc limit ${window}
        ) x on true
        where bm.block_id = ${id}
        group by bm.user_id`),
    );
    return [...sums.map(toRow), ...recent.map(toRecentRow)];
  });
}

const zero = {
  n: 0,
  sumTotal: 0,
  sumSquares: 0,
  zero: 0,
  full: 0,
  seconds: 0,
  paired: 0,
  compared: 0,
  within: 0,
  exact: 0,
  toFinalSum: 0,
  toFinalCount: 0,
  third: 0,
  arbitration: 0,
  recentN: 0,
  recentSum: 0,
  recentCompared: 0,
  recentWithin: 0,
};

function toRow(r: Record<string, string | number>): StatsRow {
  return {
    ...zero,
    markerId: Number(r.marker_id),
    bin: Number(r.bin),
    n: Number(r.n),
    sumTotal: Number(r.sum_total) / 100,
    sumSquares: Number(r.sum_squares) / 10_000,
    zero: Number(r.zero),
    full: Number(r.full),
    seconds: Number(r.seconds_ms) / 1000,
    paired: Number(r.paired),
    compared: Number(r.compared),
    within: Number(r.within),
    exact: Number(r.exact),
    toFinalSum: Number(r.to_final) / 100,
    toFinalCount: Number(r.to_final_count),
    third: Number(r.third),
    arbitration: Number(r.arbitration),
  };
}

/** The window's sums ride on a row of no entries (bin 0, n 0), so the fold adds them like any other. */
function toRecentRow(r: Record<string, string | number>): StatsRow {
  return {
    ...zero,
    markerId: Number(r.marker_id),
    bin: 0,
    recentN: Number(r.recent_n),
    recentSum: Number(r.recent_sum) / 100,
    recentCompared: Number(r.recent_compared),
    recentWithin: Number(r.recent_within),
  };
}
