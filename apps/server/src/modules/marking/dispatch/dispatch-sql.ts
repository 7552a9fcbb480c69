import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { markBlocks, marks } from '../schema.ts';

// Dispatch in as few round trips as the rules allow (issue #17 speed, decisions 2026-11-26).
// A claim is ONE statement (claim-sql.ts): the seat, a held lease renewed or a free paper picked with
// FOR UPDATE SKIP LOCKED, its lease written. The slot check reads only the paper row (holders and
// held_until mirror the live leases), so when a concurrent claim changed the row PostgreSQL
// re-reads it under the lock (READ COMMITTED re-check) and the check sees that claim.

export type PaperStage = 'blind' | 'third' | 'arbitration' | 'final' | 'problem';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Where `run` sends a statement: an Executor (pool or transaction), or one pooled connection held
 * for a few statements in a row (`onOneConnection`).
 */
export type Runner = Executor | OneConnection;

/** A pooled connection held without a transaction; only `run` takes it. */
export interface OneConnection {
  readonly oneConnection: pg.PoolClient;
  readonly dialect: Dialect;
}

interface Dialect {
  sqlToQuery(q: SQL): { sql: string; params: unknown[] };
}

const innerOf = (executor: Executor) =>
  executor as unknown as {
    session: { client: unknown };
    dialect: Dialect;
  };

/**
 * Runs a statement as a named prepared statement on PostgreSQL: planning these CTEs costs more
 * than running them (≈15 ms against 0.5 ms under load), and a prepared statement is planned once
 * per connection. PGlite (one in-process connection, no network) runs it as it is.
 */
export async function run(runner: Runner, name: string, query: SQL): Promise<unknown> {
  if ('oneConnection' in runner) {
    const { sql: text, params } = runner.dialect.sqlToQuery(query);
    return runner.oneConnection.query({ name, text, values: params });
  }
  const inner = innerOf(runner);
  const client = inner.session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = inner.dialect.sqlToQuery(query);
    return client.query({ name, text, values: params });
  }
  return runner.execute(query);
}

/**
 * Runs `work` on one pooled connection, without a transaction, so its statements do not each
 * queue for the pool again. A submission's read and conditional write go this way: under load the
 * wait for a second connection was hundreds of milliseconds, in which the paper's other holder
 * often wrote first and sent the submission back to read again. PGlite has one connection anyway.
 */
export async function onOneConnection<T>(db: Executor, work: (runner: Runner) => Promise<T>): Promise<T> {
  const inner = innerOf(db);
  if (!(inner.session.client instanceof pg.Pool)) return work(db);
  const connection = await inner.session.client.connect();
  try {
    return await work({ oneConnection: connection, dialect: inner.dialect });
  } finally {
    connection.release();
  }
}
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The row's live holders other than `me`, as the new holders/held_until arrays start from. */
export function othersLive(me: number, now: Date, column: 'm' | 'u'): SQL {
  return sql`array(select ${sql.raw(`h.${column}`)} from unnest(p.holders, p.held_until) with ordinality h(m, u, n)
    where h.u > ${ts(now)} and h.m <> ${me} order by h.n)`;
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
  return r ? lockedPaperOf(r) : undefined;
}

/** A row of the paper joined with its 题块 and the caller's seat (the columns lockForSubmit selects). */
export function lockedPaperOf(r: Record<string, unknown>): LockedPaper {
  return {
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
  return { leaseId: r.lease_id === null ? null : Number(r.lease_id), marks: markRowsOf(r.marks) };
}

/** The json_agg of a paper's marks (the columns marksAndLease builds) as mark rows. */
export function markRowsOf(json: unknown): MarkRow[] {
  const raw = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>[];
  return raw.map((m) => ({
    id: Number(m.id),
    paperId: Number(m.paperId),
    blockId: Number(m.blockId),
    markerId: Number(m.markerId),
    kind: m.kind as MarkRow['kind'],
    scores: m.scores as MarkRow['scores'],
    seconds: Number(m.seconds),
    submittedAt: new Date(m.submittedAt as string),
  }));
}

/** The paper row's cached stage columns after a mark, from packages/marking (submit-sql, the desk). */
export interface PaperColumns {
  stage: PaperStage;
  needed: number;
  done: number;
  finalScores: Record<string, number> | null;
  finalTotal: number | null;
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
