import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  classes,
  eduCourses,
  examStudents,
  onlineAnswers,
  onlineExams,
  onlineSittings,
  singleExams,
  students,
} from '../../db/schema.ts';
import type { Executor, Tx } from '../../platform/db.ts';

// The online-exam tables' reads and writes (the only Drizzle user of this module).

export type OnlineExamRow = typeof onlineExams.$inferSelect;
export type SittingRow = typeof onlineSittings.$inferSelect;

export async function insertOnlineExam(tx: Tx, values: typeof onlineExams.$inferInsert) {
  const [row] = await tx.insert(onlineExams).values(values).returning();
  return row!;
}

export async function examById(ex: Executor, id: number) {
  const [row] = await ex.select().from(onlineExams).where(eq(onlineExams.id, id));
  return row ?? null;
}

export async function courseNameOf(ex: Executor, seId: number) {
  const [row] = await ex
    .select({ name: eduCourses.name, fullMark: singleExams.fullMark })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(eq(singleExams.id, seId));
  return row ?? { name: '', fullMark: 0 };
}

export async function examsOfSchool(ex: Executor, schoolId: number) {
  return ex.select().from(onlineExams).where(eq(onlineExams.schoolId, schoolId)).orderBy(asc(onlineExams.id));
}

/** Online exams the student is an exam student of. */
export async function examsOfStudent(ex: Executor, studentId: number) {
  return ex
    .select({ exam: onlineExams })
    .from(onlineExams)
    .innerJoin(examStudents, eq(examStudents.singleExamId, onlineExams.singleExamId))
    .where(eq(examStudents.studentId, studentId))
    .orderBy(asc(onlineExams.opensAt));
}

export async function counts(ex: Executor, examIds: number[], seIds: number[]) {
  if (examIds.length === 0) return { students: new Map<number, number>(), submitted: new Map<number, number>() };
  const studentRows = await ex
    .select({ seId: examStudents.singleExamId, n: count() })
    .from(examStudents)
    .where(inArray(examStudents.singleExamId, seIds))
    .groupBy(examStudents.singleExamId);
  const submittedRows = await ex
    .select({ id: onlineSittings.onlineExamId, n: count() })
    .from(onlineSittings)
    .where(and(inArray(onlineSittings.onlineExamId, examIds), sql`${onlineSittings.submittedAt} is not null`))
    .groupBy(onlineSittings.onlineExamId);
  return {
    students: new Map(studentRows.map((r) => [r.seId, r.n])),
    submitted: new Map(submittedRows.map((r) => [r.id, r.n])),
  };
}

export async function studentOfUser(ex: Executor, userId: number, schoolId: number) {
  const [row] = await ex
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.userId, userId), eq(students.schoolId, schoolId)));
  return row ?? null;
}

export async function examStudentOf(ex: Executor, seId: number, studentId: number) {
  const [row] = await ex
    .select({ id: examStudents.id })
    .from(examStudents)
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.studentId, studentId)));
  return row ?? null;
}

export async function sittingOf(ex: Executor, examId: number, studentId: number) {
  const [row] = await ex
    .select()
    .from(onlineSittings)
    .where(and(eq(onlineSittings.onlineExamId, examId), eq(onlineSittings.studentId, studentId)));
  return row ?? null;
}

/** The sitting, locked: FOR SHARE by saves (many at once), FOR UPDATE by submission. */
export async function lockSitting(tx: Tx, examId: number, studentId: number, mode: 'share' | 'update') {
  const [row] = await tx
    .select()
    .from(onlineSittings)
    .where(and(eq(onlineSittings.onlineExamId, examId), eq(onlineSittings.studentId, studentId)))
    .for(mode === 'share' ? 'share' : 'update');
  return row ?? null;
}

/** Starts a sitting once; a second start (two tabs) finds the first. */
export async function insertSitting(ex: Executor, values: typeof onlineSittings.$inferInsert) {
  await ex.insert(onlineSittings).values(values).onConflictDoNothing();
  return (await sittingOf(ex, values.onlineExamId, values.studentId))!;
}

export async function answersOf(ex: Executor, sittingIds: number[]) {
  if (sittingIds.length === 0) return [];
  return ex.select().from(onlineAnswers).where(inArray(onlineAnswers.sittingId, sittingIds));
}

/**
 * Saves an answer unless the stored one has a version as new or newer: one statement, so two saves
 * of one answer racing on PostgreSQL leave the higher version whatever order they commit in.
 * Returns the version stored afterwards and whether this save was it.
 */
