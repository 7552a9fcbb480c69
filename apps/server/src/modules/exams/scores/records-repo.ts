import type { ScoreRecord } from '@huikao/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { classTeachers, eduCourses, students, teachers, users } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { examStudents, multiExams, scoreRecords, singleExams } from '../schema.ts';

// singleExamStudentQuestionRecord: the question-record audit and correction requests, read with
// the course, student and author names they are shown with.

export type ScoreRecordRow = typeof scoreRecords.$inferSelect;

export interface RecordFilter {
  schoolId: number;
  seId: number | null;
  studentId: number | null;
  status: number | null;
  keyword?: string;
  /** Type 1: their own records, or those of students in classes they teach in the exam's term. */
  teacherUserId?: number;
  offset: number;
  limit: number;
}

export async function recordPage(ex: Executor, f: RecordFilter): Promise<{ list: ScoreRecord[]; total: number }> {
  const conditions: SQL[] = [eq(scoreRecords.schoolId, f.schoolId)];
  if (f.seId !== null) conditions.push(eq(scoreRecords.singleExamId, f.seId));
  if (f.studentId !== null) conditions.push(eq(scoreRecords.studentId, f.studentId));
  if (f.status !== null) conditions.push(eq(scoreRecords.status, f.status));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${students.name} like ${like} or ${students.studentNo} like ${like})`);
  }
  if (f.teacherUserId !== undefined) {
    conditions.push(sql`(${scoreRecords.changedBy} = ${f.teacherUserId} or exists (
      select 1 from ${classTeachers} inner join ${teachers} on ${teachers.id} = ${classTeachers.teacherId}
      inner join ${examStudents} on ${examStudents.singleExamId} = ${scoreRecords.singleExamId}
        and ${examStudents.studentId} = ${scoreRecords.studentId}
      where ${teachers.userId} = ${f.teacherUserId} and ${classTeachers.termId} = ${multiExams.termId}
        and ${classTeachers.classId} = ${examStudents.classId}))`);
  }
  const where = and(...conditions);
  const base = () =>
    ex
      .select({
        record: scoreRecords,
        courseName: eduCourses.name,
        studentNo: students.studentNo,
        studentName: students.name,
        author: users.name,
      })
      .from(scoreRecords)
      .innerJoin(singleExams, eq(singleExams.id, scoreRecords.singleExamId))
      .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
      .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
      .innerJoin(students, eq(students.id, scoreRecords.studentId))
      .innerJoin(users, eq(users.id, scoreRecords.changedBy));
  const rows = await base().where(where).orderBy(desc(scoreRecords.id)).limit(f.limit).offset(f.offset);
  const [total] = await ex
    .select({ n: count() })
    .from(scoreRecords)
    .innerJoin(singleExams, eq(singleExams.id, scoreRecords.singleExamId))
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(students, eq(students.id, scoreRecords.studentId))
    .where(where);
  return { list: rows.map(recordOf), total: total?.n ?? 0 };
}

export async function recordView(ex: Executor, id: number): Promise<ScoreRecord> {
  const [row] = await ex
    .select({
      record: scoreRecords,
      courseName: eduCourses.name,
      studentNo: students.studentNo,
      studentName: students.name,
      author: users.name,
    })
    .from(scoreRecords)
    .innerJoin(singleExams, eq(singleExams.id, scoreRecords.singleExamId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .innerJoin(students, eq(students.id, scoreRecords.studentId))
    .innerJoin(users, eq(users.id, scoreRecords.changedBy))
    .where(eq(scoreRecords.id, id));
  return recordOf(row!);
}

function recordOf(r: {
  record: ScoreRecordRow;
  courseName: string;
  studentNo: string;
  studentName: string;
  author: string;
}): ScoreRecord {
  const x = r.record;
  return {
    recordId: String(x.id),
    seId: String(x.singleExamId),
    courseName: r.courseName,
    studentId: String(x.studentId),
    studentNo: r.studentNo,
    studentName: r.studentName,
    questionId: x.questionId === null ? null : String(x.questionId),
    questionNo: x.questionNo,
    oldScore: x.oldScore,
    newScore: x.newScore,
    oldChoice: x.oldChoice,
    newChoice: x.newChoice,
    reason: x.reason,
    source: x.source,
    status: x.status,
    changedBy: r.author,
    changedAt: x.changedAt.toISOString(),
  };
}

export async function recordsByIds(ex: Executor, ids: number[]): Promise<ScoreRecordRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(scoreRecords).where(inArray(scoreRecords.id, ids)).orderBy(scoreRecords.id);
}

/** The records, locked for the transaction (in id order) so no edit or second review slips in. */
export async function lockRecords(tx: Executor, ids: number[]): Promise<ScoreRecordRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(scoreRecords).where(inArray(scoreRecords.id, ids)).orderBy(scoreRecords.id).for('update');
}

export async function insertRecord(tx: Executor, values: typeof scoreRecords.$inferInsert): Promise<number> {
  const [row] = await tx.insert(scoreRecords).values(values).returning({ id: scoreRecords.id });
  return row!.id;
}

/**
 * Changes a correction request while it is still 待审核; false when another call applied, rejected
 * or withdrew it first (the status is checked again by the UPDATE itself, after any lock wait).
 */
export async function updatePendingRecord(
  tx: Executor,
  id: number,
  fields: Partial<Omit<typeof scoreRecords.$inferInsert, 'id' | 'schoolId'>>,
): Promise<boolean> {
  const rows = await tx
    .update(scoreRecords)
    .set(fields)
    .where(and(eq(scoreRecords.id, id), eq(scoreRecords.status, 1)))
    .returning({ id: scoreRecords.id });
  return rows.length > 0;
}

/** Withdraws a 待审核 request; false when it was handled (or withdrawn) first. */
export async function deletePendingRecord(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .delete(scoreRecords)
    .where(and(eq(scoreRecords.id, id), eq(scoreRecords.status, 1)))
    .returning({ id: scoreRecords.id });
  return rows.length > 0;
}
