import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import {
  areas,
  classes,
  eduCourses,
  eduGrades,
  examStudents,
  multiExams,
  schools,
  schoolYears,
  singleExams,
  studentScores,
  students,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { analysisReports } from '../schema.ts';

// The exam facts report calls start from: exams with their courses and classes, members of a 联考,
// schools and areas, and the signed-in student. Exam and school-base tables are only read here.

export type ExamRow = typeof multiExams.$inferSelect & { gradeName: string };

const examColumns = { exam: multiExams, gradeName: eduGrades.name };
const asExam = (r: { exam: typeof multiExams.$inferSelect; gradeName: string }): ExamRow => ({
  ...r.exam,
  gradeName: r.gradeName,
});

export async function examById(ex: Executor, meId: number): Promise<ExamRow | null> {
  const [row] = await ex
    .select(examColumns)
    .from(multiExams)
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(eq(multiExams.id, meId));
  return row ? asExam(row) : null;
}

export interface ExamFilter {
  schoolIds: readonly number[];
  schoolYearId?: number;
  termId?: number;
  gradeId?: number;
  /** Only exams at or past this status (3 已完成: reports exist from then on). */
  minStatus: number;
  /** Oldest first (trends); newest first otherwise. */
  oldestFirst?: boolean;
}

export async function examsWhere(ex: Executor, f: ExamFilter): Promise<ExamRow[]> {
  const where: (SQL | undefined)[] = [
    inArray(multiExams.schoolId, f.schoolIds.length ? [...f.schoolIds] : [0]),
    gte(multiExams.status, f.minStatus),
    f.schoolYearId === undefined ? undefined : eq(multiExams.schoolYearId, f.schoolYearId),
    f.termId === undefined ? undefined : eq(multiExams.termId, f.termId),
    f.gradeId === undefined ? undefined : eq(multiExams.gradeId, f.gradeId),
  ];
  const rows = await ex
    .select(examColumns)
    .from(multiExams)
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(and(...where))
    .orderBy(
      ...(f.oldestFirst
        ? [asc(multiExams.startDate), asc(multiExams.id)]
        : [desc(multiExams.startDate), desc(multiExams.id)]),
    );
  return rows.map(asExam);
}

/** The multi-exams of a 联考 (every school's), with at least the given status. */
export async function unionMembers(ex: Executor, unionKey: string, minStatus: number): Promise<ExamRow[]> {
  const rows = await ex
    .select(examColumns)
    .from(multiExams)
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(and(eq(multiExams.unionKey, unionKey), gte(multiExams.status, minStatus)))
    .orderBy(asc(multiExams.id));
  return rows.map(asExam);
}

export interface ExamCourse {
  meId: number;
  seId: number;
  courseId: number;
  name: string;
  fullMark: number;
}

/** Each exam's single exams in catalogue order of their course. */
export async function coursesOfExams(ex: Executor, meIds: readonly number[]): Promise<ExamCourse[]> {
  if (meIds.length === 0) return [];
  return ex
    .select({
      meId: singleExams.multiExamId,
      seId: singleExams.id,
      courseId: singleExams.courseId,
      name: eduCourses.name,
      fullMark: singleExams.fullMark,
    })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(inArray(singleExams.multiExamId, [...meIds]))
    .orderBy(asc(singleExams.multiExamId), asc(eduCourses.sortOrder), asc(singleExams.courseId));
}

/**
 * The classes each exam analyses: those of its computed grade overview (one indexed row per exam,
 * only the units' scopes taken out of the document in SQL), else the classes whose students sit it
 * (the class at the time of the exam), for exams not computed yet.
 */
export async function classesOfExams(ex: Executor, meIds: readonly number[]) {
  if (meIds.length === 0) return [];
  const stored = await ex
    .select({
      runKey: analysisReports.runKey,
      units: sql<
        { id: string; name: string }[]
      >`jsonb_path_query_array(${analysisReports.body}::jsonb, '$.units[*].scope')`,
    })
    .from(analysisReports)
    .where(
      and(
        inArray(
          analysisReports.runKey,
          meIds.map((id) => `me:${id}`),
        ),
        eq(analysisReports.kind, 'overview'),
        eq(analysisReports.subjectKey, '0'),
        eq(analysisReports.scopeKey, 'grade'),
      ),
    );
  const out = stored.flatMap((r) =>
    r.units.map((u) => ({ meId: Number(r.runKey.slice(3)), classId: Number(u.id), name: u.name })),
  );
  const missing = meIds.filter((id) => !stored.some((r) => r.runKey === `me:${id}`));
  if (missing.length === 0) return out;
  const sitting = await ex
    .selectDistinct({ meId: singleExams.multiExamId, classId: classes.id, name: classes.name })
    .from(examStudents)
    .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .where(inArray(singleExams.multiExamId, missing))
    .orderBy(asc(singleExams.multiExamId), asc(classes.name), asc(classes.id));
  return [...out, ...sitting];
}

export async function singleExamById(ex: Executor, seId: number) {
  const [row] = await ex
    .select({ seId: singleExams.id, meId: singleExams.multiExamId, courseId: singleExams.courseId })
    .from(singleExams)
    .where(eq(singleExams.id, seId));
  return row ?? null;
}

export async function schoolsWithAreas(ex: Executor, schoolIds: readonly number[]) {
  if (schoolIds.length === 0) return [];
  return ex
    .select({ schoolId: schools.id, name: schools.name, areaId: schools.areaId, areaName: areas.name })
    .from(schools)
    .leftJoin(areas, eq(areas.id, schools.areaId))
    .where(inArray(schools.id, [...schoolIds]))
    .orderBy(asc(schools.id));
}

/** The school of each class (union reports label classes by school name only). */
export async function schoolOfClasses(ex: Executor, classIds: readonly number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await ex
    .select({ classId: classes.id, schoolId: classes.schoolId })
    .from(classes)
    .where(inArray(classes.id, [...classIds]));
  return new Map(rows.map((r) => [r.classId, r.schoolId]));
}

export async function studentOfUser(ex: Executor, userId: number, schoolId: number) {
  const [row] = await ex
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(and(eq(students.userId, userId), eq(students.schoolId, schoolId)));
  return row ?? null;
}

/** A student's question scores in one single exam, and whether they were absent. */
export async function studentPaperScores(ex: Executor, seId: number, studentId: number) {
  const [row] = await ex
    .select({ absent: examStudents.absent, scores: studentScores.scores })
    .from(examStudents)
    .leftJoin(
      studentScores,
      and(eq(studentScores.singleExamId, examStudents.singleExamId), eq(studentScores.studentId, studentId)),
    )
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.studentId, studentId)));
  return row ? { absent: row.absent, scores: row.scores ?? {} } : null;
}

/** A school year's school and dates (tenancy of a schoolYearId; a manager's year filter), or null. */
export async function schoolYearRow(ex: Executor, schoolYearId: number) {
  const [row] = await ex
    .select({ schoolId: schoolYears.schoolId, startDate: schoolYears.startDate, endDate: schoolYears.endDate })
    .from(schoolYears)
    .where(eq(schoolYears.id, schoolYearId));
  return row ?? null;
}

/** The school a student belongs to (tenancy of a studentId), or null. */
export async function schoolOfStudent(ex: Executor, studentId: number): Promise<number | null> {
  const [row] = await ex.select({ schoolId: students.schoolId }).from(students).where(eq(students.id, studentId));
  return row?.schoolId ?? null;
}
