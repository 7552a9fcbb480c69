import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { schools } from '../../platform/schema.ts';
import { users } from '../auth/schema.ts';
import { eduCourses, eduGrades } from '../school-base/schema.ts';

export * from './user-schema.ts';

// The question bank (spec §3 knowTopic / paperTopic, issue #6): knowledge-point and textbook trees,
// per-course question types, paper types, areas, questions with their tree links, and papers.
// Courses and grades are the platform catalogue (edu_courses, edu_grades).

/** A tsvector of the text-search lexemes (packages/text-search), filled with array_to_tsvector. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Knowledge-point (kind 1) and textbook chapter (kind 2) trees of a course. */
export const qbNodes = pgTable(
  'qb_nodes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    kind: smallint().notNull(),
    parentId: bigint({ mode: 'number' }),
    name: text().notNull(),
    /** Names from the root down, joined by ' > ': the node's identity for imports and path mapping. */
    path: text().notNull(),
    depth: smallint().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique().on(t.courseId, t.kind, t.path), index().on(t.parentId)],
);

export const qbQuestionTypes = pgTable(
  'qb_question_types',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    name: text().notNull(),
    /** Choice-like types whose answer is letters (单选题, 多选题, 判断题). */
    objective: smallint().notNull().default(0),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique().on(t.courseId, t.name)],
);

export const qbPaperTypes = pgTable('qb_paper_types', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
});

/** Regions of question sources (全国, 北京, 新课标Ⅰ…), not the platform's school areas. */
export const qbAreas = pgTable('qb_areas', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
});

export const qbPapers = pgTable(
  'qb_papers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    title: text().notNull(),
    year: smallint(),
    areaId: bigint({ mode: 'number' }).references(() => qbAreas.id),
    gradeId: bigint({ mode: 'number' }).references(() => eduGrades.id),
    paperTypeId: bigint({ mode: 'number' }).references(() => qbPaperTypes.id),
    origin: text().notNull(),
    sourceKey: text().notNull().unique(),
    /** null: the shared bank; otherwise the school's own bank. */
    schoolId: bigint({ mode: 'number' }).references(() => schools.id),
    /** 1 published; 2 draft; 3 withdrawn. Only 1 is listed. */
    status: smallint().notNull().default(1),
    timesUsed: integer().notNull().default(0),
    search: tsvector(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courseId, t.year), index('qb_papers_search_idx').using('gin', t.search)],
);

export const qbPaperSections = pgTable(
  'qb_paper_sections',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbPapers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique().on(t.paperId, t.title)],
);

export const qbQuestions = pgTable(
  'qb_questions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    typeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbQuestionTypes.id),
    /** 1 容易 … 5 困难. */
    difficulty: smallint().notNull(),
    stem: text().notNull(),
    options: jsonb().$type<string[] | null>(),
    answer: text().notNull().default(''),
    explanation: text().notNull().default(''),
    year: smallint(),
    areaId: bigint({ mode: 'number' }).references(() => qbAreas.id),
    gradeId: bigint({ mode: 'number' }).references(() => eduGrades.id),
    paperTypeId: bigint({ mode: 'number' }).references(() => qbPaperTypes.id),
    sourcePaper: text(),
    sourcePaperId: bigint({ mode: 'number' }).references(() => qbPapers.id, { onDelete: 'set null' }),
    /** Points in the source paper, when known. */
    score: real(),
    timesUsed: integer().notNull().default(0),
    /** demo, gaokao, tal, school or user. */
    origin: text().notNull(),
    /** Unique per source (e.g. `gaokao:2010-2022_Math_I_MCQs:0`): imports upsert by it. */
    sourceKey: text().notNull().unique(),
    schoolId: bigint({ mode: 'number' }).references(() => schools.id),
    status: smallint().notNull().default(1),
    /**
     * A teacher's own imported question (origin 'user'): only its owner sees it, through the
     * userquestions/own calls; it stays status 2 so no shared or school listing shows it.
     */
    ownerId: bigint({ mode: 'number' }).references(() => users.id),
    search: tsvector(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Every get_fast filter column, after the key, so the indexes below answer a search index-only.
    const facets = [t.year, t.timesUsed, t.difficulty, t.typeId, t.schoolId, t.areaId, t.gradeId, t.paperTypeId];
    const rest = (...key: unknown[]) => facets.filter((c) => !key.includes(c));
    return [
      index().on(t.courseId, t.typeId, t.difficulty),
      // One per get_fast order (orderId 1–4), keyed exactly as the order sorts: a page of a broad
      // filter is the first rows of the index, read in order; a capped count stops early.
      index('qb_questions_newest_idx').on(
        t.courseId,
        t.status,
        t.year.desc().nullsLast(),
        t.id.desc(),
        ...rest(t.year),
      ),
      index('qb_questions_most_used_idx').on(
        t.courseId,
        t.status,
        t.timesUsed.desc(),
        t.id.desc(),
        ...rest(t.timesUsed),
      ),
      index('qb_questions_easiest_idx').on(t.courseId, t.status, t.difficulty, t.id.desc(), ...rest(t.difficulty)),
      index('qb_questions_hardest_idx').on(
        t.courseId,
        t.status,
        t.difficulty.desc(),
        t.id.desc(),
        ...rest(t.difficulty),
      ),
      // The same columns by id: a knowledge-point filter reads the node's linked questions and checks
      // each here, instead of scanning the course.
      index('qb_questions_facets_by_id_idx').on(t.id, t.courseId, t.status, ...facets),
      index().on(t.schoolId).where(sql`${t.schoolId} is not null`),
      index().on(t.ownerId).where(sql`${t.ownerId} is not null`),
      // Course and words in one index (btree_gin): the bitmap holds only the course's matches, where a
      // separate course bitmap went lossy on a large bank and sent every row of its pages to a recheck.
      index('qb_questions_search_idx').using('gin', t.courseId, t.search),
    ];
  },
);

export const qbQuestionNodes = pgTable(
  'qb_question_nodes',
  {
    questionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbQuestions.id, { onDelete: 'cascade' }),
    nodeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbNodes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.nodeId] }), index().on(t.nodeId, t.questionId)],
);

export const qbPaperQuestions = pgTable(
  'qb_paper_questions',
  {
    paperId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbPapers.id, { onDelete: 'cascade' }),
    sectionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbPaperSections.id, { onDelete: 'cascade' }),
    questionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => qbQuestions.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
    score: real(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] }), index().on(t.questionId)],
);
