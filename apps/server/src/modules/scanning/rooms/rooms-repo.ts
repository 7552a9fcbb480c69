import type { ExamRoom, RoomStudent } from '@huikao/contracts';
import { and, asc, count, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  classes,
  eduCourses,
  examStudents,
  gradeTerms,
  multiExams,
  schools,
  schoolYears,
  singleExams,
  students,
} from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { examRooms } from './rooms-schema.ts';

// The only Drizzle user of 考场编排. Exam tables are read through db/schema.ts (exams owns them and
// writes them; room and seat go through the exams door, seating-repo.ts).

export type RoomRow = typeof examRooms.$inferSelect;
export type MultiRow = typeof multiExams.$inferSelect;

export async function findMulti(ex: Executor, meId: number): Promise<MultiRow | null> {
  const [row] = await ex.select().from(multiExams).where(eq(multiExams.id, meId));
  return row ?? null;
}

export async function findSingle(ex: Executor, seId: number) {
  const [row] = await ex
    .select({
      id: singleExams.id,
      schoolId: singleExams.schoolId,
      multiExamId: singleExams.multiExamId,
      courseId: singleExams.courseId,
      courseName: eduCourses.name,
      examDate: singleExams.examDate,
    })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(eq(singleExams.id, seId));
  return row ?? null;
}

/** The subjects of a multi exam with their dates (for the door signs). */
export function singlesOfMulti(ex: Executor, meId: number) {
  return ex
    .select({ id: singleExams.id, courseName: eduCourses.name, examDate: singleExams.examDate })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(eq(singleExams.multiExamId, meId))
    .orderBy(asc(eduCourses.sortOrder), asc(singleExams.id));
}

export async function schoolName(ex: Executor, schoolId: number): Promise<string> {
  const [row] = await ex.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? '';
}

export async function findSchoolYear(ex: Executor, schyId: number) {
  const [row] = await ex
    .select({ id: schoolYears.id, schoolId: schoolYears.schoolId })
    .from(schoolYears)
    .where(eq(schoolYears.id, schyId));
  return row ?? null;
}

export async function findRoom(ex: Executor, roomId: number): Promise<RoomRow | null> {
  const [row] = await ex.select().from(examRooms).where(eq(examRooms.id, roomId));
  return row ?? null;
}

export function roomsByIds(ex: Executor, roomIds: number[]): Promise<RoomRow[]> {
  return ex.select().from(examRooms).where(inArray(examRooms.id, roomIds));
}

export function roomRowsOf(ex: Executor, meId: number): Promise<RoomRow[]> {
  return ex
    .select()
    .from(examRooms)
    .where(eq(examRooms.multiExamId, meId))
    .orderBy(asc(examRooms.sortOrder), asc(examRooms.id));
}

const inMulti = (meId: number) =>
  sql`${examStudents.singleExamId} in (select ${singleExams.id} from ${singleExams} where ${singleExams.multiExamId} = ${meId})`;

/** Students placed per room name (a student counts once, whatever the number of subjects). */
export async function placedByRoom(ex: Executor, meId: number): Promise<Map<string, number>> {
  const rows = await ex
    .select({ room: examStudents.room, placed: countDistinct(examStudents.studentId) })
    .from(examStudents)
    .where(inMulti(meId))
    .groupBy(examStudents.room);
  return new Map(rows.filter((r) => r.room !== null).map((r) => [r.room!, r.placed]));
}

export function toRoom(row: RoomRow, placed: number): ExamRoom {
  return {
    roomId: String(row.id),
    meId: String(row.multiExamId),
    name: row.name,
    location: row.location,
    invigilators: row.invigilators,
    seatCount: row.seatCount,
    columns: row.columns,
    sortOrder: row.sortOrder,
    placed,
  };
}

export async function insertRooms(ex: Executor, rows: Omit<typeof examRooms.$inferInsert, 'id'>[]) {
  return ex.insert(examRooms).values(rows).returning();
}

