import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { markBlocks, marks } from '../schema.ts';

// Dispatch in as few round trips as the rules allow (issue #17 speed, decisions 2026-11-26).
// A claim is ONE statement: the seat, a held lease renewed or a free paper picked with
// FOR UPDATE SKIP LOCKED, its lease written. The slot check reads only the paper row (holders and
// held_until mirror the live leases), so when a concurrent claim changed the row PostgreSQL
// re-reads it under the lock (READ COMMITTED re-check) and the check sees that claim.

export type PaperStage = 'blind' | 'third' | 'arbitration' | 'final' | 'problem';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Runs a statement as a named prepared statement on PostgreSQL: planning these CTEs costs more
 * than running them (≈15 ms against 0.5 ms under load), and a prepared statement is planned once
 * per connection. PGlite (one in-process connection, no network) runs it as it is.
 */
async function run(executor: Executor, name: string, query: SQL): Promise<unknown> {
  const inner = executor as unknown as {
    session: { client: unknown };
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  };
  const client = inner.session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = inner.dialect.sqlToQuery(query);
    return client.query({ name, text, values: params });
  }
  return executor.execute(query);
}
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The row's live holders other than `me`, as the new holders/held_until arrays start from. */
function othersLive(me: number, now: Date, column: 'm' | 'u'): SQL {
  return sql`array(select ${sql.raw(`h.${column}`)} from unnest(p.holders, p.held_until) with ordinality h(m, u, n)
    where h.u > ${ts(now)} and h.m <> ${me} order by h.n)`;
}

export interface ClaimRow {
  status: number | null;
  paused: boolean | null;
  leader: boolean | null;
  daily_cap: number | null;
  today_done: number | string | null;
  token: string | number | null;
  expires_at: string | Date | null;
  paper_id: string | number | null;
  stage: PaperStage | null;
  done: number | null;
  image_key: string | null;
  answer_text: string | null;
}

/**
 * Claims (or renews the held) paper of `stage` for `me` on the 题块 in one statement. The seat
 * gates everything: a paused marker, a 题块 not in 阅卷中, a spent quota (blind papers only) and
 * a non-leader asking for 三评/仲裁 pick nothing. A paper already marked by `me` is never picked;
 * expired leases on the picked paper are dropped, so their holders' tokens are refused.
 */
export async function claimStatement(
  db: Executor,
  p: { blockId: number; me: number; stage: PaperStage; now: Date; until: Date },
): Promise<ClaimRow> {
  const { blockId, me, stage, now, until } = p;
  const result = await run(
    db,
    'mark-claim',
    sql`
    with settings as (
      select coalesce((select st.distribution from mark_block_settings st where st.block_id = ${blockId}), 'free') as distribution,
        (select st.daily_cap from mark_block_settings st where st.block_id = ${blockId}) as daily_cap
    ), quota_seat as (
      -- 平均分配: every marker the same share of the blind marks (ceil, so quotas differ by at most 1
      -- from the exact share and together cover every paper); 手设定额 and 自由领取: the marker's own.
      select b.status, mk.paused, mk.leader, st.distribution, st.daily_cap, b.single_exam_id,
        case when st.distribution = 'even' then ceil((
            (select count(distinct (m.paper_id, m.marker_id)) from marks m
              where m.block_id = mk.block_id and m.kind in ('first', 'second'))
            + (select coalesce(sum(greatest(pp.needed - pp.done, 0)), 0) from mark_papers pp
              where pp.block_id = mk.block_id and pp.stage = 'blind')
          )::numeric / greatest((select count(*) from mark_block_markers x where x.block_id = mk.block_id), 1))::int
          when st.distribution = 'by-class' then null else mk.quota end as quota
      from mark_block_markers mk join mark_blocks b on b.id = mk.block_id, settings st
      where mk.block_id = ${blockId} and mk.user_id = ${me}
    ), seat as (
      select q.*,
        case when q.quota is null then 0 else (select count(distinct m.paper_id) from marks m
          where m.block_id = ${blockId} and m.marker_id = ${me} and m.kind in ('first', 'second')) end as blind_done,
        -- 每日上限: marks given since midnight, China time.
        case when q.daily_cap is null then 0 else (select count(*) from marks m
          where m.block_id = ${blockId} and m.marker_id = ${me} and m.kind <> 'spot-check'
            and m.submitted_at >= (date_trunc('day', ${ts(now)} at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')) end
          as today_done
      from quota_seat q
    ), open_seat as (
      select * from seat where status = 2 and not paused and (daily_cap is null or today_done < daily_cap)
    ), held as (
      select l.id, l.paper_id from mark_leases l, open_seat
      where l.block_id = ${blockId} and l.marker_id = ${me} and l.expires_at > ${ts(now)}
      order by l.id limit 1
    ), pick as (
      select p.id from mark_papers p, open_seat s
      where not exists (select 1 from held)
        and p.block_id = ${blockId} and p.stage = ${stage}
        and (${stage} = 'blind' or s.leader)
        and (${stage} <> 'blind' or s.quota is null or s.blind_done < s.quota)
        and p.done + (select count(*) from unnest(p.holders, p.held_until) h(m, u)
                      where h.u > ${ts(now)} and h.m <> ${me}) < p.needed
        and not exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${me})
        -- 按班级: a teacher marks only papers of classes they teach the subject to (or head).
        and (s.distribution <> 'by-class' or exists (
          select 1 from exam_students es
          join single_exams se on se.id = es.single_exam_id
          join multi_exams mx on mx.id = se.multi_exam_id
          join class_teachers ct on ct.class_id = es.class_id and ct.term_id = mx.term_id
            and (ct.course_id = se.course_id or ct.is_head)
          join teachers t on t.id = ct.teacher_id
          where es.id = p.exam_student_id and t.user_id = ${me}))
      order by p.id limit 1
      for update of p skip locked
    ), upd as (
      update mark_papers p
      set holders = ${othersLive(me, now, 'm')} || ${me}::bigint,
          held_until = ${othersLive(me, now, 'u')} || ${ts(until)}
      where p.id in (select paper_id from held union all select id from pick)
      returning p.id, p.stage, p.done, p.image_key, p.answer_text
    ), renewed as (
      update mark_leases l set expires_at = ${ts(until)} from held where l.id = held.id
      returning l.id, l.paper_id, l.expires_at
    ), dropped as (
      delete from mark_leases l using pick
      where l.paper_id = pick.id and l.marker_id <> ${me} and l.expires_at <= ${ts(now)}
    ), leased as (
      insert into mark_leases (paper_id, block_id, marker_id, expires_at)
      select id, ${blockId}, ${me}, ${ts(until)} from pick
      on conflict (paper_id, marker_id) do update set id = default, expires_at = excluded.expires_at
      returning id, paper_id, expires_at
    )
    select s.status, s.paused, s.leader, s.daily_cap, s.today_done, x.token, x.expires_at, x.paper_id, x.stage, x.done, x.image_key, x.answer_text
    from (select 1) one
    left join seat s on true
    left join (
      select l.id as token, l.expires_at, u.id as paper_id, u.stage, u.done, u.image_key, u.answer_text
      from (select * from renewed union all select * from leased) l join upd u on u.id = l.paper_id
    ) x on true`,
  );
  return rowsOf<ClaimRow>(result)[0]!;
}

