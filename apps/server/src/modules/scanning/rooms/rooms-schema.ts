import { bigint, index, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../../platform/schema.ts';
import { multiExams } from '../../exams/schema.ts';

// 考场 (issue #16 item 4). Rooms belong to the multi exam: every subject sits in the same rooms and
// seats, so a student's room and seat are written to each of their exam_students rows (the room's
// name in exam_students.room, the seat in exam_students.seat), and the name is unique in the exam.

export const examRooms = pgTable(
  'exam_rooms',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    multiExamId: bigint({ mode: 'number' })
      .notNull()
      .references(() => multiExams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    location: text().notNull().default(''),
    /** 监考教师 by name (#19, printed in the 考务安排); not accounts, since invigilators may come from outside. */
    invigilators: text().array().notNull().default([]),
    seatCount: smallint().notNull(),
    /** Seats in one row: seats n and n+1 of a row are side by side. */
    columns: smallint().notNull(),
    sortOrder: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.multiExamId, t.name), index().on(t.schoolId)],
);
