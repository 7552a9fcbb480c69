import { and, eq, inArray, sql } from 'drizzle-orm';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { examStudents, singleExams } from '../schema.ts';

// A student's 考场 and seat, written for the scanning module's 考场编排 (issue #16): the rooms belong
// to the multi exam, so one student's room and seat are the same in every single exam of it. Exams
// owns exam_students; the scanning module writes them only through these, under its own lock.

export interface StudentSeating {
  studentId: number;
  /** The room's name (exam_students.room), or null to take the student out of any room. */
  room: string | null;
  seat: number | null;
}

const singlesOf = (multiExamId: number) =>
  sql`(select ${singleExams.id} from ${singleExams} where ${singleExams.multiExamId} = ${multiExamId})`;

/** Writes room and seat on every exam_students row of these students in the multi exam (1,000 a statement). */
export async function writeSeating(
  tx: Executor,
  multiExamId: number,
  seating: readonly StudentSeating[],
): Promise<void> {
  for (const part of chunksOf(seating, 1000)) {
    const values = sql.join(
      part.map((s) => sql`(${s.studentId}::bigint, ${s.room}::text, ${s.seat}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${examStudents} set room = v.room, seat = v.seat
      from (values ${values}) as v(student_id, room, seat)
      where ${examStudents.studentId} = v.student_id and ${examStudents.singleExamId} in ${singlesOf(multiExamId)}`);
  }
}

/** Takes every student of these rooms out of them (room and seat emptied). Returns the students unseated. */
export async function clearRoomSeating(
  tx: Executor,
  multiExamId: number,
  roomNames: readonly string[],
): Promise<number> {
  if (roomNames.length === 0) return 0;
  const rows = await tx
    .update(examStudents)
    .set({ room: null, seat: null })
    .where(
      and(inArray(examStudents.room, [...roomNames]), sql`${examStudents.singleExamId} in ${singlesOf(multiExamId)}`),
    )
    .returning({ studentId: examStudents.studentId });
  return new Set(rows.map((r) => r.studentId)).size;
}

/** A renamed room keeps its students: their exam_students.room follows the name. */
export async function renameRoomSeating(tx: Executor, multiExamId: number, from: string, to: string): Promise<void> {
  await tx
    .update(examStudents)
    .set({ room: to })
    .where(and(eq(examStudents.room, from), sql`${examStudents.singleExamId} in ${singlesOf(multiExamId)}`));
}
