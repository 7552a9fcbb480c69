import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema.ts';
import { markBlocks, markPapers, marks } from '../schema.ts';

// Monitor settings and spot checks of a 题块 (marking.md "Quality": drift, 抽查).

/** Per 题块: when a marker's drift raises an alert, and how many papers must be spot-checked. */
export const markMonitorSettings = pgTable('mark_monitor_settings', {
  blockId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => markBlocks.id, { onDelete: 'cascade' }),
  /** Alert when a marker's mean over their last 50 papers leaves the 题块's by more points. */
  driftMeanPoints: doublePrecision().notNull(),
  /** Alert when their agreement within T over the last 50 falls below this share. */
  driftMinAgreement: doublePrecision().notNull(),
  /** Papers a leader must have spot-checked before the 题块 may be finished (0: none). */
  spotCheckQuota: integer().notNull().default(0),
  updatedBy: bigint({ mode: 'number' }).references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One spot-checked paper: passed as it was (markId null) or corrected by a spot-check mark. */
export const markSpotChecks = pgTable(
  'mark_spot_checks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    checkerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    markId: bigint({ mode: 'number' }).references(() => marks.id),
    reason: text(),
    before: jsonb().$type<Record<string, number>>(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.blockId), index().on(t.paperId)],
);
