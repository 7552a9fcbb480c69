import type { SchoolGrade } from '@huikao/contracts';
import { and, asc, count, eq, inArray, isNotNull, not } from 'drizzle-orm';
import { type Executor, inTurn } from '../../../platform/db.ts';
import {
  classes,
  classTeachers,
  classYears,
  eduCourses,
  eduGrades,
  gradeTerms,
  organLeaders,
  schoolGradeCourses,
  schoolGrades,
} from '../schema.ts';

export async function eduCatalogue(ex: Executor) {
  const [grades, courses] = await inTurn([
    () => ex.select().from(eduGrades).orderBy(asc(eduGrades.sortOrder)),
    () => ex.select().from(eduCourses).orderBy(asc(eduCourses.sortOrder)),
  ]);
  return { grades, courses };
}

export type EduGradeRow = typeof eduGrades.$inferSelect;

export async function findEduGrade(ex: Executor, gradeId: number): Promise<EduGradeRow | null> {
  const [row] = await ex.select().from(eduGrades).where(eq(eduGrades.id, gradeId));
  return row ?? null;
}

export function findEduCourses(ex: Executor, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return ex.select().from(eduCourses).where(inArray(eduCourses.id, courseIds));
}

/** The school's grades with their courses, in catalogue order: one query, grouped here. */
export async function schoolGradesWithCourses(ex: Executor, schoolId: number, sgId?: number): Promise<SchoolGrade[]> {
  const rows = await ex
    .select({
      sgId: schoolGrades.id,
      gradeId: eduGrades.id,
      gradeName: eduGrades.name,
      stage: eduGrades.stage,
      sgcId: schoolGradeCourses.id,
      courseId: eduCourses.id,
      courseName: eduCourses.name,
    })
    .from(schoolGrades)
    .innerJoin(eduGrades, eq(eduGrades.id, schoolGrades.gradeId))
    .leftJoin(schoolGradeCourses, eq(schoolGradeCourses.schoolGradeId, schoolGrades.id))
    .leftJoin(eduCourses, eq(eduCourses.id, schoolGradeCourses.courseId))
    .where(and(eq(schoolGrades.schoolId, schoolId), sgId === undefined ? undefined : eq(schoolGrades.id, sgId)))
    .orderBy(asc(eduGrades.sortOrder), asc(eduCourses.sortOrder));
  const grades = new Map<number, SchoolGrade>();
  for (const row of rows) {
    let grade = grades.get(row.sgId);
    if (!grade) {
      grade = {
        sgId: String(row.sgId),
        gradeId: String(row.gradeId),
        gradeName: row.gradeName,
        stage: row.stage,
        schoolGradeCourses: [],
      };
      grades.set(row.sgId, grade);
    }
    if (row.sgcId !== null && row.courseId !== null && row.courseName !== null) {
      grade.schoolGradeCourses.push({
        sgcId: String(row.sgcId),
        courseId: String(row.courseId),
        courseName: row.courseName,
      });
    }
  }
  return [...grades.values()];
}

export async function findSchoolGrade(ex: Executor, sgId: number) {
  const [row] = await ex
    .select({
      id: schoolGrades.id,
      schoolId: schoolGrades.schoolId,
      gradeId: schoolGrades.gradeId,
      gradeName: eduGrades.name,
    })
    .from(schoolGrades)
    .innerJoin(eduGrades, eq(eduGrades.id, schoolGrades.gradeId))
    .where(eq(schoolGrades.id, sgId));
  return row ?? null;
}

export async function schoolGradeIdOf(ex: Executor, schoolId: number, gradeId: number): Promise<number | null> {
  const [row] = await ex
    .select({ id: schoolGrades.id })
    .from(schoolGrades)
    .where(and(eq(schoolGrades.schoolId, schoolId), eq(schoolGrades.gradeId, gradeId)));
  return row?.id ?? null;
}

/** The catalogue grade ids the school runs. */
export async function gradeIdsOfSchool(ex: Executor, schoolId: number): Promise<Set<number>> {
  const rows = await ex
    .select({ gradeId: schoolGrades.gradeId })
    .from(schoolGrades)
    .where(eq(schoolGrades.schoolId, schoolId));
  return new Set(rows.map((r) => r.gradeId));
}

/** The school grade's id, inserting it when the school does not run the grade yet. */
export async function ensureSchoolGrade(ex: Executor, schoolId: number, gradeId: number): Promise<number> {
  await ex.insert(schoolGrades).values({ schoolId, gradeId }).onConflictDoNothing();
  const id = await schoolGradeIdOf(ex, schoolId, gradeId);
  if (id === null) throw new Error(`school grade ${schoolId}/${gradeId} missing after insert`);
  return id;
}

