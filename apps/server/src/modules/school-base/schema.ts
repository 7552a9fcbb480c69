import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { areas, schools } from '../../platform/schema.ts';
import { users } from '../auth/schema.ts';

// School base data (spec §3): the platform catalogue of grades and courses, then per school its
// relations, school years and terms, grades with courses, classes, students, teachers,
// class-teacher links and organisation leaders. Areas and schools themselves are the platform's
// tenants (platform/schema.ts), which auth's users point at too.

/** Platform catalogue: 一年级 … 高三, with their stage (1 小学, 2 初中, 3 高中). Seeded by a migration. */
export const eduGrades = pgTable('edu_grades', {
  id: bigint({ mode: 'number' }).primaryKey(),
  stage: smallint().notNull(),
  name: text().notNull().unique(),
  sortOrder: smallint().notNull(),
});

/** Platform catalogue of courses (语文, 数学 …), with the stages that teach them. Seeded by a migration. */
export const eduCourses = pgTable('edu_courses', {
  id: bigint({ mode: 'number' }).primaryKey(),
  name: text().notNull().unique(),
  /** Stages that teach the course, e.g. {2,3}. */
  stages: smallint().array().notNull(),
  sortOrder: smallint().notNull(),
});

/** Spec §3 schoolRelations: a manager's view onto schools, relationId being the area. */
export const schoolRelations = pgTable(
  'school_relations',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    areaId: bigint({ mode: 'number' })
      .notNull()
      .references(() => areas.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] })],
);

export const schoolYears = pgTable(
  'school_years',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [unique().on(t.schoolId, t.name), index().on(t.schoolId, t.startDate)],
);

/** A grade term (学期) of a school year: termNo 1 上学期, 2 下学期. */
export const gradeTerms = pgTable(
  'grade_terms',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    schoolYearId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schoolYears.id),
    termNo: smallint().notNull(),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [unique().on(t.schoolYearId, t.termNo), index().on(t.schoolId, t.startDate)],
);

/** A grade the school runs (sgId), e.g. 八年级, with its courses below. */
export const schoolGrades = pgTable(
  'school_grades',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    gradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduGrades.id),
  },
  (t) => [unique().on(t.schoolId, t.gradeId)],
);

/** A course of a school grade (sgcId), e.g. 八年级 数学, with its full mark for exams. */
export const schoolGradeCourses = pgTable(
  'school_grade_courses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    schoolGradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schoolGrades.id),
    courseId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduCourses.id),
  },
  (t) => [unique().on(t.schoolGradeId, t.courseId)],
);

/**
 * A class (classId). `gradeId` is its grade now; `class_years` keeps the grade of every school
 * year, so history survives the yearly upgrade. Graduated classes are archived, never deleted.
 */
export const classes = pgTable(
  'classes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    gradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduGrades.id),
    enterYear: smallint().notNull(),
    /** 1 行政班, 2 教学班. */
    classType: smallint().notNull().default(1),
    graduated: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('classes_active_name').on(t.schoolId, t.enterYear, t.name).where(sql`not graduated`),
    index().on(t.schoolId, t.gradeId),
  ],
);

/** The grade a class was in during each school year (written by class creation and the upgrade). */
export const classYears = pgTable(
  'class_years',
  {
    classId: bigint({ mode: 'number' })
      .notNull()
      .references(() => classes.id),
    schoolYearId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schoolYears.id),
    gradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => eduGrades.id),
  },
  (t) => [primaryKey({ columns: [t.classId, t.schoolYearId] }), index().on(t.schoolYearId)],
);

/** A student (studentId) with their type-2 account. 学号 is unique in the school. */
export const students = pgTable(
  'students',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    classId: bigint({ mode: 'number' })
      .notNull()
      .references(() => classes.id),
    name: text().notNull(),
    /** 1 男, 2 女. */
    gender: smallint().notNull(),
    studentNo: text().notNull(),
    examNo: text(),
    /** 1 在读, 2 毕业 (archived by the upgrade), 3 转出. */
    status: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.schoolId, t.studentNo),
    uniqueIndex('students_exam_no').on(t.schoolId, t.examNo).where(sql`exam_no is not null`),
    index().on(t.classId),
    index().on(t.userId),
  ],
);

/** A teacher (teacherId) with their type-1 or type-5 account. The phone is unique in the school. */
export const teachers = pgTable(
  'teachers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    phone: text().notNull(),
    /** 1 男, 2 女, null when not given. */
    gender: smallint(),
    /** 1 在职, 2 离职 (kept for history). */
    status: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.schoolId, t.phone), index().on(t.userId)],
);

/**
 * A class-teacher link (scteaId): in a term, a teacher teaches a course in a class; the 班主任
 * flag marks the class head (a head-only link has no course).
 */
export const classTeachers = pgTable(
  'class_teachers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    termId: bigint({ mode: 'number' })
      .notNull()
      .references(() => gradeTerms.id),
    classId: bigint({ mode: 'number' })
      .notNull()
      .references(() => classes.id),
    courseId: bigint({ mode: 'number' }).references(() => eduCourses.id),
    teacherId: bigint({ mode: 'number' })
      .notNull()
      .references(() => teachers.id),
    isHead: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('class_teachers_course').on(t.termId, t.classId, t.courseId).where(sql`course_id is not null`),
    uniqueIndex('class_teachers_head').on(t.termId, t.classId).where(sql`is_head`),
    index().on(t.schoolId, t.termId),
    index().on(t.teacherId),
  ],
);

/**
 * An organisation leader (solId): role 1 校长, 2 副校长, 3 年级主任, 4 教研组长, 5 备课组长, with
 * a scope of a grade and/or a course where the role needs one (roles-and-permissions.md).
 */
export const organLeaders = pgTable(
  'organ_leaders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    teacherId: bigint({ mode: 'number' })
      .notNull()
      .references(() => teachers.id),
    role: smallint().notNull(),
    gradeId: bigint({ mode: 'number' }).references(() => eduGrades.id),
    courseId: bigint({ mode: 'number' }).references(() => eduCourses.id),
  },
  (t) => [index().on(t.schoolId), index().on(t.teacherId)],
);
