import type { ExamStudent } from '@huikao/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { classes, students } from '../../../db/schema.ts';
import { chunksOf, type Executor, inTurn } from '../../../platform/db.ts';
import { examStudents, studentScores } from '../schema.ts';

// Exam students: who sits a single exam, with the class at the time of the exam, 考号, 考场, 缺考.

export type ExamStudentRow = typeof examStudents.$inferSelect;
export type NewExamStudent = Omit<typeof examStudents.$inferInsert, 'id'>;

/** A student's seat in a single exam: their current class, 考号 from their 考号, else their 学号. */
export function seatOf(
  schoolId: number,
  seId: number,
  student: { id: number; classId: number; examNo: string | null; studentNo: string },
): NewExamStudent {
  return {
    schoolId,
    singleExamId: seId,
    studentId: student.id,
    classId: student.classId,
    examNo: student.examNo ?? student.studentNo,
  };
}

/**
 * Adds exam students; those already sitting the single exam are kept as they are. Returns the new
 * exam students' ids by studentId (its size is how many were added).
 */
export async function insertExamStudents(tx: Executor, rows: NewExamStudent[]): Promise<Map<number, number>> {
  const added = new Map<number, number>();
  for (const part of chunksOf(rows, 1000)) {
    const inserted = await tx
      .insert(examStudents)
      .values(part)
      .onConflictDoNothing({ target: [examStudents.singleExamId, examStudents.studentId] })
      .returning({ id: examStudents.id, studentId: examStudents.studentId });
    for (const row of inserted) added.set(row.studentId, row.id);
  }
  return added;
}

export async function countExamStudents(ex: Executor, seId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(examStudents).where(eq(examStudents.singleExamId, seId));
  return row?.n ?? 0;
}

export interface ExamStudentFilter {
  seId: number;
  classId?: number;
  keyword?: string;
  offset: number;
  limit: number;
}

/** A page of exam students, by class then 考号. */
export async function examStudentPage(ex: Executor, f: ExamStudentFilter) {
  const pattern = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(examStudents.singleExamId, f.seId),
    f.classId === undefined ? undefined : eq(examStudents.classId, f.classId),
    pattern
      ? or(ilike(students.name, pattern), ilike(students.studentNo, pattern), ilike(examStudents.examNo, pattern))
      : undefined,
  );
  const [rows, [total]] = await inTurn([
    () =>
      ex
        .select({ es: examStudents, studentNo: students.studentNo, name: students.name, className: classes.name })
        .from(examStudents)
        .innerJoin(students, eq(students.id, examStudents.studentId))
        .innerJoin(classes, eq(classes.id, examStudents.classId))
        .where(where)
        .orderBy(sql`length(${classes.name})`, asc(classes.name), asc(examStudents.examNo), asc(students.studentNo))
        .limit(f.limit)
        .offset(f.offset),
    () =>
      ex
        .select({ n: count() })
        .from(examStudents)
        .innerJoin(students, eq(students.id, examStudents.studentId))
        .where(where),
  ]);
  const list: ExamStudent[] = rows.map((r) => ({
    esId: String(r.es.id),
    seId: String(r.es.singleExamId),
    studentId: String(r.es.studentId),
    studentNo: r.studentNo,
    name: r.name,
    classId: String(r.es.classId),
    className: r.className,
    examNo: r.es.examNo,
    room: r.es.room,
    absent: r.es.absent,
  }));
  return { list, total: total?.n ?? 0 };
}

export async function examStudentsByIds(ex: Executor, esIds: number[]): Promise<ExamStudentRow[]> {
  if (esIds.length === 0) return [];
  return ex.select().from(examStudents).where(inArray(examStudents.id, esIds));
}

export async function examStudentsOfStudents(ex: Executor, seId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return ex
    .select({ es: examStudents, name: students.name })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(and(eq(examStudents.singleExamId, seId), inArray(examStudents.studentId, studentIds)));
}

export async function updateExamStudent(
  tx: Executor,
  esId: number,
  values: Partial<Pick<ExamStudentRow, 'absent' | 'examNo' | 'room'>>,
): Promise<void> {
  await tx.update(examStudents).set(values).where(eq(examStudents.id, esId));
}

export async function scoreRowsOfExamStudents(ex: Executor, esIds: number[]) {
  if (esIds.length === 0) return [];
  return ex.select().from(studentScores).where(inArray(studentScores.examStudentId, esIds));
}

export async function deleteScoreRows(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(studentScores).where(inArray(studentScores.id, ids));
}

export async function deleteExamStudentRows(tx: Executor, esIds: number[]): Promise<void> {
  if (esIds.length === 0) return;
  await tx.delete(examStudents).where(inArray(examStudents.id, esIds));
}

/** Students (any status) of the given ids, for the tenancy check of a request. */
export async function studentSchools(ex: Executor, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return ex
    .select({ id: students.id, schoolId: students.schoolId })
    .from(students)
    .where(inArray(students.id, studentIds));
}
