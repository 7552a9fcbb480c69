import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../platform/schema.ts';
import { users } from '../auth/schema.ts';
import { examStudents, multiExams, singleExams } from '../exams/schema.ts';
import { students } from '../school-base/schema.ts';

// Online exams (issue #18): an exam of the exams module sat on screen. The paper is a snapshot
// taken when the exam is made (stems, options, keys, 解析 from the question bank), so a later edit
// in 我的试卷 does not change a paper students are sitting.

export interface OnlinePaperQuestion {
  /** exam_questions id. */
  questionId: string;
  questionNo: string;
  kind: 'single' | 'multiple' | 'judge' | 'text';
  stem: string;
  options: string[];
  fullMark: number;
  /** Letters (choice), T/F (判断) or the bank's answer text (subjective). */
  key: string | null;
  explanation: string | null;
}
export interface OnlinePaperSnapshot {
  sections: { title: string; questions: OnlinePaperQuestion[] }[];
}

export const onlineExams = pgTable(
  'online_exams',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    multiExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => multiExams.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .unique()
      .references(() => singleExams.id),
    name: text().notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    shuffle: boolean().notNull().default(false),
    releaseAnswers: boolean().notNull().default(true),
    releasedAt: timestamp({ withTimezone: true }),
    paper: jsonb().$type<OnlinePaperSnapshot>().notNull(),
    createdBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.schoolId)],
);

/** One student's sitting: started when they open it, closed by them, by the deadline or by an administrator. */
export const onlineSittings = pgTable(
  'online_sittings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    onlineExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => onlineExams.id, { onDelete: 'cascade' }),
    studentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => students.id),
    examStudentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => examStudents.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    deadline: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    /** student, deadline (the server's sweep) or admin. */
    submittedBy: text(),
    leaveCount: integer().notNull().default(0),
    /** 题块 names whose answer changed on a later submission after the paper was marked (marks kept). */
    changedAfterMarking: text().array().notNull().default(sql`'{}'`),
  },
  (t) => [unique().on(t.onlineExamId, t.studentId), index().on(t.deadline)],
);

/**
 * The latest answer to one question of a sitting. `version` is the client's counter for that
 * answer: a save carrying a lower or equal version than the stored one changes nothing, so saves
 * arriving out of order never overwrite a newer answer.
 */
export const onlineAnswers = pgTable(
  'online_answers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sittingId: bigint({ mode: 'number' })
      .notNull()
      .references(() => onlineSittings.id, { onDelete: 'cascade' }),
    questionId: text().notNull(),
    answer: text().notNull(),
    flagged: boolean().notNull().default(false),
    version: integer().notNull(),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique().on(t.sittingId, t.questionId)],
);
