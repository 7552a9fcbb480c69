import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict } from '../../../platform/errors.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { createExamStudentsService, type StudentSeating, writeSeating } from '../../exams/index.ts';
import { assertRoomsOpen, auditRooms, lockRooms, ownMulti, ownSingle, roomOfMulti } from './room-access.ts';
import * as repo from './rooms-repo.ts';
import type { RoomParams } from './rooms-service.ts';

// The exam students as 考场编排 sees them (issue #16): a student's room and seat (examStudent), the
// rooms' 缺考 lists (examStudentAbinfo) and makeScan's delete and add of exam students. Who sits an
// exam and who is 缺考 are the exams module's rules: those calls go through its door unchanged.

export function createRoomStudentsService(db: Db) {
  const examStudents = createExamStudentsService(db);

  const service = {
    async findExamStudents(actor: Actor, p: RoomParams<'findExamStudents'>) {
      const multi = await ownMulti(db, actor, p.schoolId, p.meId);
      const rooms = await repo.roomRowsOf(db, multi.id);
      const ids = new Map(rooms.map((r) => [r.name, r.id]));
      let rows = await repo.examineesOf(db, multi.id);
      if (p.roomId) {
        const room = await roomOfMulti(db, actor, p.schoolId, p.roomId, multi.id);
        rows = rows.filter((r) => r.room === room.name);
      }
      if (p.unplaced) rows = rows.filter((r) => r.room === null || !ids.has(r.room));
      const keyword = p.keyword?.toLowerCase();
      if (keyword)
        rows = rows.filter((r) => r.name.includes(keyword) || (r.examNo ?? '').toLowerCase().includes(keyword));
      const order = rooms.map((r) => r.name);
      rows.sort(
        (a, b) =>
          rank(order, a.room) - rank(order, b.room) ||
          (a.seat ?? 9999) - (b.seat ?? 9999) ||
          (a.examNo ?? '').localeCompare(b.examNo ?? ''),
      );
      const start = (p.currentPage - 1) * p.pageSize;
      return {
        list: rows.slice(start, start + p.pageSize).map((r) => repo.toRoomStudent(r, ids)),
        total: rows.length,
        currentPage: p.currentPage,
        pageSize: p.pageSize,
      };
    },

    /** Moves students to a room and seat (or out of any room), in every subject; a seat holds one student. */
    async saveExamStudents(actor: Actor, p: RoomParams<'saveExamStudents'>) {
      return db.transaction(async (tx) => {
        const multi = await ownMulti(tx, actor, p.schoolId, p.meId);
        await lockRooms(tx, multi.id);
        assertRoomsOpen(multi);
        const rooms = await repo.roomRowsOf(tx, multi.id);
        const examinees = await repo.examineesOf(tx, multi.id);
        const byStudent = new Map(examinees.map((e) => [e.studentId, e]));
        const seating: StudentSeating[] = [];
        for (const input of p.students) {
          const studentId = idOf(input.studentId, '学生');
          if (!byStudent.has(studentId))
            throw badInput(`学生（studentId ${studentId}）不是该考试的考生`, { field: 'students' });
          if (input.roomId === null) {
            seating.push({ studentId, room: null, seat: null });
            continue;
          }
          const room = rooms.find((r) => String(r.id) === input.roomId);
          if (!room) await roomOfMulti(tx, actor, p.schoolId, input.roomId, multi.id); // 404/403/400 as it should
          if (input.seat === null) throw badInput(`请为${byStudent.get(studentId)!.name}填写座位号`, { field: 'seat' });
          if (input.seat > room!.seatCount) {
            throw badInput(`${room!.name}只有${room!.seatCount}个座位，没有第${input.seat}号`, { field: 'seat' });
          }
          seating.push({ studentId, room: room!.name, seat: input.seat });
        }
        // The seats after the change: the moved students where they go, everyone else where they are.
        const moved = new Set(seating.map((s) => s.studentId));
        if (moved.size !== seating.length) throw badInput('同一个学生不能出现两次', { field: 'students' });
        const holder = new Map<string, string>();
        const after = [
          ...examinees.filter((e) => !moved.has(e.studentId)).map((e) => ({ ...e })),
          ...seating.map((s) => ({ ...byStudent.get(s.studentId)!, room: s.room, seat: s.seat })),
        ];
        for (const e of after) {
          if (e.room === null || e.seat === null) continue;
          const key = `${e.room}\u0000${e.seat}`;
          const other = holder.get(key);
          if (other) throw conflict(`${e.room}第${e.seat}号座位已有考生${other}，不能再安排${e.name}`);
          holder.set(key, e.name);
        }
        await writeSeating(tx, multi.id, seating);
        await auditRooms(tx, actor, 'seat', `multi-exam:${multi.id}`, {
          before: p.students.map((s) => byStudent.get(Number(s.studentId))),
          after: seating,
        });
        return { saved: seating.length };
      });
    },

    async deleteExamStudents(actor: Actor, p: RoomParams<'deleteExamStudents'>) {
      return service
        .saveExamStudents(actor, {
          schoolId: p.schoolId,
          meId: p.meId,
          students: p.studentIds.map((studentId) => ({ studentId, roomId: null, seat: null })),
        })
        .then((r) => ({ unseated: r.saved }));
    },

    async findAbsentInfo(actor: Actor, p: RoomParams<'findAbsentInfo'>) {
      const single = await ownSingle(db, actor, p.schoolId, p.seId);
      const rooms = p.roomId
        ? [await roomOfMulti(db, actor, p.schoolId, p.roomId, single.multiExamId)]
        : await repo.roomRowsOf(db, single.multiExamId);
      const out = [];
      for (const room of rooms) {
        const seated = await repo.roomStudentsOfSingle(db, single.id, room.name);
        out.push({
          roomId: String(room.id),
          name: room.name,
          expected: seated.length,
          absent: seated
            .filter((s) => s.absent)
            .map((s) => ({
              esId: String(s.esId),
              studentId: String(s.studentId),
              name: s.name,
              examNo: s.examNo,
              classId: String(s.classId),
              className: s.className,
              roomId: String(room.id),
              roomName: room.name,
              seat: s.seat,
            })),
        });
      }
      return out;
    },

    /**
     * The proctor's 缺考 list of one room and subject: these students absent, the room's others
     * present. Written through the exams rules (updateBatchExamStudent): marking 缺考 empties a
     * stored paper, with its score records and audit.
     */
    async saveAbsentInfo(actor: Actor, p: RoomParams<'saveAbsentInfo'>) {
      const single = await ownSingle(db, actor, p.schoolId, p.seId);
      const room = await roomOfMulti(db, actor, p.schoolId, p.roomId, single.multiExamId);
      const seated = await repo.roomStudentsOfSingle(db, single.id, room.name);
      const absent = new Set(p.absentStudentIds.map((id) => idOf(id, '学生')));
      for (const id of absent) {
        if (!seated.some((s) => s.studentId === id)) {
          throw badInput(`学生（studentId ${id}）不在${room.name}参加该科目考试`, { field: 'absentStudentIds' });
        }
      }
      const changes = seated
        .filter((s) => s.absent !== absent.has(s.studentId))
        .map((s) => ({ esId: String(s.esId), absent: absent.has(s.studentId) }));
      if (changes.length > 0) {
        await examStudents.updateBatchExamStudent(actor, { schoolId: p.schoolId, seId: p.seId, students: changes });
      }
      return { absent: absent.size, present: seated.length - absent.size };
    },

    async deleteScanExamStudents(actor: Actor, p: RoomParams<'deleteScanExamStudents'>) {
      return examStudents.deleteExamStudentByStuIds(actor, p);
    },

    async addScanExamStudents(actor: Actor, p: RoomParams<'addScanExamStudents'>) {
      return examStudents.addExamStudentsByClassIds(actor, p);
    },
  };
  return service;
}

const rank = (order: string[], room: string | null) => {
  const i = room === null ? -1 : order.indexOf(room);
  return i < 0 ? order.length : i;
};
