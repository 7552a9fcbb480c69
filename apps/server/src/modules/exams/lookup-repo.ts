import { and, eq, inArray } from 'drizzle-orm';
import { classes, classTeachers, schools, teachers } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { examStudents, multiExams, singleExams } from './schema.ts';

// The rows every exams use case starts from: an exam with its school (for the tenancy check) and
// status, and the classes a teacher teaches. School-base tables are read, never written, here.

export type MultiExamRow = typeof multiExams.$inferSelect;
export type SingleExamRow = typeof singleExams.$inferSelect;

/** The school's name, for the title rows of score books and templates. */
export async function schoolNameOf(ex: Executor, schoolId: number): Promise<string> {
  const [row] = await ex.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? '';
}

export async function findMultiExamRow(ex: Executor, meId: number): Promise<MultiExamRow | null> {
  const [row] = await ex.select().from(multiExams).where(eq(multiExams.id, meId));
  return row ?? null;
}

/** A single exam with the fields of its multi-exam that rules need. */
export async function findSingleExamRow(
  ex: Executor,
  seId: number,
): Promise<(SingleExamRow & { multi: MultiExamRow }) | null> {
  const [row] = await ex
    .select({ single: singleExams, multi: multiExams })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .where(eq(singleExams.id, seId));
  return row ? { ...row.single, multi: row.multi } : null;
}

/** The classes that sit a multi-exam and its courses: what its reading scope is made of. */
export async function examClassesAndCourses(ex: Executor, meId: number) {
  const courses = await ex
    .select({ id: singleExams.id, courseId: singleExams.courseId })
    .from(singleExams)
    .where(eq(singleExams.multiExamId, meId));
  const seated =
    courses.length === 0
      ? []
      : await ex
          .selectDistinct({ classId: examStudents.classId })
          .from(examStudents)
          .where(
            inArray(
              examStudents.singleExamId,
              courses.map((c) => c.id),
            ),
          );
  return { classIds: seated.map((r) => r.classId), courseIds: [...new Set(courses.map((c) => c.courseId))] };
}

/** A class with its school, for the tenancy check of a `classId` filter. */
export async function findClassRow(ex: Executor, classId: number): Promise<{ schoolId: number } | null> {
  const [row] = await ex.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId));
  return row ?? null;
}

/**
 * Classes a teacher teaches in a term through class-teacher links: for one course, or any course;
 * a 班主任 link counts for every course of the class (roles-and-permissions.md).
 */
export async function taughtClassIds(
  ex: Executor,
  userId: number,
  termId: number,
  courseId: number | null,
): Promise<number[]> {
  const rows = await ex
    .select({ classId: classTeachers.classId, courseId: classTeachers.courseId, isHead: classTeachers.isHead })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(and(eq(teachers.userId, userId), eq(classTeachers.termId, termId)));
  const ids = rows.filter((r) => courseId === null || r.courseId === courseId || r.isHead).map((r) => r.classId);
  return [...new Set(ids)];
}

/** Terms in which a teacher has any class-teacher link (for findMyMultiExam). */
export async function taughtTermClasses(ex: Executor, userId: number, termIds: number[]) {
  if (termIds.length === 0) return [];
  return ex
    .select({ termId: classTeachers.termId, classId: classTeachers.classId, courseId: classTeachers.courseId })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(and(eq(teachers.userId, userId), inArray(classTeachers.termId, termIds)));
}
