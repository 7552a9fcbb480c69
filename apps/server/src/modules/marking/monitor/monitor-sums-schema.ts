import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { markBlocks } from '../schema.ts';

// 题目监控's figures kept per 题块 and brought up to date at refresh (decisions.md 2026-11-26,
// "Marking monitors: sums brought up to date from changed papers"). Scores are kept in hundredths
// and seconds in milliseconds, so subtracting a paper's old entries leaves the sums exact.

/**
 * Papers whose marks or finals changed since the last refresh, noted by triggers on marks and
 * mark_papers (migration 0025). Append-only for writers: a refresh deletes only the rows it saw, so a
 * change committed meanwhile stays for the next one. No foreign keys: one cheap insert per submission.
 */
export const markMonitorChanges = pgTable(
  'mark_monitor_changes',
  {
    blockId: bigint({ mode: 'number' }).notNull(),
    paperId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index().on(t.blockId)],
);

/** Per 题块: the set-up the entries were computed for (questions, T, step); a change rebuilds them. */
export const markMonitorState = pgTable('mark_monitor_state', {
  blockId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => markBlocks.id, { onDelete: 'cascade' }),
  params: text().notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One marker's current 一评/二评/三评 mark of one paper with its figures (marker-stats-repo's rules). */
export const markMonitorEntries = pgTable(
  'mark_monitor_entries',
  {
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    paperId: bigint({ mode: 'number' }).notNull(),
    markerId: bigint({ mode: 'number' }).notNull(),
    /** The current mark's id: the drift window is the marker's latest entries by it. */
    markId: bigint({ mode: 'number' }).notNull(),
    bin: integer().notNull(),
    /** Hundredths of a point. */
    total: integer().notNull(),
    secondsMs: bigint({ mode: 'number' }).notNull(),
    paired: boolean().notNull(),
    compared: integer().notNull(),
    within: integer().notNull(),
    exact: integer().notNull(),
    /** Signed difference to the final in hundredths (0 unless the paper is final). */
    toFinal: integer().notNull(),
    toFinalCount: integer().notNull(),
    third: boolean().notNull(),
    arbitration: boolean().notNull(),
  },
  (t) => [index().on(t.blockId, t.paperId), index().on(t.blockId, t.markerId, t.markId)],
);

/** The entries added up per (题块, marker, histogram bin): what a refresh reads. */
export const markMonitorSums = pgTable(
  'mark_monitor_sums',
  {
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    markerId: bigint({ mode: 'number' }).notNull(),
    bin: integer().notNull(),
    n: integer().notNull(),
    sumTotal: bigint({ mode: 'number' }).notNull(),
    sumSquares: bigint({ mode: 'number' }).notNull(),
    zero: integer().notNull(),
    full: integer().notNull(),
    secondsMs: bigint({ mode: 'number' }).notNull(),
    paired: integer().notNull(),
    compared: integer().notNull(),
    within: integer().notNull(),
    exact: integer().notNull(),
    toFinal: bigint({ mode: 'number' }).notNull(),
    toFinalCount: integer().notNull(),
    third: integer().notNull(),
    arbitration: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.markerId, t.bin] })],
);
