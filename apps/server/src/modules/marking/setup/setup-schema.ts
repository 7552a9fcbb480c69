import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { markBlocks } from '../schema.ts';

// A 题块's distribution settings and its set-up version (issue #17 阅卷设置). The version grows with
// each save, so an administrator saving over another's newer save is refused, never silently lost.

export const markBlockSettings = pgTable('mark_block_settings', {
  blockId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => markBlocks.id, { onDelete: 'cascade' }),
  /** even 平均分配 | by-class 按班级 | free 自由领取 | quota 手设定额 (contracts MARK_DISTRIBUTIONS). */
  distribution: text().$type<'even' | 'by-class' | 'free' | 'quota'>().notNull().default('free'),
  /** Papers a marker may take per day; null: no cap. */
  dailyCap: integer(),
  version: integer().notNull().default(0),
});
