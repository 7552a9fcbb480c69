import { and, eq, isNull, sql } from 'drizzle-orm';
import { markQualityItems, markQualitySettings, markSeededPapers } from '../../../db/schema.ts';
import type { Executor, Tx } from '../../../platform/db.ts';
import { run } from '../dispatch/dispatch-sql.ts';

// Quality's SQL (quality-schema.ts): the figures a claim decides on, the papers a quality item may
// come from, the items themselves, 标准卷 and the per-marker figures the monitors show.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type QualityItem = typeof markQualityItems.$inferSelect;

export const DEFAULT_QUALITY = { selfCheckPercent: 2, seededPercent: 2 };

export async function settingsOf(db: Executor, blockIds: number[]) {
  const rows =
    blockIds.length === 0
      ? []
      : await db.select().from(markQualitySettings).where(sql`${markQualitySettings.blockId} in ${blockIds}`);
  const found = new Map(rows.map((r) => [r.blockId, r]));
  return new Map(blockIds.map((id) => [id, found.get(id) ?? { blockId: id, ...DEFAULT_QUALITY }]));
}

export async function saveSettings(tx: Tx, blockId: number, values: typeof DEFAULT_QUALITY) {
  await tx
    .insert(markQualitySettings)
    .values({ blockId, ...values })
    .onConflictDoUpdate({ target: markQualitySettings.blockId, set: values });
}

export interface Turn {
  /** The 题块 is 阅卷中 and the caller sits on it unpaused. */
  open: boolean;
  blindDone: number;
  selfServed: number;
  seededServed: number;
  selfCheckPercent: number;
  seededPercent: number;
  /** A quality item came after the caller's newest blind mark: never two in a row. */
  servedSinceLastMark: boolean;
  /** The caller's unanswered live item (a reopened desk gets it again). */
  openItemId: number | null;
}

const CLOSED: Turn = {
  open: false,
  blindDone: 0,
  selfServed: 0,
  seededServed: 0,
  servedSinceLastMark: false,
  openItemId: null,
  ...DEFAULT_QUALITY,
};

/**
 * What one claim decides on, in one statement (a claim's cost matters, issue #17 speed). It drops
 * the caller's expired unanswered items, which the counts below already leave out (the statement
 * reads the rows as they were before its own delete).
 */
export async function turnOf(db: Executor, blockId: number, me: number, now: Date): Promise<Turn> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Named, so PostgreSQL plans it once per connection: it runs before every claim.
  const result = await run(
    db,
    'mark-quality-turn',
    sql`
    with gone as (
      delete from mark_quality_items q where q.block_id = ${blockId} and q.marker_id = ${me}
        and q.submitted_at is null and q.expires_at <= ${at}
      returning q.id
    ), items as (
      select q.id, q.kind, q.served_at, q.submitted_at from mark_quality_items q
      where q.block_id = ${blockId} and q.marker_id = ${me} and (q.submitted_at is not null or q.expires_at > ${at})
    ), blind as (
      select count(distinct m.paper_id)::int as done, max(m.submitted_at) as last_mark from marks m
      where m.block_id = ${blockId} and m.marker_id = ${me} and m.kind in ('first', 'second')
    )
    select b.status = 2 and mk.id is not null and not mk.paused as open,
      (select done from blind) as blind_done,
      (select last_mark from blind) as last_mark,
      (select count(*)::int from items where kind = 'self') as self_served,
      (select count(*)::int from items where kind = 'seeded') as seeded_served,
      (select max(served_at) from items) as last_served,
      (select min(id) from items where submitted_at is null) as open_item,
      (select count(*)::int from gone) as dropped,
      coalesce(s.self_check_percent, ${DEFAULT_QUALITY.selfCheckPercent}) as self_pct,
      coalesce(s.seeded_percent, ${DEFAULT_QUALITY.seededPercent}) as seeded_pct
    from mark_blocks b
    left join mark_block_markers mk on mk.block_id = b.id and mk.user_id = ${me}
    left join mark_quality_settings s on s.block_id = b.id
    where b.id = ${blockId}`,
  );
  const r = rowsOf<Record<string, unknown>>(result)[0];
  if (!r) return CLOSED;
  const lastMark = r.last_mark === null ? null : new Date(r.last_mark as string);
  const lastServed = r.last_served === null ? null : new Date(r.last_served as string);
  return {
    open: r.open === true,
    blindDone: Number(r.blind_done),
    selfServed: Number(r.self_served),
    seededServed: Number(r.seeded_served),
    selfCheckPercent: Number(r.self_pct),
    seededPercent: Number(r.seeded_pct),
    servedSinceLastMark: lastServed !== null && (lastMark === null || lastServed >= lastMark),
    openItemId: r.open_item === null ? null : Number(r.open_item),
  };
}

export interface Candidate {
  paperId: number;
  reference: Record<string, number>;
  shownAs: 'first' | 'second';
}

/**
 * One of the caller's own blind papers marked at least `minAgo` papers ago, not yet come back and
 * not a problem paper, picked by a hash of paper and marker (fixed, so tests can count on it),
 * with the caller's newest own scores on it (a 回评 change supersedes) as the reference.
 */
