import type { Executor } from '../../../platform/db.ts';
import * as repo from './rooms-repo.ts';

// What the 考务安排 document (documents, #19 part 2) prints of a multi exam: its subjects with their
// dates, and its rooms in order with location, seats, students placed and 监考教师. Access is the
// caller's (documents checks the exam is the actor's school's first).

export interface ExamArrangement {
  schoolName: string;
  subjects: { courseName: string; examDate: string | null }[];
  rooms: { name: string; location: string; seatCount: number; placed: number; invigilators: string[] }[];
}

export async function examArrangementOf(ex: Executor, schoolId: number, meId: number): Promise<ExamArrangement> {
  const [subjects, rows, placed] = [
    await repo.singlesOfMulti(ex, meId),
    await repo.roomRowsOf(ex, meId),
    await repo.placedByRoom(ex, meId),
  ];
  return {
    schoolName: await repo.schoolName(ex, schoolId),
    subjects: subjects.map((s) => ({ courseName: s.courseName, examDate: s.examDate })),
    rooms: rows.map((r) => ({
      name: r.name,
      location: r.location,
      seatCount: r.seatCount,
      placed: placed.get(r.name) ?? 0,
      invigilators: r.invigilators,
    })),
  };
}
