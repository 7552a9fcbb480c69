import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { othersLive, type PaperStage, rowsOf, run, ts } from './dispatch-sql.ts';

// The claim statement (issue #17): the seat, held leases renewed, free papers picked with
// FOR UPDATE SKIP LOCKED and leased, all in one statement (decisions 2026-11-26: dispatch in two
// statements' worth of round trips; the claim's pick).

/**
 * What makes a paper `p` of the seat `s` one `me` may be given: a slot left once live leases are
 * counted (read on the locked row, so re-read under the lock), not held nor marked by `me` (never
 * a paper twice to one marker), and under 按班级 a student of a class `me` teaches the subject to.
 */
function pickable(me: number, stage: PaperStage, now: Date): SQL {
  return sql`(${stage} = 'blind' or s.leader)
    and p.done + (select count(*) from unnest(p.holders, p.held_until) h(m, u)
                  where h.u > ${ts(now)} and h.m <> ${me}) < p.needed
    and not exists (select 1 from unnest(p.holders, p.held_until) h(m, u) where h.m = ${me} and h.u > ${ts(now)})
    and not exists (select 1 from marks m where m.paper_id = p.id and m.marker_id = ${me})
    and (s.distribution <> 'by-class' or exists (
      select 1 from exam_students es
      join single_exams se on se.id = es.single_exam_id
      join multi_exams mx on mx.id = se.multi_exam_id
      join class_teachers ct on ct.class_id = es.class_id and ct.term_id = mx.term_id
        and (ct.course_id = se.course_id or ct.is_head)
      join teachers t on t.id = ct.teacher_id
      where es.id = p.exam_student_id and t.user_id = ${me}))`;
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
 * Renews the papers `me` holds on the 题块 (oldest first, at most `size`) and tops them up to
 * `size` with papers of `stage`, in one statement: `size` 1 is the plain claim (the held paper, or
 * one new), 3 the desk's queue (its paper and the next two, marking.md "Distribution"). The seat
 * gates everything: a paused marker, a 题块 not in 阅卷中, a spent quota (blind papers only) and
 * a non-leader asking for 三评/仲裁 pick nothing; papers leased ahead count against the quota and
 * the daily cap as if marked, so prefetching never passes either. A paper already marked or held
 * by `me` is never picked; expired leases on a picked paper are dropped, so their holders' tokens
 * are refused. One row per lease, oldest first; one row with no paper when none is held.
 */
export async function claimStatement(
  db: Executor,
  p: { blockId: number; me: number; stage: PaperStage; now: Date; until: Date; size?: number },
): Promise<ClaimRow[]> {
  const { blockId, me, stage, now, until } = p;
  const size = p.size ?? 1;
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
      select l.id, l.paper_id, (select pp.stage from mark_papers pp where pp.id = l.paper_id) as stage
      from mark_leases l, open_seat
      where l.block_id = ${blockId} and l.marker_id = ${me} and l.expires_at > ${ts(now)}
      order by l.id limit ${size}::int
    ), room as (
      -- How many to pick: the queue's free places, no more than the quota and the daily cap leave
      -- once the papers already held are counted as marked.
      select greatest(least(
        ${size}::int - (select count(*) from held),
        case when ${stage} = 'blind' and s.quota is not null
          then s.quota - s.blind_done - (select count(*) from held where held.stage = 'blind') else ${size}::int end,
        case when s.daily_cap is null then ${size}::int
          else s.daily_cap - s.today_done - (select count(*) from held) end
      ), 0) as n
      from open_seat s
    ), open_pick as (
      -- The pick walks only papers that can be free (issue #17 speed, decisions "the claim's pick"):
      -- a partial index holds the 题块's papers with a slot left even counting every holder, expired
      -- or not, so held papers are not walked at all; papers full only because of an expired lease
      -- come from that lease's row (mark_leases keeps a row for every holder listed on a paper).
      select p.id from mark_papers p, open_seat s
      where p.block_id = ${blockId} and p.stage = ${stage} and p.done + cardinality(p.holders) < p.needed
        and ${pickable(me, stage, now)}
      order by p.id limit coalesce((select n from room), 0)
      for update of p skip locked
    ), expired_pick as (
      -- Driven from the (few) expired leases in paper order, each paper looked up and locked on
      -- its own (a lateral subquery keeps the planner from walking the 题块's papers instead),
      -- pulled only until the room is filled.
      select x.id from (
          select distinct l.paper_id from mark_leases l
          where l.block_id = ${blockId} and l.expires_at <= ${ts(now)} order by l.paper_id
        ) e cross join lateral (
          select p.id from mark_papers p, open_seat s
          where p.id = e.paper_id and p.block_id = ${blockId} and p.stage = ${stage}
            and not (p.done + cardinality(p.holders) < p.needed) and ${pickable(me, stage, now)}
          for update of p skip locked
        ) x
      order by e.paper_id limit coalesce((select n from room), 0)
    ), pick as (
      -- Lowest ids first over both. One snapshot puts a paper in one of the two; union (not all) makes
      -- a paper picked twice (two lease rows for one marker) impossible even so.
      select id from (select id from open_pick union select id from expired_pick) c
      order by id limit coalesce((select n from room), 0)
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
    ) x on true
    order by x.token`,
  );
  return rowsOf<ClaimRow>(result);
}