export async function insertGradeCourses(ex: Executor, schoolId: number, schoolGradeId: number, courseIds: number[]) {
  if (courseIds.length === 0) return;
  await ex
    .insert(schoolGradeCourses)
    .values(courseIds.map((courseId) => ({ schoolId, schoolGradeId, courseId })))
    .onConflictDoNothing();
}

export async function findGradeCourse(ex: Executor, sgcId: number) {
  const [row] = await ex
    .select({
      id: schoolGradeCourses.id,
      schoolId: schoolGradeCourses.schoolId,
      schoolGradeId: schoolGradeCourses.schoolGradeId,
      courseId: schoolGradeCourses.courseId,
      courseName: eduCourses.name,
      gradeId: schoolGrades.gradeId,
      gradeName: eduGrades.name,
    })
    .from(schoolGradeCourses)
    .innerJoin(eduCourses, eq(eduCourses.id, schoolGradeCourses.courseId))
    .innerJoin(schoolGrades, eq(schoolGrades.id, schoolGradeCourses.schoolGradeId))
    .innerJoin(eduGrades, eq(eduGrades.id, schoolGrades.gradeId))
    .where(eq(schoolGradeCourses.id, sgcId));
  return row ?? null;
}

/** Whether the school teaches the course in that grade (or, without a grade, in any grade). */
export async function schoolTeachesCourse(ex: Executor, schoolId: number, courseId: number, gradeId: number | null) {
  const [row] = await ex
    .select({ id: schoolGradeCourses.id })
    .from(schoolGradeCourses)
    .innerJoin(schoolGrades, eq(schoolGrades.id, schoolGradeCourses.schoolGradeId))
    .where(
      and(
        eq(schoolGradeCourses.schoolId, schoolId),
        eq(schoolGradeCourses.courseId, courseId),
        gradeId === null ? undefined : eq(schoolGrades.gradeId, gradeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countActiveClassesOfGrade(ex: Executor, schoolId: number, gradeId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.gradeId, gradeId), not(classes.graduated)));
  return row?.n ?? 0;
}

/**
 * Class-teacher links that teach the grade's courses: links whose class was in that grade in the
 * link's school year (class_years), so a link keeps its grade after the yearly upgrade.
 */
export async function countLinksOfGradeCourses(
  ex: Executor,
  schoolId: number,
  gradeId: number,
  courseIds: number[],
): Promise<number> {
  if (courseIds.length === 0) return 0;
  const [row] = await ex
    .select({ n: count() })
    .from(classTeachers)
    .innerJoin(gradeTerms, eq(gradeTerms.id, classTeachers.termId))
    .innerJoin(
      classYears,
      and(eq(classYears.classId, classTeachers.classId), eq(classYears.schoolYearId, gradeTerms.schoolYearId)),
    )
    .where(
      and(
        eq(classTeachers.schoolId, schoolId),
        eq(classYears.gradeId, gradeId),
        isNotNull(classTeachers.courseId),
        inArray(classTeachers.courseId, courseIds),
      ),
    );
  return row?.n ?? 0;
}

/** Leaders whose scope is the grade (and, when given, one of the courses). */
export async function countLeadersOfGrade(ex: Executor, schoolId: number, gradeId: number, courseId?: number) {
  const [row] = await ex
    .select({ n: count() })
    .from(organLeaders)
    .where(
      and(
        eq(organLeaders.schoolId, schoolId),
        eq(organLeaders.gradeId, gradeId),
        courseId === undefined ? undefined : eq(organLeaders.courseId, courseId),
      ),
    );
  return row?.n ?? 0;
}

export async function courseIdsOfSchoolGrade(ex: Executor, schoolGradeId: number): Promise<number[]> {
  const rows = await ex
    .select({ courseId: schoolGradeCourses.courseId })
    .from(schoolGradeCourses)
    .where(eq(schoolGradeCourses.schoolGradeId, schoolGradeId));
  return rows.map((r) => r.courseId);
}

export async function deleteGradeCourse(ex: Executor, sgcId: number) {
  await ex.delete(schoolGradeCourses).where(eq(schoolGradeCourses.id, sgcId));
}

export async function deleteSchoolGrade(ex: Executor, sgId: number) {
  await ex.delete(schoolGradeCourses).where(eq(schoolGradeCourses.schoolGradeId, sgId));
  await ex.delete(schoolGrades).where(eq(schoolGrades.id, sgId));
}
