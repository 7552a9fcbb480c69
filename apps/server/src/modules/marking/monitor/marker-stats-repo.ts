import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';

// The per-marker figures of marking.md "Quality" in one grouped statement, by the same rules as
// packages/marking's markerQuality and markerDrift (the tests hold the two together):
// - each marker's current (newest) 一评/二评/三评 mark per paper is one entry; 仲裁 is not;
// - agreement compares a blind mark with the other blind mark of its pair, per question;
// - the difference to the final counts final papers, per question (a spot-check correction is final);
// - the drift window is the marker's latest 50 entries by submission order.
// Rows come per (marker, histogram bin) with additive sums, so the table and the histogram are
// both folded from the one result in JavaScript.

export interface StatsRow {
  markerId: number;
  bin: number;
  n: number;
  sumTotal: number;
  sumSquares: number;
  zero: number;
  full: number;
  seconds: number;
  paired: number;
  compared: number;
  within: number;
  exact: number;
  toFinalSum: number;
  toFinalCount: number;
  third: number;
  arbitration: number;
  recentN: number;
  recentSum: number;
  recentCompared: number;
  recentWithin: number;
}

export interface StatsBlock {
  id: number;
  questions: { questionId: string; fullMarks: number }[];
  tolerance: number;
  step: number;
}

export async function markerStats(db: Executor, block: StatsBlock, window = 50): Promise<StatsRow[]> {
  const keys = block.questions.map((q) => q.questionId);
  const per = (build: (key: string) => SQL) =>
    sql.join(
      keys.map((k) => build(k)),
      sql` + `,
    );
  type SQL = ReturnType<typeof sql>;
  const own = (k: string) => sql`(c.scores ->> ${k})::float8`;
  const other = (k: string) => sql`(o.scores ->> ${k})::float8`;
  const fin = (k: string) => sql`(p.final_scores ->> ${k})::float8`;
  const total = per(own);
  const within = per((k) => sql`(abs(${own(k)} - ${other(k)}) <= ${block.tolerance})::int`);
  const exact = per((k) => sql`(${own(k)} = ${other(k)})::int`);
  const toFinal = per((k) => sql`(${own(k)} - ${fin(k)})`);
  const disagree = sql.join(
    keys.map((k) => sql`abs(${own(k)} - ${other(k)}) > ${block.tolerance}`),
    sql` or `,
  );
  const full = block.questions.reduce((s, q) => s + Math.round(q.fullMarks * 100), 0);
  const unit = Math.round(block.step * 100);
  const lastBin = Math.floor(full / unit);
  const n = keys.length;
  const result = await db.execute(sql`
    with cur as (
      select distinct on (m.paper_id, m.marker_id) m.id, m.paper_id, m.marker_id, m.kind, m.seconds, m.scores
      from marks m
      where m.block_id = ${block.id} and m.kind in ('first', 'second', 'third')
      order by m.paper_id, m.marker_id, m.id desc
    ),
    e as (
      select c.marker_id, c.seconds,
        round((${total}) * 100)::int as total,
        o.scores is not null as paired,
        case when o.scores is null then 0 else ${within} end as agree,
        case when o.scores is null then 0 else ${exact} end as exact,
        case when p.stage = 'final' then ${toFinal} else 0 end as to_final,
        case when p.stage = 'final' then ${n} else 0 end as to_final_count,
        o.scores is not null and (${disagree}) as third,
        o.scores is not null and (${disagree}) and (p.stage = 'arbitration' or exists (
          select 1 from marks a where a.paper_id = c.paper_id and a.kind = 'arbitration')) as arbitration,
        row_number() over (partition by c.marker_id order by c.id desc) as rn
      from cur c
      join mark_papers p on p.id = c.paper_id
      left join cur o on o.paper_id = c.paper_id and c.kind <> 'third'
        and o.kind = case c.kind when 'first' then 'second' else 'first' end
    )
    select marker_id, least(total / ${unit}, ${lastBin}) as bin,
      count(*)::int n, sum(total)::float8 sum_total, sum(total::float8 * total) sum_squares,
      count(*) filter (where total = 0)::int zero, count(*) filter (where total = ${full})::int "full",
      sum(seconds)::float8 seconds, count(*) filter (where paired)::int paired,
      (count(*) filter (where paired) * ${n})::int compared, sum(agree)::int within_t, sum(exact)::int exact,
      sum(to_final)::float8 to_final_sum, sum(to_final_count)::int to_final_count,
      count(*) filter (where third)::int third, count(*) filter (where arbitration)::int arbitration,
      count(*) filter (where rn <= ${window})::int recent_n,
      coalesce(sum(total) filter (where rn <= ${window}), 0)::float8 recent_sum,
      (count(*) filter (where rn <= ${window} and paired) * ${n})::int recent_compared,
      coalesce(sum(agree) filter (where rn <= ${window}), 0)::int recent_within
    from e group by marker_id, bin`);
  return (result as unknown as { rows: Record<string, string | number>[] }).rows.map((r) => ({
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
    recentN: Number(r.recent_n),
    recentSum: Number(r.recent_sum) / 100,
    recentCompared: Number(r.recent_compared),
    recentWithin: Number(r.recent_within),
  }));
}
