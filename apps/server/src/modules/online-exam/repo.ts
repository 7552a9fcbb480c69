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

export async function sittingById(ex: Executor, id: number) {
  const [row] = await ex.select().from(onlineSittings).where(eq(onlineSittings.id, id));
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

/**
 * The save in one statement (one round trip, no transaction): the caller's own open sitting found
 * from their user and school and locked FOR SHARE (a submission's FOR UPDATE waits for it, and a
 * save waiting on a submission re-reads the row, so it sees the submission), the answer upserted
 * unless a newer version is stored. Null when the user has no sitting of the exam; otherwise the
 * sitting's state and the version stored afterwards (`stored`: this save's).
 */
export async function saveAnswerAtOnce(
  ex: Executor,
  p: {
    onlineExamId: number;
    userId: number;
    schoolId: number;
    questionId: string;
    answer: string;
    flagged: boolean;
    version: number;
    now: Date;
  },
) {
  const now = p.now.toISOString();
  const result = await ex.execute(sql`
    with s as (
      select os.id, os.submitted_at, os.deadline
      from online_sittings os join students st on st.id = os.student_id
      where os.online_exam_id = ${p.onlineExamId} and st.user_id = ${p.userId} and st.school_id = ${p.schoolId}
      for share of os
    ), w as (
      insert into online_answers (sitting_id, question_id, answer, flagged, version, saved_at)
      select s.id, ${p.questionId}, ${p.answer}, ${p.flagged}, ${p.version}, ${now}::timestamptz
      from s where s.submitted_at is null and s.deadline > ${now}::timestamptz
      on conflict (sitting_id, question_id) do update
        set answer = excluded.answer, flagged = excluded.flagged, version = excluded.version, saved_at = excluded.saved_at
        where online_answers.version < excluded.version
      returning version
    )
    select s.submitted_at is not null as submitted, s.deadline <= ${now}::timestamptz as timed_out,
      (select version from w) as written,
      (select a.version from online_answers a where a.sitting_id = s.id and a.question_id = ${p.questionId}) as held
    from s`);
  const [row] = (
    result as unknown as {
      rows: { submitted: boolean; timed_out: boolean; written: number | null; held: number | null }[];
    }
  ).rows;
  if (!row) return null;
  return {
    submitted: row.submitted,
    timedOut: row.timed_out,
    version: row.written ?? row.held ?? p.version,
    stored: row.written !== null,
  };
}