type BlockRow = typeof markBlocks.$inferSelect;
type MarkRow = typeof marks.$inferSelect;

export interface LockedPaper {
  id: number;
  blockId: number;
  examStudentId: number;
  stage: PaperStage;
  seated: boolean;
  paused: boolean;
  block: BlockRow;
}

/** Locks the paper row (first statement of a submission) with its 题块 and the caller's seat. */
export async function lockForSubmit(tx: Tx, paperId: number, blockId: number, me: number) {
  const result = await run(
    tx,
    'mark-lock',
    sql`
    select p.id, p.block_id, p.exam_student_id, p.stage, mk.id is not null as seated, coalesce(mk.paused, false) as paused,
      b.id as b_id, b.school_id, b.single_exam_id, b.name, b.questions, b.mode, b.tolerance, b.step,
      b.double_share_percent, b.status, b.created_at
    from mark_papers p join mark_blocks b on b.id = p.block_id
    left join mark_block_markers mk on mk.block_id = b.id and mk.user_id = ${me}
    where p.id = ${paperId} and p.block_id = ${blockId}
    for update of p`,
  );
  const r = rowsOf<Record<string, unknown>>(result)[0];
  if (!r) return undefined;
  const locked: LockedPaper = {
    id: Number(r.id),
    blockId: Number(r.block_id),
    examStudentId: Number(r.exam_student_id),
    stage: r.stage as PaperStage,
    seated: r.seated === true,
    paused: r.paused === true,
    block: {
      id: Number(r.b_id),
      schoolId: Number(r.school_id),
      singleExamId: Number(r.single_exam_id),
      name: String(r.name),
      questions: r.questions as BlockRow['questions'],
      mode: r.mode as BlockRow['mode'],
      tolerance: Number(r.tolerance),
      step: Number(r.step) as BlockRow['step'],
      doubleSharePercent: Number(r.double_share_percent),
      status: Number(r.status),
      createdAt: new Date(r.created_at as string),
    },
  };
  return locked;
}

/**
 * The paper's marks and the caller's lease id, read after the lock (a fresh snapshot: a mark or a
 * take-over committed while we waited for the lock is seen).
 */
