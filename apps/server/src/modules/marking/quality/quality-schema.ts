import { bigint, doublePrecision, index, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema.ts';
import { markBlocks, markPapers } from '../schema.ts';

// Marker quality (marking.md "Quality"): 回评抽检 and 标准卷. A quality item is a paper served to a
// marker unannounced; its scores are a quality record only, never a mark (no final, quota or
// progress reads this table).

/** Per 题块: the share of a marker's papers that come back (回评抽检) and the 标准卷 mix rate. */
export const markQualitySettings = pgTable('mark_quality_settings', {
  blockId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => markBlocks.id, { onDelete: 'cascade' }),
  selfCheckPercent: smallint().notNull().default(2),
  seededPercent: smallint().notNull().default(2),
});

/** A 标准卷: a paper a 题组长 declared as a reference, with the reference scores. */
export const markSeededPapers = pgTable(
  'mark_seeded_papers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    scores: jsonb().$type<Record<string, number>>().notNull(),
    setBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.blockId, t.paperId)],
);

/**
 * One quality item served to a marker. Its id is the fencing token the desk carries, drawn from a
 * range of its own (QUALITY_TOKEN_BASE up) so a submission is routed here without a lookup.
 * reference: the marker's own earlier scores (self) or the 标准卷's (seeded); difference is the
 * signed total of given − reference, written when the marker submits.
 */
export const markQualityItems = pgTable(
  'mark_quality_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_000_000_000 }),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    markerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text().$type<'self' | 'seeded'>().notNull(),
    /** The kind the desk is shown, so the paper looks like any other. */
    shownAs: text().$type<'first' | 'second'>().notNull(),
    reference: jsonb().$type<Record<string, number>>().notNull(),
    scores: jsonb().$type<Record<string, number>>(),
    difference: doublePrecision(),
    seconds: doublePrecision(),
    servedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.blockId, t.markerId, t.kind, t.paperId), index().on(t.blockId, t.markerId)],
);
