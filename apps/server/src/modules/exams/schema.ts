import type { AnalysisSettings, ExamLevelScheme, ScoreConfig } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { areas, schools } from '../../platform/schema.ts';
import { users } from '../auth/schema.ts';
import { classes, eduCourses, eduGrades, gradeTerms, schoolYears, students } from '../school-base/schema.ts';

// Exams and scores (spec §3, issue #4). A multi-exam (meId) has one single exam (seId) per course;
// each single exam has its exam students, its question structure and one score row per student.
// Scores are stored per question; the totals on the score row are derived by the server, never typed.

/** A multi-exam: status 1 草稿, 2 进行中, 3 已完成, 4 已发布 (contracts EXAM_STATUS). */
export const multiExams = pgTable(
  'multi_exams',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    schoolYearId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schoolYears.id),
    termId: bigint({ mode: 'number' })
      .notNull()
      .references(() => gradeTerms.id),
    gradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduGrades.id),
    /** 1 月考, 2 期中, 3 期末, 4 联考, 5 模拟. */
    examType: smallint().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    status: smallint().notNull().default(1),
    /** Three digits, a 0 turns an option on (contracts HIDDEN_OPTIONS). */
    hiddenStudentOrder: text().notNull().default('011'),
    /** Exams of several schools sharing this key form one 联考. */
    unionKey: text(),
    publishedToStudents: boolean().notNull().default(false),
    /** Copied from the school's SSC at creation; edited in analysis-manager. */
    settings: jsonb().$type<AnalysisSettings>().notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finalisedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.schoolId, t.schoolYearId, t.gradeId), index().on(t.unionKey)],
);

/** One course of a multi-exam: status 1 草稿, 2 进行中, 3 已完成. */
export const singleExams = pgTable(
  'single_exams',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    multiExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => multiExams.id),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
    fullMark: doublePrecision().notNull(),
    examDate: date({ mode: 'string' }),
    status: smallint().notNull().default(1),
    /** Bumped by every score change, so report computation (#5) knows what is stale. */
    scoreVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.multiExamId, t.courseId), index().on(t.schoolId)],
);

/** Who sits a single exam: the class at the time of the exam, 考号, 考场 and 缺考. */
export const examStudents = pgTable(
  'exam_students',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    studentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => students.id),
    classId: bigint({ mode: 'number' })
      .notNull()
      .references(() => classes.id),
    examNo: text(),
    room: text(),
    /** The seat in the room (考场编排), for printing personalised cards in room and seat order. */
    seat: integer(),
    absent: boolean().notNull().default(false),
  },
  (t) => [unique().on(t.singleExamId, t.studentId), index().on(t.studentId), index().on(t.singleExamId, t.classId)],
);

/** A 大题 (question group) of a single exam, e.g. 一、选择题. */
export const examQuestionGroups = pgTable(
  'exam_question_groups',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    name: text().notNull(),
    sortOrder: smallint().notNull(),
  },
  (t) => [index().on(t.singleExamId)],
);

/** A question: kind 1 objective (objectiveType 1 单选, 2 多选, 3 判断, scored from the key), 2 subjective. */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    groupId: bigint({ mode: 'number' }).references(() => examQuestionGroups.id),
    questionNo: text().notNull(),
    sortOrder: smallint().notNull(),
    kind: smallint().notNull(),
    objectiveType: smallint(),
    optionCount: smallint(),
    answer: text(),
    fullMark: doublePrecision().notNull(),
    partialMark: doublePrecision(),
    knowledgePoints: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [unique().on(t.singleExamId, t.questionNo), index().on(t.singleExamId, t.sortOrder)],
);

/**
 * One row per exam student per single exam: every question's score (questionId → score) and the
 * objective letters chosen (questionId → letters). The three totals are derived by the server on
 * every write; `totalOnly` marks a single exam without a question structure, scored as a total.
 */
export const studentScores = pgTable(
  'student_scores',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    examStudentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => examStudents.id),
    studentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => students.id),
    scores: jsonb().$type<Record<string, number>>().notNull().default({}),
    choices: jsonb().$type<Record<string, string>>().notNull().default({}),
    objectiveScore: doublePrecision(),
    subjectiveScore: doublePrecision(),
    totalScore: doublePrecision(),
    totalOnly: boolean().notNull().default(false),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.singleExamId, t.studentId), index().on(t.studentId)],
);

/**
 * singleExamStudentQuestionRecord: every score change (status 2) and correction requests (1 待审核,
 * 3 已驳回). An audit trail like the audit log: no foreign keys, so a record outlives what it names
 * and a first import of 200,000 question scores does not pay a key check per column and row.
 */
export const scoreRecords = pgTable(
  'score_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' }).notNull(),
    singleExamId: bigint({ mode: 'number' }).notNull(),
    studentId: bigint({ mode: 'number' }).notNull(),
    /** Not a foreign key: the record outlives a deleted question. */
    questionId: bigint({ mode: 'number' }),
    questionNo: text(),
    oldScore: doublePrecision(),
    newScore: doublePrecision(),
    oldChoice: text(),
    newChoice: text(),
    reason: text().notNull().default(''),
    /** contracts SCORE_RECORD_SOURCES key. */
    source: text().notNull(),
    status: smallint().notNull().default(2),
    changedBy: bigint({ mode: 'number' }).notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedBy: bigint({ mode: 'number' }),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.singleExamId, t.studentId), index().on(t.schoolId, t.status), index().on(t.changedBy)],
);

/** Files of an exam (exam-doc): kind 1 试卷, 2 标准答案, 3 评分细则, 4 其他; bytes in file storage. */
export const examDocs = pgTable(
  'exam_docs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    multiExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => multiExams.id),
    singleExamId: bigint({ mode: 'number' }).references(() => singleExams.id),
    kind: smallint().notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    size: integer().notNull(),
    contentType: text().notNull(),
    uploadedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.schoolId, t.multiExamId)],
);

/** The standard paper of a single exam: kind 1 标准答案, 2 评分细则, text with an optional document. */
export const standardPapers = pgTable(
  'standard_papers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    kind: smallint().notNull(),
    title: text().notNull(),
    content: text().notNull().default(''),
    docId: bigint({ mode: 'number' }).references(() => examDocs.id),
    updatedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.singleExamId)],
);

/** SSC: a school's score configuration; defaults (contracts DEFAULT_SCORE_CONFIG) until saved. */
export const schoolScoreConfigs = pgTable('school_score_configs', {
  schoolId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => schools.id),
  config: jsonb().$type<ScoreConfig>().notNull(),
  updatedBy: bigint({ mode: 'number' }).references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** ELA: level-score schemes of a school or an area; the built-in ones live in code. */
export const examLevelSchemes = pgTable(
  'exam_level_schemes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' }).references(() => schools.id),
    areaId: bigint({ mode: 'number' }).references(() => areas.id),
    name: text().notNull(),
    levels: jsonb().$type<ExamLevelScheme['levels']>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.schoolId), index().on(t.areaId)],
);