export async function upsertAnswer(
  ex: Executor,
  values: { sittingId: number; questionId: string; answer: string; flagged: boolean; version: number; savedAt: Date },
) {
  const written = await ex
    .insert(onlineAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [onlineAnswers.sittingId, onlineAnswers.questionId],
      set: { answer: values.answer, flagged: values.flagged, version: values.version, savedAt: values.savedAt },
      setWhere: sql`${onlineAnswers.version} < excluded.version`,
    })
    .returning({ version: onlineAnswers.version });
  if (written.length > 0) return { version: values.version, stored: true };
  const [row] = await ex
    .select({ version: onlineAnswers.version })
    .from(onlineAnswers)
    .where(and(eq(onlineAnswers.sittingId, values.sittingId), eq(onlineAnswers.questionId, values.questionId)));
  return { version: row?.version ?? values.version, stored: false };
}

export async function markSubmitted(tx: Tx, id: number, at: Date, by: string) {
  const rows = await tx
    .update(onlineSittings)
    .set({ submittedAt: at, submittedBy: by })
    .where(and(eq(onlineSittings.id, id), isNull(onlineSittings.submittedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function reopenSitting(tx: Tx, id: number, deadline: Date) {
  await tx
    .update(onlineSittings)
    .set({ submittedAt: null, submittedBy: null, deadline })
    .where(eq(onlineSittings.id, id));
}

/** Adds 题块 names to the sitting's list of answers changed after marking (each once). */
export async function noteChangedAfterMarking(tx: Tx, id: number, blockNames: string[]) {
  const [row] = await tx
    .select({ names: onlineSittings.changedAfterMarking })
    .from(onlineSittings)
    .where(eq(onlineSittings.id, id));
  const names = [...new Set([...(row?.names ?? []), ...blockNames])];
  await tx.update(onlineSittings).set({ changedAfterMarking: names }).where(eq(onlineSittings.id, id));
}

export async function countLeave(ex: Executor, id: number) {
  const [row] = await ex
    .update(onlineSittings)
    .set({ leaveCount: sql`${onlineSittings.leaveCount} + 1` })
    .where(eq(onlineSittings.id, id))
    .returning({ leaveCount: onlineSittings.leaveCount });
  return row?.leaveCount ?? 0;
}

/** Open sittings whose deadline has passed, oldest first, skipping any another process is closing. */
export async function dueSittings(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(onlineSittings)
    .where(and(isNull(onlineSittings.submittedAt), lte(onlineSittings.deadline, now)))
    .orderBy(asc(onlineSittings.deadline))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setReleased(tx: Tx, id: number, at: Date) {
  await tx.update(onlineExams).set({ releasedAt: at }).where(eq(onlineExams.id, id));
}

/** Every exam student of the exam with their sitting (if any) and answered count: the monitor. */
export async function monitorRows(ex: Executor, examId: number, seId: number) {
  const rows = await ex
    .select({
      studentId: students.id,
      name: students.name,
      className: classes.name,
      examStudentId: examStudents.id,
      sitting: onlineSittings,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, students.classId))
    .leftJoin(
      onlineSittings,
      and(eq(onlineSittings.onlineExamId, examId), eq(onlineSittings.studentId, examStudents.studentId)),
    )
    .where(eq(examStudents.singleExamId, seId))
    .orderBy(asc(classes.name), asc(students.studentNo));
  const sittingIds = rows.flatMap((r) => (r.sitting ? [r.sitting.id] : []));
  const answered =
    sittingIds.length === 0
      ? []
      : await ex
          .select({ sittingId: onlineAnswers.sittingId, n: count() })
          .from(onlineAnswers)
          .where(and(inArray(onlineAnswers.sittingId, sittingIds), sql`${onlineAnswers.answer} <> ''`))
          .groupBy(onlineAnswers.sittingId);
  const byId = new Map(answered.map((a) => [a.sittingId, a.n]));
  return rows.map((r) => ({ ...r, answered: r.sitting ? (byId.get(r.sitting.id) ?? 0) : 0 }));
}

export async function examStudentsOf(ex: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ id: examStudents.id, studentId: examStudents.studentId })
    .from(examStudents)
    .where(inArray(examStudents.id, ids));
}

/** The online exam with the user's student and exam-student rows, in one query; null when not given to them. */
export async function examGivenToUser(ex: Executor, examId: number, userId: number, schoolId: number) {
  const [row] = await ex
    .select({ exam: onlineExams, studentId: students.id, examStudentId: examStudents.id })
    .from(onlineExams)
    .innerJoin(examStudents, eq(examStudents.singleExamId, onlineExams.singleExamId))
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .where(
      and(
        eq(onlineExams.id, examId),
        eq(onlineExams.schoolId, schoolId),
        eq(students.userId, userId),
        eq(students.schoolId, schoolId),
      ),
    );
  return row ?? null;
}
