import { sql } from 'drizzle-orm';
import type { marks } from '../schema.ts';
import {
  type LockedPaper,
  lockedPaperOf,
  markRowsOf,
  othersLive,
  type PaperColumns,
  type Runner,
  rowsOf,
  run,
  ts,
} from './dispatch-sql.ts';

// A submission in two statements and no transaction (issue #17 speed, decisions 2026-11-26):
// read the paper with its 题块, the caller's seat and lease, its marks and its row version; decide
// by packages/marking in TypeScript; write mark + lease + stage in one statement that applies only
// when the paper row is still that version. Every write that adds a mark or changes who holds a
// paper also writes the paper row (claim, renew, release, returnLeases, the desk), so an unchanged
// row version means the marks and lease read are still the truth; a changed one sends the caller
// back to read again. The conditional UPDATE waits for a concurrent writer and re-checks the
// version on the newest row (READ COMMITTED), so two holders of a paper still go one after the other.

type MarkRow = typeof marks.$inferSelect;

export interface PaperForSubmit {
  paper: LockedPaper;
  /** The row version (xmin) the write is conditional on. */
  version: string;
  leaseId: number | null;
  marks: MarkRow[];
}

/** Everything a submission decides on, in one statement (one snapshot). */
export async function readForSubmit(
  db: Runner,
  paperId: number,
  blockId: number,
  me: number,
): Promise<PaperForSubmit | undefined> {
  const result = await run(
    db,
    'mark-submit-read',
    sql`
    select p.id, p.block_id, p.exam_student_id, p.stage, p.xmin::text as version,
      mk.id is not null as seated, coalesce(mk.paused, false) as paused,
      b.id as b_id, b.school_id, b.single_exam_id, b.name, b.questions, b.mode, b.tolerance, b.step,
      b.double_share_percent, b.status, b.created_at,
      (select l.id from mark_leases l where l.paper_id = p.id and l.marker_id = ${me}) as lease_id,
      coalesce((select json_agg(json_build_object('id', m.id, 'paperId', m.paper_id, 'blockId', m.block_id,
        'markerId', m.marker_id, 'kind', m.kind, 'scores', m.scores, 'seconds', m.seconds,
        'submittedAt', m.submitted_at) order by m.id) from marks m where m.paper_id = p.id), '[]'::json) as marks
    from mark_papers p join mark_blocks b on b.id = p.block_id
    left join mark_block_markers mk on mk.block_id = b.id and mk.user_id = ${me}
    where p.id = ${paperId} and p.block_id = ${blockId}`,
  );
  const r = rowsOf<Record<string, unknown>>(result)[0];
  if (!r) return undefined;
  return {
    paper: lockedPaperOf(r),
    version: String(r.version),
    leaseId: r.lease_id === null ? null : Number(r.lease_id),
    marks: markRowsOf(r.marks),
  };
}

/**
 * Writes the mark, drops the lease and moves the paper on, in one statement, only if the paper
 * row is still `version`, the lease still the caller's and the 题块 not ended. Returns the new
 * mark's id, or null when something changed since the read (the caller reads again).
 */
export async function recordMark(
  db: Runner,
  p: {
    paperId: number;
    blockId: number;
    me: number;
    leaseId: number;
    version: string;
    kind: MarkRow['kind'];
    scores: Record<string, number>;
    seconds: number;
    now: Date;
    columns: PaperColumns;
  },
): Promise<number | null> {
  const c = p.columns;
  const result = await run(
    db,
    'mark-record',
    sql`
    with upd as (
      update mark_papers p set stage = ${c.stage}, needed = ${c.needed}, done = ${c.done},
        final_scores = ${c.finalScores === null ? null : JSON.stringify(c.finalScores)}::jsonb,
        final_total = ${c.finalTotal}::double precision, finalised_at = ${c.stage === 'final' ? p.now.toISOString() : null}::timestamptz,
        holders = ${othersLive(p.me, p.now, 'm')}, held_until = ${othersLive(p.me, p.now, 'u')}
      where p.id = ${p.paperId} and p.xmin = ${p.version}::xid
        and exists (select 1 from mark_leases l where l.id = ${p.leaseId} and l.paper_id = ${p.paperId} and l.marker_id = ${p.me})
        and exists (select 1 from mark_blocks b where b.id = ${p.blockId} and b.status <> 4)
      returning p.id
    ), ins as (
      insert into marks (paper_id, block_id, marker_id, kind, scores, seconds, submitted_at)
      select upd.id, ${p.blockId}, ${p.me}, ${p.kind}, ${JSON.stringify(p.scores)}::jsonb, ${p.seconds}, ${ts(p.now)}
      from upd
      returning id
    ), del as (
      delete from mark_leases where id = ${p.leaseId} and exists (select 1 from upd)
    )
    select id from ins`,
  );
  const row = rowsOf<{ id: string | number }>(result)[0];
  return row ? Number(row.id) : null;
}
