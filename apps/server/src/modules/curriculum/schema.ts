import { bigint, boolean, index, numeric, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../platform/schema.ts';

// Curriculum (issue #19 part 3): for schools with majors (vocational, 新高考 选科). The school's own
// courses (not the platform's 学科 catalogue: a vocational school's 专业核心课 are its own), majors by
// enter year, each major's teaching plan (a course in a term) and the lessons of each plan row.

/** Whether the school runs majors: the curriculum screens show only then. A missing row is off. */
export const curriculumSettings = pgTable('curriculum_settings', {
  schoolId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => schools.id),
  majorsEnabled: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const curriculumCourses = pgTable(
  'curriculum_courses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    code: text().notNull().default(''),
    kind: text().notNull(),
    /** Half credits occur (0.5); numeric keeps them exact. */
    credits: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    hours: smallint().notNull().default(0),
  },
  (t) => [unique().on(t.schoolId, t.name)],
);

export const curriculumMajors = pgTable(
  'curriculum_majors',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    enterYear: smallint().notNull(),
    name: text().notNull(),
    code: text().notNull().default(''),
    /** 学制 in years. */
    years: smallint().notNull().default(3),
  },
  (t) => [unique().on(t.schoolId, t.enterYear, t.name)],
);

export const curriculumMajorPlans = pgTable(
  'curriculum_major_plans',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    majorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => curriculumMajors.id, { onDelete: 'cascade' }),
    /** 第几学期 of the major, 1 … years × 2. */
    term: smallint().notNull(),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => curriculumCourses.id),
    hours: smallint().notNull().default(0),
    credits: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    assessment: text().notNull(),
  },
  (t) => [unique().on(t.majorId, t.term, t.courseId), index().on(t.courseId)],
);

export const curriculumMajorLessons = pgTable(
  'curriculum_major_lessons',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    planId: bigint({ mode: 'number' })
      .notNull()
      .references(() => curriculumMajorPlans.id, { onDelete: 'cascade' }),
    lessonNo: smallint().notNull(),
    title: text().notNull(),
    hours: smallint().notNull().default(2),
  },
  (t) => [unique().on(t.planId, t.lessonNo)],
);
