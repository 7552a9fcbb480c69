import type { RoomStudent } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { seatRows } from './seat-grid.ts';

const student = (seat: number, classId: string): RoomStudent => ({
  studentId: String(seat),
  name: `学生${seat}`,
  examNo: null,
  classId,
  className: `${classId}班`,
  roomId: '1',
  roomName: '第01考场',
  seat,
});

describe('seatRows', () => {
  it('lays seats row by row with the last row partly filled, empty seats kept', () => {
    const rows = seatRows({ seatCount: 7, columns: 3 }, [student(1, 'a'), student(5, 'b')]);
    expect(rows.map((r) => r.map((c) => c.seat))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(rows[0]![0]!.student?.name).toBe('学生1');
    expect(rows[0]![1]!.student).toBeNull();
  });

  it('marks a student sitting beside a classmate, never across rows', () => {
    const rows = seatRows({ seatCount: 4, columns: 2 }, [
      student(1, 'a'),
      student(2, 'a'),
      student(3, 'a'),
      student(4, 'b'),
    ]);
    expect(rows.map((r) => r.map((c) => c.besideClassmate))).toEqual([
      [false, true],
      [false, false],
    ]);
  });
});
