import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema.ts';
import { markBlocks, markPapers } from '../schema.ts';

/**
 * 问题卷 (marking.md "The marking desk"): a marker's flag on the paper they held, with a reason,
 * for the 题组长's queue. While open the paper's stage is 'problem' (no claim picks it); the
 * 题组长 resolves it by scoring it or sending it back.
 */
export const markProblems = pgTable(
  'mark_problems',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    markerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text().$type<'图像不清' | '答题错位' | '疑似雷同' | '其他'>().notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedBy: bigint({ mode: 'number' }).references(() => users.id),
    resolution: text().$type<'scored' | 'returned'>(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.blockId, t.resolvedAt), index().on(t.paperId)],
);
