import type { MarkerSums } from '@huikao/marking';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';

// The per-marker figures of marking.md "Quality" in one grouped statement, by the same rules as
// packages/marking's markerQuality and markerDrift (the tests hold the two together):
// - each marker's current (newest) 一评/二评/三评 mark per paper is one entry; 仲裁 is not;
// - agreement compares a blind mark with the other blind mark of its pair, per question;
// - the difference to the final counts final papers, per question (a spot-check correction is final);
// - the drift window is the marker's latest 50 entries by submission order.
// Rows come per (marker, histogram bin) with additive sums, so the table and the histogram are
// both folded from the one result in JavaScript.

/** The SQL's row: packages/marking's sums, with the marker id as the database gives it. */
export type StatsRow = Omit<MarkerSums, 'markerId'> & { markerId: number };

export interface StatsBlock {
  id: number;
  questions: { questionId: string; fullMarks: number }[];
  tolerance: number;
  step: number;
}

type SQL = ReturnType<typeof sql>;
const rowsOf = (result: unknown) => (result as { rows: Record<string, string | number>[] }).rows;

/**
 * Runs with JIT off (compiling this statement costs seconds on PostgreSQL and saves nothing at
 * 200,000 rows) and enough memory that the one sort stays in memory.
 */
export async function markerStats(db: Db, block: StatsBlock, window = 50): Promise<StatsRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    const entries = rowsOf(await tx.execute(entrySums(block)));
    const recent = rowsOf(await tx.execute(recentSums(block, window)));
    return [...entries.map(toRow), ...recent.map(toRecentRow)];
  });
}

const keysOf = (block: StatsBlock) => block.questions.map((q) => q.questionId);
const each = (keys: string[], build: (key: string) => SQL, by: SQL) =>
  sql.join(
    keys.map((k) => build(k)),
    by,
  );

/** Question ids are digit strings and T a number, both from the 题块 row: safe to write inline. */
function literals(block: StatsBlock) {
  const keys = keysOf(block).map((k) => {
    if (!/^\d{1,18}$/.test(k)) throw new Error(`题块 ${block.id} 的题目编号不正确：${k}`);
    return `'${k}'`;
  });
  const T = Number(block.tolerance);
  if (!Number.isFinite(T)) throw new Error(`题块 ${block.id} 的误差阈值不正确`);
  return { keys, T: `${T}::float8` };
}

/**
 * Per (marker, bin): one pass over the 题块's marks in (paper, marker, newest) order. Each question's
 * score is read from the jsonb once (v0, v1 …); each paper's pair is found by a window over the
 * paper; `offset 0` keeps every derived figure computed once per row rather than once per use.
 */
