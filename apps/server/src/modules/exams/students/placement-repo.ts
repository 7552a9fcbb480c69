import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  classes,
  classYears,
  eduCourses,
  eduGrades,
  gradeTerms,
  schoolGradeCourses,
  schoolGrades,
  schoolYears,
  students,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

// School-base facts an exam is placed and checked against (read only): the school year and term,
// the school's grades and their courses, the classes of a grade in a year and their students.

export async function findTermOfSchool(ex: Executor, termId: number) {
  const [row] = await ex.select().from(gradeTerms).where(eq(gradeTerms.id, termId));
  return row ?? null;
}

export async function findSchoolYearRow(ex: Executor, schyId: number) {
  const [row] = await ex.select().from(schoolYears).where(eq(schoolYears.id, schyId));
  return row ?? null;
}

/** The catalogue name of a grade when the school runs it (a school grade), else null. */
export async function schoolGradeName(ex: Executor, schoolId: number, gradeId: number): Promise<string | null> {
  const [row] = await ex
    .select({ name: eduGrades.name })
    .from(schoolGrades)
    .innerJoin(eduGrades, eq(eduGrades.id, schoolGrades.gradeId))
    .where(and(eq(schoolGrades.schoolId, schoolId), eq(schoolGrades.gradeId, gradeId)));
  return row?.name ?? null;
}

/** Course ids (with names) of the school grade (school_grade_courses). */
export async function gradeCourses(ex: Executor, schoolId: number, gradeId: number) {
  return ex
    .select({ courseId: schoolGradeCourses.courseId, name: eduCourses.name })
    .from(schoolGradeCourses)
    .innerJoin(schoolGrades, eq(schoolGrades.id, schoolGradeCourses.schoolGradeId))
    .innerJoin(eduCourses, eq(eduCourses.id, schoolGradeCourses.courseId))
    .where(and(eq(schoolGrades.schoolId, schoolId), eq(schoolGrades.gradeId, gradeId)));
}

/** Classes of the school in this grade in the school year (class_years), not graduated. */
export async function classesOfGradeYear(ex: Executor, schoolId: number, schoolYearId: number, gradeId: number) {
  return ex
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .innerJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, schoolYearId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classYears.gradeId, gradeId), eq(classes.graduated, false)));
}

/** Classes by id with their school and their grade in the school year (null when none that year). */
export async function classesByIds(ex: Executor, classIds: number[], schoolYearId: number) {
  if (classIds.length === 0) return [];
  return ex
    .select({
      id: classes.id,
      schoolId: classes.schoolId,
      name: classes.name,
      graduated: classes.graduated,
      gradeId: classYears.gradeId,
    })
    .from(classes)
    .leftJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, schoolYearId)))
    .where(inArray(classes.id, classIds));
}

/** 在读 students of these classes, with the number an exam student gets (考号, else 学号). */
export async function studentsOfClasses(ex: Executor, classIds: number[]) {
  if (classIds.length === 0) return [];
  return ex
    .select({
      id: students.id,
      classId: students.classId,
      examNo: sql<string>`coalesce(${students.examNo}, ${students.studentNo})`,
    })
    .from(students)
    .where(and(inArray(students.classId, classIds), eq(students.status, 1)));
}

/** Students by id with their school, current class and status (单个学生 chosen for an online exam). */
export async function studentsByIds(ex: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({
      id: students.id,
      schoolId: students.schoolId,
      classId: students.classId,
      name: students.name,
      status: students.status,
    })
    .from(students)
    .where(inArray(students.id, ids));
}

/** The grade of each class in every school year (class_years). */
export async function classGradesInYears(ex: Executor, classIds: number[]) {
  if (classIds.length === 0) return [];
  return ex
    .select({ classId: classYears.classId, schoolYearId: classYears.schoolYearId, gradeId: classYears.gradeId })
    .from(classYears)
    .where(inArray(classYears.classId, [...new Set(classIds)]));
}

/** The school's grade of this catalogue name (一键导入考试 names its grade), else null. */
export async function schoolGradeIdByName(ex: Executor, schoolId: number, name: string): Promise<number | null> {
  const [row] = await ex
    .select({ id: eduGrades.id })
    .from(schoolGrades)
    .innerJoin(eduGrades, eq(eduGrades.id, schoolGrades.gradeId))
    .where(and(eq(schoolGrades.schoolId, schoolId), eq(eduGrades.name, name)));
  return row?.id ?? null;
}
