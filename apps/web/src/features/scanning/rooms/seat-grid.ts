import type { RoomStudent } from '@huikao/contracts';

// The seat map of a room (考场编排): seats 1, 2, 3 … row by row, `columns` to a row, as the server
// places them; each cell holds its seat number and the student sitting there, if any.

export interface SeatCell {
  seat: number;
  student: RoomStudent | null;
  /** The student to the left is of the same class (never after a shuffled placement). */
  besideClassmate: boolean;
}

export function seatRows(room: { seatCount: number; columns: number }, students: readonly RoomStudent[]): SeatCell[][] {
  const bySeat = new Map(students.filter((s) => s.seat !== null).map((s) => [s.seat!, s]));
  const rows: SeatCell[][] = [];
  for (let seat = 1; seat <= room.seatCount; seat++) {
    if ((seat - 1) % room.columns === 0) rows.push([]);
    const row = rows[rows.length - 1]!;
    const student = bySeat.get(seat) ?? null;
    const left = row[row.length - 1]?.student;
    row.push({ seat, student, besideClassmate: !!student && !!left && left.classId === student.classId });
  }
  return rows;
}
