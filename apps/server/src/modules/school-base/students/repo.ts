import type { Student } from '@huikao/contracts';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { type Executor, inTurn } from '../../../platform/db.ts';
import { classes, classYears, eduGrades, schoolGradeCourses, schoolGrades, students } from '../schema.ts';

export type StudentRow = typeof students.$inferSelect;

/** `%` and `_` typed by a user are literal characters, not patterns. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Student rows with class, grade and account in one query. With a school year the grade is the
 * class's grade in that year (class_years); otherwise its grade now.
 */
function studentQuery(ex: Executor, where: SQL | undefined, schoolYearId?: number) {
  const gradeOf = sql<number>`coalesce(${classYears.gradeId}, ${classes.gradeId})`;
  return ex
    .select({
      studentId: students.id,
      name: students.name,
      gender: students.gender,
      studentNo: students.studentNo,
      examNo: students.examNo,
      classId: classes.id,
      className: classes.name,
      gradeId: eduGrades.id,
      gradeName: eduGrades.name,
      loginName: users.loginName,
      status: students.status,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .leftJoin(classYears, and(eq(classYears.classId, classes.id), eq(classYears.schoolYearId, schoolYearId ?? 0)))
    .innerJoin(eduGrades, eq(eduGrades.id, gradeOf))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(asc(eduGrades.sortOrder), sql`length(${classes.name})`, asc(classes.name), asc(students.studentNo));
}

type StudentSelect = Awaited<ReturnType<typeof studentQuery>>[number];

function toStudent(r: StudentSelect): Student {
  return {
    studentId: String(r.studentId),
    name: r.name,
    gender: r.gender,
    studentNo: r.studentNo,
    examNo: r.examNo,
    classId: String(r.classId),
    className: r.className,
    gradeId: String(r.gradeId),
    gradeName: r.gradeName,
    loginName: r.loginName,
    status: r.status,
  };
}

export interface StudentPageFilter {
  schoolId: number;
  classId?: number;
  keyword?: string;
  offset: number;
  limit: number;
}

/** 在读 students, by class then 学号; the keyword matches name, 学号 or 考号. */
export async function studentPage(ex: Executor, f: StudentPageFilter) {
  const pattern = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    eq(students.schoolId, f.schoolId),
    eq(students.status, 1),
    f.classId === undefined ? undefined : eq(students.classId, f.classId),
    pattern
      ? or(ilike(students.name, pattern), ilike(students.studentNo, pattern), ilike(students.examNo, pattern))
      : undefined,
  );
  const [rows, [total]] = await inTurn([
    () => studentQuery(ex, where).limit(f.limit).offset(f.offset),
    () => ex.select({ n: count() }).from(students).where(where),
  ]);
  return { list: rows.map(toStudent), total: total?.n ?? 0 };
}

export async function studentView(ex: Executor, studentId: number): Promise<Student | null> {
  const [row] = await studentQuery(ex, eq(students.id, studentId));
  return row ? toStudent(row) : null;
}

/** The students of these classes (one query for all of them), 在读 only unless statuses say otherwise. */
export async function studentsOfClasses(
  ex: Executor,
  classIds: number[],
  statuses: number[] = [1],
): Promise<Student[]> {
  if (classIds.length === 0) return [];
  const rows = await studentQuery(ex, and(inArray(students.classId, classIds), inArray(students.status, statuses)));
  return rows.map(toStudent);
}

/**
 * The students of a term: those of the classes of the term's school year, with that year's grade;
 * with a course, only classes whose grade teaches it. Students who left (转出) are not included.
 */
export async function termStudents(ex: Executor, schoolId: number, schoolYearId: number, courseId: number | null) {
  const teachesCourse =
    courseId === null
      ? undefined
      : sql`exists (select 1 from ${schoolGradeCourses} join ${schoolGrades} on ${schoolGrades.id} = ${schoolGradeCourses.schoolGradeId}
          where ${schoolGrades.schoolId} = ${schoolId} and ${schoolGrades.gradeId} = ${classYears.gradeId}
          and ${schoolGradeCourses.courseId} = ${courseId})`;
  const rows = await studentQuery(
    ex,
    and(
      eq(students.schoolId, schoolId),
      ne(students.status, 3),
      eq(classYears.schoolYearId, schoolYearId),
      teachesCourse,
    ),
    schoolYearId,
  );
  return rows.map(toStudent);
}

export async function findStudent(ex: Executor, studentId: number): Promise<StudentRow | null> {
  const [row] = await ex.select().from(students).where(eq(students.id, studentId));
  return row ?? null;
}

/** Another student of the school holding this 学号 or 考号, named for the conflict message. */
export async function studentHolding(
  ex: Executor,
  schoolId: number,
  field: 'studentNo' | 'examNo',
  value: string,
  exceptId?: number,
) {
  const [row] = await ex
    .select({ name: students.name, className: classes.name, gradeName: eduGrades.name })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(eduGrades, eq(eduGrades.id, classes.gradeId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students[field], value),
        exceptId === undefined ? undefined : ne(students.id, exceptId),
      ),
    );
  return row ?? null;
}

export interface StudentValues {
  name: string;
  gender: number;
  studentNo: string;
  examNo: string | null;
  classId: number;
}

export async function insertStudent(ex: Executor, schoolId: number, userId: number, values: StudentValues) {
  const [row] = await ex
    .insert(students)
    .values({ schoolId, userId, ...values })
    .returning({ id: students.id });
  return row!.id;
}

export async function updateStudent(ex: Executor, studentId: number, values: StudentValues) {
  await ex
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(students.id, studentId));
}

export async function deleteStudent(ex: Executor, studentId: number) {
  await ex.delete(students).where(eq(students.id, studentId));
}
