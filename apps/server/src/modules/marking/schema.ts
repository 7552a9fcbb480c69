import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { schools } from '../../platform/schema.ts';
import { users } from '../auth/schema.ts';
import { examStudents, singleExams } from '../exams/schema.ts';

// Online marking (issue #17, marking.md): 题块, their markers, papers, marks and leases.
// A paper's `stage` and slot counters are a cache of packages/marking paperState over its marks,
// kept so the claim is one indexed statement; marks are the truth and are never edited.

/** A 题块: questions of one single exam marked together. status 1 未开始, 2 阅卷中, 3 已暂停, 4 已结束. */
export const markBlocks = pgTable(
  'mark_blocks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    name: text().notNull(),
    /** Question id (exam_questions) and full marks, in order. */
    questions: jsonb().$type<{ questionId: string; fullMarks: number }[]>().notNull(),
    mode: text().$type<'single' | 'double'>().notNull(),
    tolerance: doublePrecision().notNull(),
    step: doublePrecision().$type<1 | 0.5>().notNull(),
    doubleSharePercent: smallint().notNull().default(100),
    status: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.singleExamId)],
);

/** A marker of a 题块 (a teacher's user), with quota (null: 自由领取), 题组长 flag and pause. */
export const markBlockMarkers = pgTable(
  'mark_block_markers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    quota: integer(),
    leader: boolean().notNull().default(false),
    paused: boolean().notNull().default(false),
  },
  (t) => [unique().on(t.blockId, t.userId), index().on(t.userId)],
);

/**
 * One student's answer to one 题块: a crop in file storage or an online answer's text.
 * stage: blind (一评/二评 open), third, arbitration, final. `needed` blind marks (1 or 2 by
 * 双评比例) or 1 for 三评/仲裁; `done` counts the marks of the current stage.
 */
export const markPapers = pgTable(
  'mark_papers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' }).notNull(),
    blockId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markBlocks.id, { onDelete: 'cascade' }),
    examStudentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => examStudents.id),
    imageKey: text(),
    answerText: text(),
    stage: text().$type<'blind' | 'third' | 'arbitration' | 'final' | 'problem'>().notNull().default('blind'),
    needed: smallint().notNull(),
    done: smallint().notNull().default(0),
    finalScores: jsonb().$type<Record<string, number>>(),
    finalTotal: doublePrecision(),
    finalisedAt: timestamp({ withTimezone: true }),
    /**
     * The live leases again, on the row itself (marker ids and lease ends, same order; mark_leases
     * keeps the fencing tokens): a claim's slot check then reads only the locked row, which
     * PostgreSQL re-reads when a concurrent claim changed it, so one statement claims safely.
     */
    holders: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'`),
    heldUntil: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'`),
  },
  // The partial index is the claim's queue: papers with a slot left even if every holder's lease
  // were live, so a claim never walks the papers others hold (decisions: the claim's pick).
  (t) => [
    unique().on(t.blockId, t.examStudentId),
    index().on(t.blockId, t.stage, t.id),
    index('mark_papers_open_idx')
      .on(t.blockId, t.stage, t.id)
      .where(sql`${t.done} + cardinality(${t.holders}) < ${t.needed}`),
  ],
);

/** One marker's scores for one paper; never edited (a change is a newer mark). */
export const marks = pgTable(
  'marks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    blockId: bigint({ mode: 'number' }).notNull(),
    markerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text().$type<'first' | 'second' | 'third' | 'arbitration' | 'spot-check'>().notNull(),
    scores: jsonb().$type<Record<string, number>>().notNull(),
    seconds: doublePrecision().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // (block, paper, marker, newest first) and (block, marker, id) serve the monitors' reads.
  (t) => [
    index().on(t.paperId),
    index().on(t.blockId, t.markerId),
    index('marks_block_paper_marker_newest_idx').on(t.blockId, t.paperId, t.markerId, t.id.desc()),
    index('marks_block_marker_id_idx').on(t.blockId, t.markerId, t.id),
  ],
);

/** A marker's hold on a paper; its id is the fencing token a submission must carry. */
export const markLeases = pgTable(
  'mark_leases',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markPapers.id, { onDelete: 'cascade' }),
    blockId: bigint({ mode: 'number' }).notNull(),
    markerId: bigint({ mode: 'number' }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  // (block, expiry): the claim finds the papers held only by an expired lease without a walk.
  (t) => [unique().on(t.paperId, t.markerId), index().on(t.blockId, t.markerId), index().on(t.blockId, t.expiresAt)],
);

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
