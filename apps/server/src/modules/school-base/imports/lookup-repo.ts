import { and, eq, inArray, not } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { schools } from '../../../platform/schema.ts';
import {
  classes,
  classTeachers,
  eduCourses,
  eduGrades,
  gradeTerms,
  organLeaders,
  schoolGradeCourses,
  schoolGrades,
  students,
  teachers,
} from '../schema.ts';

// The lookups an import validates against, each one query for the whole file (in chunks for long
// key lists), never one per row. Reads only; the writes are in write-repo.ts.

export const CHUNK = 1000;

/** Runs `query` over the keys in chunks and concatenates the rows. */
export async function inChunks<K, R>(keys: K[], query: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(keys)];
  const rows: R[] = [];
  for (const chunk of chunksOf(unique, CHUNK)) rows.push(...(await query(chunk)));
  return rows;
}

export interface SchoolCatalogue {
  schoolCode: string;
  grades: { id: number; name: string; schoolGradeId: number | null }[];
  courses: { id: number; name: string }[];
  /** Courses of each grade the school runs: gradeId → courseIds. */
  gradeCourses: Map<number, Set<number>>;
  activeClasses: { id: number; name: string; gradeId: number; enterYear: number; classType: number }[];
}

export async function schoolCatalogue(ex: Executor, schoolId: number): Promise<SchoolCatalogue | null> {
  const [school] = await ex.select({ code: schools.code }).from(schools).where(eq(schools.id, schoolId));
  if (!school) return null;
  const [grades, courses, schoolGradeRows, activeClasses] = await Promise.all([
    ex.select({ id: eduGrades.id, name: eduGrades.name }).from(eduGrades).orderBy(eduGrades.sortOrder),
    ex.select({ id: eduCourses.id, name: eduCourses.name }).from(eduCourses).orderBy(eduCourses.sortOrder),
    ex
      .select({ id: schoolGrades.id, gradeId: schoolGrades.gradeId, courseId: schoolGradeCourses.courseId })
      .from(schoolGrades)
      .leftJoin(schoolGradeCourses, eq(schoolGradeCourses.schoolGradeId, schoolGrades.id))
      .where(eq(schoolGrades.schoolId, schoolId)),
    ex
      .select({
        id: classes.id,
        name: classes.name,
        gradeId: classes.gradeId,
        enterYear: classes.enterYear,
        classType: classes.classType,
      })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), not(classes.graduated))),
  ]);
  const schoolGradeOf = new Map<number, number>();
  const gradeCourses = new Map<number, Set<number>>();
  for (const row of schoolGradeRows) {
    schoolGradeOf.set(row.gradeId, row.id);
    const set = gradeCourses.get(row.gradeId) ?? new Set<number>();
    if (row.courseId !== null) set.add(row.courseId);
    gradeCourses.set(row.gradeId, set);
  }
  return {
    schoolCode: school.code,
    grades: grades.map((g) => ({ ...g, schoolGradeId: schoolGradeOf.get(g.id) ?? null })),
    courses,
    gradeCourses,
    activeClasses,
  };
}

export type ExistingStudent = Awaited<ReturnType<typeof studentsByNo>>[number];

export function studentsByNo(ex: Executor, schoolId: number, studentNos: string[]) {
  return inChunks(studentNos, (chunk) =>
    ex
      .select({
        id: students.id,
        userId: students.userId,
        name: students.name,
        gender: students.gender,
        studentNo: students.studentNo,
        examNo: students.examNo,
        classId: students.classId,
        status: students.status,
      })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.studentNo, chunk))),
  );
}

/** Who holds these 考号 now, with the class name for the message. */
export function studentsByExamNo(ex: Executor, schoolId: number, examNos: string[]) {
  return inChunks(examNos, (chunk) =>
    ex
      .select({ studentNo: students.studentNo, examNo: students.examNo, name: students.name, className: classes.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, schoolId), inArray(students.examNo, chunk))),
  );
}

export type ExistingTeacher = Awaited<ReturnType<typeof teachersByPhone>>[number];

/** The school's teachers with these phones, with their account's type (1 or 5). */
export function teachersByPhone(ex: Executor, schoolId: number, phones: string[]) {
  return inChunks(phones, (chunk) =>
    ex
      .select({
        id: teachers.id,
        userId: teachers.userId,
        name: teachers.name,
        phone: teachers.phone,
        gender: teachers.gender,
        status: teachers.status,
        accountType: users.type,
      })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.phone, chunk))),
  );
}

export type ExistingAccount = Awaited<ReturnType<typeof accountsByLoginName>>[number];

/**
 * Accounts that already hold login names the import would open, and whom they serve: an account
 * of a removed person (disabled, no holder) is given back; any other is a clash.
 */
export function accountsByLoginName(ex: Executor, loginNames: string[]) {
  return inChunks(loginNames, (chunk) =>
    ex
      .select({
        id: users.id,
        loginName: users.loginName,
        schoolId: users.schoolId,
        disabled: users.disabled,
        type: users.type,
        name: users.name,
        userCode: users.userCode,
        studentName: students.name,
        teacherName: teachers.name,
      })
      .from(users)
      .leftJoin(students, eq(students.userId, users.id))
      .leftJoin(teachers, eq(teachers.userId, users.id))
      .where(inArray(users.loginName, chunk)),
  );
}

export async function findTerm(ex: Executor, termId: number) {
  const [row] = await ex
    .select({ id: gradeTerms.id, schoolId: gradeTerms.schoolId, schoolYearId: gradeTerms.schoolYearId })
    .from(gradeTerms)
    .where(eq(gradeTerms.id, termId));
  return row ?? null;
}

export type ExistingLink = Awaited<ReturnType<typeof linksOfTerm>>[number];

export function linksOfTerm(ex: Executor, termId: number, classIds: number[]) {
  return inChunks(classIds, (chunk) =>
    ex
      .select({
        id: classTeachers.id,
        classId: classTeachers.classId,
        courseId: classTeachers.courseId,
        teacherId: classTeachers.teacherId,
        isHead: classTeachers.isHead,
      })
      .from(classTeachers)
      .where(and(eq(classTeachers.termId, termId), inArray(classTeachers.classId, chunk))),
  );
}

export function leadersOfSchool(ex: Executor, schoolId: number) {
  return ex
    .select({
      teacherId: organLeaders.teacherId,
      role: organLeaders.role,
      gradeId: organLeaders.gradeId,
      courseId: organLeaders.courseId,
    })
    .from(organLeaders)
    .where(eq(organLeaders.schoolId, schoolId));
}
