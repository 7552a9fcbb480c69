import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';

// Brings a 题块's kept entries and sums (monitor-sums-schema.ts) up to date: the papers noted in
// mark_monitor_changes since the last refresh have their entries computed again and the difference
// added to the sums, so a refresh reads what changed instead of the 题块's 200,000 marks. The entry
// rules are marker-stats-repo's (the tests hold them to packages/marking's markerQuality):
// - each marker's current (newest) 一评/二评/三评 mark per paper is one entry; 仲裁 is not;
// - agreement compares a blind mark with the other blind mark of its pair, per question;
// - the difference to the final counts final papers, per question (a spot-check correction is final).

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = (result: unknown) => (result as { rows: Record<string, string | number>[] }).rows;

export interface SumsBlock {
  id: number;
  questions: { questionId: string; fullMarks: number }[];
  tolerance: number;
  step: number;
}

/** Above this many changed papers one rebuild is cheaper than the difference. */
const REBUILD_OVER = 20_000;

/** Question ids are digit strings and T, step and full marks numbers from the 题块 row: inlined. */
function literals(block: SumsBlock) {
  const keys = block.questions.map((q) => {
    if (!/^\d{1,18}$/.test(q.questionId)) throw new Error(`题块 ${block.id} 的题目编号不正确：${q.questionId}`);
    return `'${q.questionId}'`;
  });
  const T = Number(block.tolerance);
  if (!Number.isFinite(T)) throw new Error(`题块 ${block.id} 的误差阈值不正确`);
  const full = block.questions.reduce((sum, q) => sum + Math.round(q.fullMarks * 100), 0);
  const unit = Math.round(block.step * 100);
  if (!(unit > 0)) throw new Error(`题块 ${block.id} 的给分步长不正确`);
  return { id: Number(block.id), keys, T: `${T}::float8`, full, unit, lastBin: Math.floor(full / unit) };
}

/** What the entries depend on besides the marks: a change of questions, T or step rebuilds them. */
const paramsOf = (block: SumsBlock) => JSON.stringify(literals(block));

/**
 * The entries of the papers `papers` selects (all of the 题块's when null), one row per marker's
 * current mark: the pair of each paper comes from a window over the paper, each question's score is
 * read from the jsonb once, and `offset 0` keeps every derived figure computed once per row.
 */
function entryRows(block: SumsBlock, papers: SQL | null): SQL {
  const { id, keys, T, unit, lastBin } = literals(block);
  const n = keys.length;
  const list = (build: (i: number) => string, by: string) => keys.map((_, i) => build(i)).join(by);
  const head = `
    with w as (
      select c.*,
        ${list((i) => `max(c.v${i}) filter (where c.kind = 'first') over pw as f${i}, max(c.v${i}) filter (where c.kind = 'second') over pw as s${i}`, ', ')},
        bool_or(c.kind = 'arbitration') over pw as has_arbitration
      from (
        select distinct on (m.paper_id, m.marker_id) m.id, m.paper_id, m.marker_id, m.kind, m.seconds,
          ${list((i) => `(m.scores ->> ${keys[i]})::float8 as v${i}`, ', ')}
        from marks m
        where m.block_id = ${id} and m.kind <> 'spot-check'`;
  const tail = `
        order by m.paper_id, m.marker_id, m.id desc
      ) c
      window pw as (partition by c.paper_id)
    ),
    x as (
      select w.id, w.paper_id, w.marker_id, w.seconds, p.stage, w.has_arbitration,
        (w.kind <> 'third' and w.f0 is not null and w.s0 is not null) as paired,
        round((${list((i) => `w.v${i}`, ' + ')}) * 100)::int as total,
        ${list((i) => `abs(w.v${i} - (case w.kind when 'first' then w.s${i} else w.f${i} end)) as d${i}`, ', ')},
        ${list((i) => `w.v${i} - (p.final_scores ->> ${keys[i]})::float8 as e${i}`, ', ')},
        (${list((i) => `abs(w.f${i} - w.s${i}) > ${T}`, ' or ')}) as split
      from w join mark_papers p on p.id = w.paper_id and p.block_id = ${id}
      where w.kind <> 'arbitration'
      offset 0
    ),
    e as (
      select x.*,
        case when x.paired then ${list((i) => `(x.d${i} <= ${T})::int`, ' + ')} else 0 end as agree,
        case when x.paired then ${list((i) => `(x.d${i} = 0)::int`, ' + ')} else 0 end as exact_n,
        case when x.stage = 'final' then round((${list((i) => `x.e${i}`, ' + ')}) * 100)::int else 0 end as to_final,
        (x.paired and coalesce(x.split, false)) as third
      from x
      offset 0
    )
    select ${id}::bigint, paper_id, marker_id, id, least(total / ${unit}, ${lastBin}), total,
      round(seconds * 1000)::bigint, paired, case when paired then ${n} else 0 end, agree, exact_n, to_final,
      case when stage = 'final' then ${n} else 0 end, third,
      third and (stage = 'arbitration' or has_arbitration)
    from e`;
  // A rebuild writes each marker's entries together, so the drift window reads a few pages a marker.
  const order = papers ? '' : ' order by marker_id, id';
  const insert = sql.raw(`insert into mark_monitor_entries (block_id, paper_id, marker_id, mark_id, bin, total,
      seconds_ms, paired, compared, within, exact, to_final, to_final_count, third, arbitration)`);
  return sql`${insert} ${sql.raw(head)} ${papers ? sql`and m.paper_id = any(${papers})` : sql``} ${sql.raw(tail + order)}`;
}

