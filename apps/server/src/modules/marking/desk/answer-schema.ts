import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from '../../../platform/schema.ts';
import { users } from '../../auth/schema.ts';
import { examQuestions, singleExams } from '../../exams/schema.ts';

/**
 * A subjective question's standard answer and scoring notes for the desk (marking.md "The marking
 * desk"), kept with the exam question rather than the 题块: merging or splitting 题块 keeps them.
 * `version` counts saves, so two administrators editing at once cannot overwrite each other.
 */
export const markStandardAnswers = pgTable(
  'mark_standard_answers',
  {
    questionId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    singleExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => singleExams.id),
    answer: text().notNull(),
    notes: text().notNull().default(''),
    version: integer().notNull().default(1),
    updatedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.singleExamId)],
);