function entrySums(block: StatsBlock): SQL {
  const { keys, T } = literals(block);
  const n = keys.length;
  const list = (build: (i: number) => string, by: string) => keys.map((_, i) => build(i)).join(by);
  const full = block.questions.reduce((sum, q) => sum + Math.round(q.fullMarks * 100), 0);
  const unit = Math.round(block.step * 100);
  const lastBin = Math.floor(full / unit);
  const text = `
    with w as (
      select c.*,
        ${list((i) => `max(c.v${i}) filter (where c.kind = 'first') over pw as f${i}, max(c.v${i}) filter (where c.kind = 'second') over pw as s${i}`, ', ')},
        bool_or(c.kind = 'arbitration') over pw as has_arbitration
      from (
        select distinct on (m.paper_id, m.marker_id) m.id, m.paper_id, m.marker_id, m.kind, m.seconds,
          ${list((i) => `(m.scores ->> ${keys[i]})::float8 as v${i}`, ', ')}
        from marks m
        where m.block_id = ${Number(block.id)} and m.kind <> 'spot-check'
        order by m.paper_id, m.marker_id, m.id desc
      ) c
      window pw as (partition by c.paper_id)
    ),
    x as (
      select w.marker_id, w.seconds, p.stage, w.has_arbitration,
        (w.kind <> 'third' and w.f0 is not null and w.s0 is not null) as paired,
        round((${list((i) => `w.v${i}`, ' + ')}) * 100)::int as total,
        ${list((i) => `abs(w.v${i} - (case w.kind when 'first' then w.s${i} else w.f${i} end)) as d${i}`, ', ')},
        ${list((i) => `w.v${i} - (p.final_scores ->> ${keys[i]})::float8 as e${i}`, ', ')},
        (${list((i) => `abs(w.f${i} - w.s${i}) > ${T}`, ' or ')}) as split
      from w join mark_papers p on p.id = w.paper_id and p.block_id = ${Number(block.id)}
      where w.kind <> 'arbitration'
      offset 0
    ),
    e as (
      select x.*,
        case when x.paired then ${list((i) => `(x.d${i} <= ${T})::int`, ' + ')} else 0 end as agree,
        case when x.paired then ${list((i) => `(x.d${i} = 0)::int`, ' + ')} else 0 end as exact,
        case when x.stage = 'final' then ${list((i) => `x.e${i}`, ' + ')} else 0 end as to_final,
        (x.paired and coalesce(x.split, false)) as third
      from x
      offset 0
    )
    select marker_id, least(total / ${unit}, ${lastBin}) as bin,
      count(*)::int n, sum(total)::float8 sum_total, sum(total::float8 * total) sum_squares,
      count(*) filter (where total = 0)::int zero, count(*) filter (where total = ${full})::int "full",
      sum(seconds)::float8 seconds, count(*) filter (where paired)::int paired,
      (count(*) filter (where paired) * ${n})::int compared, sum(agree)::int within_t, sum(exact)::int exact,
      sum(to_final)::float8 to_final_sum, (count(*) filter (where stage = 'final') * ${n})::int to_final_count,
      count(*) filter (where third)::int third,
      count(*) filter (where third and (stage = 'arbitration' or has_arbitration))::int arbitration
    from e group by marker_id, bin`;
  return sql.raw(text);
}

/**
 * The drift window: each marker's latest `window` current blind marks (by the (block, marker, id)
 * index), each against the newest mark of the other blind stage on its paper.
 */
function recentSums(block: StatsBlock, window: number): SQL {
  const keys = keysOf(block);
  const T = block.tolerance;
  const own = (k: string) => sql`(x.scores ->> ${k})::float8`;
  const other = (k: string) => sql`(o.scores ->> ${k})::float8`;
  return sql`
    select bm.user_id as marker_id, count(x.id)::int recent_n,
      coalesce(sum(round((${each(keys, own, sql` + `)}) * 100)), 0)::float8 recent_sum,
      (count(o.scores) * ${keys.length})::int recent_compared,
      coalesce(sum(case when o.scores is null then 0
                        else ${each(keys, (k) => sql`(abs(${own(k)} - ${other(k)}) <= ${T})::int`, sql` + `)} end), 0)::int recent_within
    from mark_block_markers bm
    join lateral (
      select m.id, m.paper_id, m.kind, m.scores from marks m
      where m.block_id = ${block.id} and m.marker_id = bm.user_id and m.kind in ('first', 'second', 'third')
        and not exists (select 1 from marks n where n.block_id = ${block.id} and n.paper_id = m.paper_id
                          and n.marker_id = m.marker_id and n.id > m.id)
      order by m.id desc limit ${window}
    ) x on true
    left join lateral (
      select o.scores from marks o
      where x.kind <> 'third' and o.block_id = ${block.id} and o.paper_id = x.paper_id
        and o.kind = (case x.kind when 'first' then 'second' else 'first' end)
      order by o.id desc limit 1
    ) o on true
    where bm.block_id = ${block.id}
    group by bm.user_id`;
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
    seconds: Number(r.seconds),
    paired: Number(r.paired),
    compared: Number(r.compared),
    within: Number(r.within_t),
    exact: Number(r.exact),
    toFinalSum: Number(r.to_final_sum),
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