export async function marksAndLease(tx: Tx, paperId: number, me: number) {
  const result = await run(
    tx,
    'mark-marks',
    sql`
    select (select l.id from mark_leases l where l.paper_id = ${paperId} and l.marker_id = ${me}) as lease_id,
      coalesce((select json_agg(json_build_object('id', m.id, 'paperId', m.paper_id, 'blockId', m.block_id,
        'markerId', m.marker_id, 'kind', m.kind, 'scores', m.scores, 'seconds', m.seconds,
        'submittedAt', m.submitted_at) order by m.id) from marks m where m.paper_id = ${paperId}), '[]'::json) as marks`,
  );
  const r = rowsOf<{ lease_id: string | number | null; marks: unknown }>(result)[0]!;
  const raw = (typeof r.marks === 'string' ? JSON.parse(r.marks) : r.marks) as Record<string, unknown>[];
  const list: MarkRow[] = raw.map((m) => ({
    id: Number(m.id),
    paperId: Number(m.paperId),
    blockId: Number(m.blockId),
    markerId: Number(m.markerId),
    kind: m.kind as MarkRow['kind'],
    scores: m.scores as MarkRow['scores'],
    seconds: Number(m.seconds),
    submittedAt: new Date(m.submittedAt as string),
  }));
  return { leaseId: r.lease_id === null ? null : Number(r.lease_id), marks: list };
}

export interface PaperColumns {
  stage: PaperStage;
  needed: number;
  done: number;
  finalScores: Record<string, number> | null;
  finalTotal: number | null;
}

/** Writes the mark, drops the lease and moves the paper on, in one statement (the last of a submission). */
export async function recordMark(
  tx: Tx,
  p: {
    paperId: number;
    blockId: number;
    me: number;
    leaseId: number;
    kind: MarkRow['kind'];
    scores: Record<string, number>;
    seconds: number;
    now: Date;
    columns: PaperColumns;
  },
) {
  const c = p.columns;
  const result = await run(
    tx,
    'mark-record',
    sql`
    with ins as (
      insert into marks (paper_id, block_id, marker_id, kind, scores, seconds, submitted_at)
      values (${p.paperId}, ${p.blockId}, ${p.me}, ${p.kind}, ${JSON.stringify(p.scores)}::jsonb, ${p.seconds}, ${ts(p.now)})
      returning id
    ), del as (
      delete from mark_leases where id = ${p.leaseId}
    ), upd as (
      update mark_papers p set stage = ${c.stage}, needed = ${c.needed}, done = ${c.done},
        final_scores = ${c.finalScores === null ? null : JSON.stringify(c.finalScores)}::jsonb,
        final_total = ${c.finalTotal}::double precision, finalised_at = ${c.stage === 'final' ? p.now.toISOString() : null}::timestamptz,
        holders = ${othersLive(p.me, p.now, 'm')}, held_until = ${othersLive(p.me, p.now, 'u')}
      where p.id = ${p.paperId}
    )
    select id from ins`,
  );
  return Number(rowsOf<{ id: string | number }>(result)[0]!.id);
}

/** Renews the caller's lease named by its token; false when it is no longer theirs. */
export async function renewStatement(db: Executor, p: { paperId: number; me: number; token: number; until: Date }) {
  const result = await run(
    db,
    'mark-renew',
    sql`
    with l as (
      update mark_leases set expires_at = ${ts(p.until)}
      where id = ${p.token} and paper_id = ${p.paperId} and marker_id = ${p.me} returning id
    ), upd as (
      update mark_papers p set held_until = array(select case when h.m = ${p.me} then ${ts(p.until)} else h.u end
        from unnest(p.holders, p.held_until) with ordinality h(m, u, n) order by h.n)
      where p.id = ${p.paperId} and exists (select 1 from l)
    )
    select count(*)::int as n from l`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]!.n) === 1;
}

/** Gives the caller's lease back; false when it is no longer theirs. */
export async function releaseStatement(db: Executor, p: { paperId: number; me: number; token: number; now: Date }) {
  const result = await run(
    db,
    'mark-release',
    sql`
    with l as (
      delete from mark_leases where id = ${p.token} and paper_id = ${p.paperId} and marker_id = ${p.me} returning id
    ), upd as (
      update mark_papers p set holders = ${othersLive(p.me, p.now, 'm')}, held_until = ${othersLive(p.me, p.now, 'u')}
      where p.id = ${p.paperId} and exists (select 1 from l)
    )
    select count(*)::int as n from l`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]!.n) === 1;
}

/**
 * Returns every lease a marker holds on a 题块 to the queue (a paused or removed marker): the
 * door other parts of marking use so the row's holders stay in step with mark_leases.
 */
export async function returnLeases(db: Executor, blockId: number, markerIds: readonly number[]): Promise<number> {
  if (markerIds.length === 0) return 0;
  const ids = sql`array[${sql.join(
    markerIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  const result = await db.execute(sql`
    with l as (
      delete from mark_leases where block_id = ${blockId} and marker_id = any(${ids}) returning paper_id
    ), upd as (
      update mark_papers p set
        holders = array(select h.m from unnest(p.holders, p.held_until) with ordinality h(m, u, n)
          where not (h.m = any(${ids})) order by h.n),
        held_until = array(select h.u from unnest(p.holders, p.held_until) with ordinality h(m, u, n)
          where not (h.m = any(${ids})) order by h.n)
      where p.id in (select paper_id from l)
    )
    select count(*)::int as n from l`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}