export async function selfCandidate(db: Executor, blockId: number, me: number, minAgo: number) {
  const result = await db.execute(sql`
    with mine as (
      select distinct on (m.paper_id) m.paper_id, m.id, m.kind, m.scores
      from marks m where m.block_id = ${blockId} and m.marker_id = ${me} and m.kind in ('first', 'second')
      order by m.paper_id, m.id desc
    ), ranked as (select mine.*, row_number() over (order by mine.id desc) as ago from mine)
    select r.paper_id, r.kind, r.scores from ranked r join mark_papers p on p.id = r.paper_id
    where r.ago > ${minAgo} and p.stage <> 'problem'
      and not exists (select 1 from mark_quality_items q where q.block_id = ${blockId}
        and q.marker_id = ${me} and q.kind = 'self' and q.paper_id = r.paper_id)
    order by md5(r.paper_id::text || ':' || ${me}::text) limit 1`);
  const r = rowsOf<{ paper_id: string | number; kind: string; scores: Record<string, number> }>(result)[0];
  if (!r) return undefined;
  const candidate: Candidate = {
    paperId: Number(r.paper_id),
    reference: r.scores,
    shownAs: r.kind === 'second' ? 'second' : 'first',
  };
  return candidate;
}

/**
 * A 标准卷 of the 题块 the caller has not been served, did not declare, has not marked and does
 * not hold: they meet it as a stranger's paper.
 */
export async function seededCandidate(db: Executor, blockId: number, me: number) {
  const result = await db.execute(sql`
    select s.paper_id, s.scores from mark_seeded_papers s
    where s.block_id = ${blockId} and s.set_by <> ${me}
      and not exists (select 1 from mark_quality_items q where q.block_id = ${blockId}
        and q.marker_id = ${me} and q.kind = 'seeded' and q.paper_id = s.paper_id)
      and not exists (select 1 from marks m where m.paper_id = s.paper_id and m.marker_id = ${me})
      and not exists (select 1 from mark_leases l where l.paper_id = s.paper_id and l.marker_id = ${me})
    order by md5(s.paper_id::text || ':' || ${me}::text) limit 1`);
  const r = rowsOf<{ paper_id: string | number; scores: Record<string, number> }>(result)[0];
  if (!r) return undefined;
  const candidate: Candidate = { paperId: Number(r.paper_id), reference: r.scores, shownAs: 'first' };
  return candidate;
}

export async function insertItem(db: Executor, values: typeof markQualityItems.$inferInsert) {
  const [row] = await db.insert(markQualityItems).values(values).returning();
  return row!;
}

export async function itemForUpdate(tx: Tx, id: number) {
  const [row] = await tx.select().from(markQualityItems).where(eq(markQualityItems.id, id)).for('update');
  return row;
}

export async function itemById(db: Executor, id: number) {
  const [row] = await db.select().from(markQualityItems).where(eq(markQualityItems.id, id));
  return row;
}

export async function answerItem(
  tx: Tx,
  id: number,
  values: { scores: Record<string, number>; difference: number; seconds: number; submittedAt: Date },
) {
  await tx.update(markQualityItems).set(values).where(eq(markQualityItems.id, id));
}

export async function renewItem(db: Executor, id: number, until: Date) {
  await db.update(markQualityItems).set({ expiresAt: until }).where(eq(markQualityItems.id, id));
}

/** A released or flagged item is dropped: it was never answered, so it records nothing. */
export async function dropItem(db: Executor, id: number) {
  await db.delete(markQualityItems).where(and(eq(markQualityItems.id, id), isNull(markQualityItems.submittedAt)));
}

export async function seededOf(db: Executor, blockId: number) {
  return db.select().from(markSeededPapers).where(eq(markSeededPapers.blockId, blockId)).orderBy(markSeededPapers.id);
}

export async function putSeeded(
  tx: Tx,
  values: { blockId: number; paperId: number; scores: Record<string, number>; setBy: number },
) {
  await tx
    .insert(markSeededPapers)
    .values(values)
    .onConflictDoUpdate({
      target: [markSeededPapers.blockId, markSeededPapers.paperId],
      set: { scores: values.scores, setBy: values.setBy },
    });
}

export async function removeSeeded(tx: Tx, blockId: number, paperId: number) {
  const rows = await tx
    .delete(markSeededPapers)
    .where(and(eq(markSeededPapers.blockId, blockId), eq(markSeededPapers.paperId, paperId)))
    .returning();
  return rows.length > 0;
}

/** Per marker of the 题块: answered items of each kind, mean |difference| and mean signed difference. */
export async function figuresOf(db: Executor, blockId: number) {
  const result = await db.execute(sql`
    select q.marker_id, q.kind, count(*)::int as n, avg(abs(q.difference))::float as mean_abs,
      avg(q.difference)::float as mean
    from mark_quality_items q
    where q.block_id = ${blockId} and q.submitted_at is not null
    group by q.marker_id, q.kind`);
  return rowsOf<{ marker_id: string | number; kind: 'self' | 'seeded'; n: number; mean_abs: number; mean: number }>(
    result,
  );
}
