import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { eduCourses } from '../school-base/schema.ts';

// The user resources of the question bank (spec §3, §7; issue #6): the basket, the user's papers,
// their question use status, collections and downloads. Created with the bank's migration; the
// calls that fill them come with the basket and paper editor.

/** Basket (spec §3, §5): per user and course, grouped by question type; at most 50 per course. */
export const qbBasketItems = pgTable(
  'qb_basket_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    questionTypeId: bigint({ mode: 'number' }).notNull(),
    /** No foreign key: a question removed from the bank leaves the basket on its next read. */
    questionId: bigint({ mode: 'number' }).notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.questionId), index().on(t.userId, t.courseId)],
);

export const qbUserPapers = pgTable(
  'qb_user_papers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    schoolId: bigint({ mode: 'number' }).notNull(),
    title: text().notNull(),
    /** The editor's paper: layout, sections, questions and scores. */
    content: jsonb().notNull(),
    courseId: bigint({ mode: 'number' }).references(() => eduCourses.id),
    gradeId: bigint({ mode: 'number' }),
    paperTypeId: bigint({ mode: 'number' }),
    status: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId, t.updatedAt)],
);

/** userquestions update/status (spec §7): the user's own mark on a question. */
export const qbUserQuestionStatus = pgTable(
  'qb_user_question_status',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    questionId: bigint({ mode: 'number' }).notNull(),
    useStatus: smallint().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

export const qbCollectionNodes = pgTable(
  'qb_collection_nodes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    courseId: bigint({ mode: 'number' }).references(() => eduCourses.id),
    parentId: bigint({ mode: 'number' }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.courseId)],
);

export const qbCollectionItems = pgTable(
  'qb_collection_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    nodeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbCollectionNodes.id, { onDelete: 'cascade' }),
    /** 'question' or 'paper'. */
    kind: text().notNull(),
    targetId: bigint({ mode: 'number' }).notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.nodeId, t.kind, t.targetId)],
);

export const qbDownloads = pgTable(
  'qb_downloads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    userPaperId: bigint({ mode: 'number' }).references(() => qbUserPapers.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    /** docx or pdf. */
    format: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.at)],
);
