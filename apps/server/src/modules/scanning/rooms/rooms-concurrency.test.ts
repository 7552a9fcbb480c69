import { scanningRoomsApi as api, type ExamRoom } from '@huikao/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examRooms, examStudents } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';

// Room writers of one exam never interleave (the exam's room lock). On PostgreSQL
// (TEST_DATABASE_URL) the calls below run in parallel on separate connections; on PGlite in turn.
// Either way the end state is one whole placement: every student in an existing room, within its
// seats, one student a seat, the same room and seat in every subject; and a name is never used twice.

let s: ExamsSetup;
let schoolId: string;
beforeAll(async () => {
  s = await setUpExams();
  schoolId = String(s.school.id);
});
afterAll(() => s.t.close());

const save = (rooms: { name: string; seatCount: number; columns: number }[]) =>
  s.as<ExamRoom[]>(s.sessions.admin, api.saveExamRooms, { schoolId, meId: s.ids.meId, rooms });

async function expectOnePlacement() {
  const rooms = await s.db.select().from(examRooms).where(eq(examRooms.multiExamId, s.exam.id));
  const rows = await s.db
    .select()
    .from(examStudents)
    .where(inArray(examStudents.singleExamId, [s.math.id, s.english.id]));
  const byStudent = new Map<number, string>();
  const seats = new Map<string, Set<number>>();
  for (const row of rows) {
    const where = `${row.room}#${row.seat}`;
    expect(byStudent.get(row.studentId) ?? where, `student ${row.studentId} differs between subjects`).toBe(where);
    byStudent.set(row.studentId, where);
    if (row.room === null) {
      expect(row.seat).toBeNull();
      continue;
    }
    const room = rooms.find((r) => r.name === row.room);
    expect(room, `student ${row.studentId} sits in ${row.room}, which is not a room`).toBeDefined();
    expect(row.seat).toBeGreaterThanOrEqual(1);
    expect(row.seat).toBeLessThanOrEqual(room!.seatCount);
    seats.set(where, (seats.get(where) ?? new Set()).add(row.studentId));
  }
  for (const [where, holders] of seats) expect(holders.size, `${where} holds ${[...holders]}`).toBe(1);
}

describe('concurrent room writes', () => {
  it('gives a new name to one of two parallel creations, the other a clear 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => save([{ name: '第01考场', seatCount: 3, columns: 3 }])),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r).toMatchObject({ http: 200, status: 409, message: '考场名称“第01考场”已存在，请换一个名称' });
    }
  });

  it('placements racing room deletions and seat moves end as one whole placement', async () => {
    for (let round = 0; round < 4; round++) {
      const extra = expectOk(await save([{ name: `临时${round}`, seatCount: 4, columns: 2 }]));
      const calls = [
        s.as(s.sessions.admin, api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'shuffle' }),
        s.as(s.sessions.admin, api.deleteExamRooms, { schoolId, roomIds: [extra[0]!.roomId] }),
        s.as(s.sessions.admin, api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'examNo' }),
        s.as(s.sessions.admin, api.saveExamStudents, {
          schoolId,
          meId: s.ids.meId,
          students: [{ studentId: String(s.students[0]!.id), roomId: null, seat: null }],
        }),
        s.as(s.sessions.admin, api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }),
      ];
      const results = await Promise.all(calls);
      for (const r of results) {
        // A placement may find too few seats once the extra room is gone: a clear refusal, never a 500.
        expect([200, 422], r.message).toContain(r.status);
      }
      await expectOnePlacement();
    }
  });
});