const SUMS = `n, sum_total, sum_squares, zero, "full", seconds_ms, paired, compared, within, exact, to_final,
  to_final_count, third, arbitration`;

/** Per (marker, bin): each entry counted `s` times (1 added, -1 taken away). */
const sumsOf = (full: number, from: string) => `
  select marker_id, bin, sum(s)::int, sum(s * total)::bigint, sum(s * total::bigint * total)::bigint,
    sum(s * (total = 0)::int)::int, sum(s * (total = ${full})::int)::int, sum(s * seconds_ms)::bigint,
    sum(s * paired::int)::int, sum(s * compared)::int, sum(s * within)::int, sum(s * exact)::int,
    sum(s * to_final)::bigint, sum(s * to_final_count)::int, sum(s * third::int)::int, sum(s * arbitration::int)::int
  from ${from} group by marker_id, bin`;

const addUp = sql.raw(
  `on conflict (block_id, marker_id, bin) do update set ${SUMS.split(',')
    .map((c) => c.trim())
    .map((c) => `${c} = mark_monitor_sums.${c} + excluded.${c}`)
    .join(', ')}`,
);

/**
 * Runs inside the caller's transaction. The 题块's state row is locked first, so two refreshes of one
 * 题块 take turns; the changes are deleted after that, and only those this statement saw: a
 * submission committed meanwhile leaves its row for the next refresh.
 */
export async function refreshSums(tx: Tx, block: SumsBlock): Promise<void> {
  const { id, full } = literals(block);
  const params = paramsOf(block);
  await tx.execute(sql`insert into mark_monitor_state (block_id, params) values (${id}, '') on conflict do nothing`);
  const [state] = rowsOf(
    await tx.execute(sql`select params from mark_monitor_state where block_id = ${id} for update`),
  );
  const changed = rowsOf(
    await tx.execute(sql`delete from mark_monitor_changes where block_id = ${id} returning paper_id`),
  );
  const papers = [...new Set(changed.map((r) => Number(r.paper_id)))];
  if (state?.params === params && papers.length === 0) return;
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`);
  if (state?.params !== params || papers.length > REBUILD_OVER) {
    await tx.execute(sql`delete from mark_monitor_sums where block_id = ${id}`);
    await tx.execute(sql`delete from mark_monitor_entries where block_id = ${id}`);
    await tx.execute(entryRows(block, null));
    await tx.execute(sql`insert into mark_monitor_sums (block_id, marker_id, bin, ${sql.raw(SUMS)})
      select ${id}::bigint, s.* from (${sql.raw(sumsOf(full, `(select 1 s, * from mark_monitor_entries where block_id = ${id}) e`))}) s`);
    await tx.execute(sql`update mark_monitor_state set params = ${params}, built_at = now() where block_id = ${id}`);
    // Fresh statistics, or the planner (knowing nothing of a just-filled table) takes the changed
    // papers' entries through the marker index and reads all 200,000 of them at every refresh.
    await tx.execute(sql`analyze mark_monitor_entries`);
    return;
  }
  const list = `{${papers.join(',')}}`;
  await tx.execute(sql`
    with gone as (
      delete from mark_monitor_entries where block_id = ${id} and paper_id = any(${list}::bigint[]) returning *
    ),
    fresh as (${entryRows(block, sql`${list}::bigint[]`)} returning *)
    insert into mark_monitor_sums (block_id, marker_id, bin, ${sql.raw(SUMS)})
    select ${id}::bigint, d.* from (${sql.raw(sumsOf(full, '(select 1 s, * from fresh union all select -1 s, * from gone) e'))}) d
    ${addUp}`);
  await tx.execute(sql`delete from mark_monitor_sums where block_id = ${id} and n = 0`);
}