export async function updateRoom(ex: Executor, roomId: number, values: Partial<typeof examRooms.$inferInsert>) {
  const [row] = await ex.update(examRooms).set(values).where(eq(examRooms.id, roomId)).returning();
  return row!;
}

export async function deleteRooms(ex: Executor, roomIds: number[]): Promise<void> {
  await ex.delete(examRooms).where(inArray(examRooms.id, roomIds));
}

/** A student of the multi exam once (their first subject's row), with class, 考号, room and seat. */
export interface ExamineeRow {
  studentId: number;
  name: string;
  examNo: string | null;
  classId: number;
  className: string;
  room: string | null;
  seat: number | null;
}

export async function examineesOf(
  ex: Executor,
  meId: number,
  filter: { room?: string | null } = {},
): Promise<ExamineeRow[]> {
  const rows = await ex
    .selectDistinctOn([examStudents.studentId], {
      studentId: examStudents.studentId,
      name: students.name,
      examNo: examStudents.examNo,
      classId: examStudents.classId,
      className: classes.name,
      room: examStudents.room,
      seat: examStudents.seat,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .where(
      and(
        inMulti(meId),
        filter.room === undefined
          ? undefined
          : filter.room === null
            ? isNull(examStudents.room)
            : eq(examStudents.room, filter.room),
      ),
    )
    .orderBy(asc(examStudents.studentId), asc(examStudents.singleExamId));
  return rows;
}

/** The exam students of one subject in a room (for 缺考), with their exam-student ids. */
export function roomStudentsOfSingle(ex: Executor, seId: number, room: string) {
  return ex
    .select({
      esId: examStudents.id,
      studentId: examStudents.studentId,
      name: students.name,
      examNo: examStudents.examNo,
      classId: examStudents.classId,
      className: classes.name,
      seat: examStudents.seat,
      absent: examStudents.absent,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .where(and(eq(examStudents.singleExamId, seId), eq(examStudents.room, room)))
    .orderBy(asc(examStudents.seat), asc(examStudents.id));
}

export function toRoomStudent(row: ExamineeRow, roomIdByName: Map<string, number>): RoomStudent {
  const roomId = row.room === null ? undefined : roomIdByName.get(row.room);
  return {
    studentId: String(row.studentId),
    name: row.name,
    examNo: row.examNo,
    classId: String(row.classId),
    className: row.className,
    roomId: roomId === undefined ? null : String(roomId),
    roomName: row.room,
    seat: row.seat,
  };
}

/** Rooms and seats per multi exam of a school year (and term): findRoomCountBySchoolYearTerm. */
export async function roomCounts(ex: Executor, schoolId: number, schoolYearId: number, termId: number | null) {
  return ex
    .select({
      meId: multiExams.id,
      name: multiExams.name,
      termId: multiExams.termId,
      gradeId: multiExams.gradeId,
      rooms: count(examRooms.id),
      seats: sql<number>`coalesce(sum(${examRooms.seatCount}), 0)::int`,
    })
    .from(multiExams)
    .innerJoin(gradeTerms, eq(gradeTerms.id, multiExams.termId))
    .innerJoin(examRooms, eq(examRooms.multiExamId, multiExams.id))
    .where(
      and(
        eq(multiExams.schoolId, schoolId),
        eq(multiExams.schoolYearId, schoolYearId),
        termId === null ? undefined : eq(multiExams.termId, termId),
      ),
    )
    .groupBy(multiExams.id)
    .orderBy(asc(multiExams.startDate), asc(multiExams.id));
}

/** Students placed in a room of each of these multi exams. */
export async function placedPerMulti(ex: Executor, meIds: number[]): Promise<Map<number, number>> {
  if (meIds.length === 0) return new Map();
  const rows = await ex
    .select({ meId: singleExams.multiExamId, placed: countDistinct(examStudents.studentId) })
    .from(examStudents)
    .innerJoin(singleExams, eq(singleExams.id, examStudents.singleExamId))
    .where(and(inArray(singleExams.multiExamId, meIds), sql`${examStudents.room} is not null`))
    .groupBy(singleExams.multiExamId);
  return new Map(rows.map((r) => [r.meId, r.placed]));
}
