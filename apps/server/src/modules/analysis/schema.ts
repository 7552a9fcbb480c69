import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// Stored reports of the analysis centre (issue #5). A run is one school's multi-exam (`me:<meId>`)
// or a 联考 (`union:<unionKey>`). Report calls read these rows and never compute; a computation
// replaces a run's rows in one transaction, so a failed one leaves the previous results in place.

/** One run's computation state: status 1 queued, 2 running, 3 done, 4 failed (contracts ReportStatus). */
export const analysisRuns = pgTable('analysis_runs', {
  runKey: text().primaryKey(),
  /** The school of a school run; null for a union. */
  schoolId: bigint({ mode: 'number' }),
  multiExamIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  status: smallint().notNull().default(1),
  progress: smallint().notNull().default(0),
  message: text().notNull().default(''),
  error: text(),
  /** The score versions and settings the stored results were computed from. */
  computedStamp: text(),
  /** The stamp wanted by the newest request (scores changed since when they differ). */
  wantedStamp: text(),
  requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp({ withTimezone: true }),
  computedAt: timestamp({ withTimezone: true }),
  /** Which worker holds a running computation, and until when (a crashed worker's lease expires). */
  leaseUntil: timestamp({ withTimezone: true }),
});

/** One report document: kind × subject ('0' = total, else course id) × scope key. */
export const analysisReports = pgTable(
  'analysis_reports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runKey: text().notNull(),
    kind: text().notNull(),
    subjectKey: text().notNull(),
    /** e.g. `grade`, `class:12`, `union`, `union>area`, `school:3`. */
    scopeKey: text().notNull(),
    /**
     * `json`, not `jsonb`: a 联考 writes about a gigabyte of documents, and building jsonb's binary form
     * cost twice the time of storing the checked text; reads return whole documents or one key.
     */
    body: json().notNull(),
  },
  (t) => [unique().on(t.runKey, t.kind, t.subjectKey, t.scopeKey)],
);

/** One student's figures in a run (contracts StudentRow), with the columns report cards sort and filter by. */
export const analysisStudentRows = pgTable(
  'analysis_student_rows',
  {
    runKey: text().notNull(),
    studentId: bigint({ mode: 'number' }).notNull(),
    schoolId: bigint({ mode: 'number' }).notNull(),
    classId: bigint({ mode: 'number' }).notNull(),
    multiExamId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    studentNo: text().notNull(),
    total: doublePrecision(),
    gradeRank: integer(),
    /** Each subject's score by subject key ('0' the total), so a report card sorts by a course without reading bodies. */
    subjectScores: jsonb().$type<Record<string, number | null>>().notNull(),
    body: json().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runKey, t.studentId] }),
    index().on(t.runKey, t.classId),
    index().on(t.runKey, t.total),
    index().on(t.studentId),
  ],
);
