import type { scanningRoomsApi } from '@huikao/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, ruleBroken } from '../../../platform/errors.ts';
import { idOf, optionalIdOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { clearRoomSeating, renameRoomSeating, writeSeating } from '../../exams/index.ts';
import { PlacementRefusal, placeExaminees } from './placement.ts';
import { assertRoomsOpen, auditRooms, lockRooms, ownMulti, ownRoom } from './room-access.ts';
import * as repo from './rooms-repo.ts';

// 考场编排's rooms (issue #16 item 4): list, bulk create, edit, delete, 排考场 and the seat map, and
// the file service's room counts. Every write takes the exam's room lock first, in one transaction.

export type RoomParams<K extends keyof typeof scanningRoomsApi> = z.output<(typeof scanningRoomsApi)[K]['params']>;

export function createRoomsService(db: Db) {
  async function listOf(ex: Executor, meId: number) {
    const [rows, placed, examinees] = [
      await repo.roomRowsOf(ex, meId),
      await repo.placedByRoom(ex, meId),
      await repo.examineesOf(ex, meId),
    ];
    const names = new Set(rows.map((r) => r.name));
    return {
      rooms: rows.map((r) => repo.toRoom(r, placed.get(r.name) ?? 0)),
      students: examinees.length,
      unplaced: examinees.filter((e) => e.room === null || !names.has(e.room)).length,
      seats: rows.reduce((sum, r) => sum + r.seatCount, 0),
    };
  }

  return {
    async listExamRooms(actor: Actor, p: RoomParams<'listExamRooms'>) {
      const multi = await ownMulti(db, actor, p.schoolId, p.meId);
      return listOf(db, multi.id);
    },

    async saveExamRooms(actor: Actor, p: RoomParams<'saveExamRooms'>) {
      return db.transaction(async (tx) => {
        const multi = await ownMulti(tx, actor, p.schoolId, p.meId);
        await lockRooms(tx, multi.id);
        assertRoomsOpen(multi);
        const existing = await repo.roomRowsOf(tx, multi.id);
        const taken = new Set(existing.map((r) => r.name));
        for (const room of p.rooms) {
          if (taken.has(room.name)) throw conflict(`考场名称“${room.name}”已存在，请换一个名称`);
          taken.add(room.name);
        }
        if (existing.length + p.rooms.length > 500) throw ruleBroken('一场考试最多500个考场');
        const last = existing.reduce((max, r) => Math.max(max, r.sortOrder), 0);
        const rows = await repo.insertRooms(
          tx,
          p.rooms.map((room, i) => ({
            schoolId: multi.schoolId,
            multiExamId: multi.id,
            ...room,
            sortOrder: last + i + 1,
          })),
        );
        await auditRooms(tx, actor, 'save', `multi-exam:${multi.id}`, { after: p.rooms });
        return rows.map((r) => repo.toRoom(r, 0));
      });
    },

    async updateExamRoom(actor: Actor, p: RoomParams<'updateExamRoom'>) {
      return db.transaction(async (tx) => {
        const before = await ownRoom(tx, actor, p.schoolId, p.roomId);
        await lockRooms(tx, before.multiExamId);
        const multi = (await repo.findMulti(tx, before.multiExamId))!;
        assertRoomsOpen(multi);
        const rooms = await repo.roomRowsOf(tx, multi.id);
        if (p.name !== before.name && rooms.some((r) => r.name === p.name)) {
          throw conflict(`考场名称“${p.name}”已存在，请换一个名称`);
        }
        const seated = await repo.examineesOf(tx, multi.id, { room: before.name });
        const lastSeat = seated.reduce((max, s) => Math.max(max, s.seat ?? 0), 0);
        if (p.seatCount < lastSeat) {
          throw ruleBroken(
            `该考场第${lastSeat}号座位已有考生，座位数不能少于${lastSeat}；请先重新排考场或调整考生座位`,
          );
        }
        if (p.name !== before.name) await renameRoomSeating(tx, multi.id, before.name, p.name);
        const row = await repo.updateRoom(tx, before.id, {
          name: p.name,
          location: p.location,
          invigilators: p.invigilators,
          seatCount: p.seatCount,
          columns: p.columns,
          sortOrder: p.sortOrder ?? before.sortOrder,
        });
        await auditRooms(tx, actor, 'update', `exam-room:${before.id}`, { before, after: p });
        return repo.toRoom(row, seated.length);
      });
    },

    async deleteExamRooms(actor: Actor, p: RoomParams<'deleteExamRooms'>) {
      return db.transaction(async (tx) => {
        const school = schoolOf(actor, p.schoolId);
        const ids = [...new Set(p.roomIds.map((id) => idOf(id, '考场')))];
        const rows = await repo.roomsByIds(tx, ids);
        for (const id of ids)
          ownedBy(
            rows.find((r) => r.id === id),
            school,
            `考场不存在或已删除（roomId ${id}）`,
          );
        const meIds = new Set(rows.map((r) => r.multiExamId));
        if (meIds.size > 1) throw ruleBroken('一次只能删除同一场考试的考场');
        const meId = rows[0]!.multiExamId;
        await lockRooms(tx, meId);
        assertRoomsOpen((await repo.findMulti(tx, meId))!);
        const unseated = await clearRoomSeating(
          tx,
          meId,
          rows.map((r) => r.name),
        );
        await repo.deleteRooms(tx, ids);
        await auditRooms(tx, actor, 'delete', `multi-exam:${meId}`, { before: rows, after: { unseated } });
        return { deleted: ids.length, unseated };
      });
    },

    /**
     * 排考场: every student of the multi exam (any subject) gets a room and seat, the same in each
     * subject, replacing the previous placement. The placement itself is milliseconds of pure work
     * on a few thousand students, done under the lock so it sees the rooms it writes.
     */
    async placeExamRooms(actor: Actor, p: RoomParams<'placeExamRooms'>) {
      return db.transaction(async (tx) => {
        const multi = await ownMulti(tx, actor, p.schoolId, p.meId);
        await lockRooms(tx, multi.id);
        assertRoomsOpen(multi);
        const rooms = await repo.roomRowsOf(tx, multi.id);
        const examinees = await repo.examineesOf(tx, multi.id);
        if (examinees.length === 0) throw ruleBroken('该考试还没有考生，请先添加考生');
        let seats: ReturnType<typeof placeExaminees>;
        try {
          seats = placeExaminees(
            rooms.map((r) => ({ roomId: r.id, name: r.name, seatCount: r.seatCount, columns: r.columns })),
            examinees,
            p.mode,
          );
        } catch (error) {
          if (error instanceof PlacementRefusal) throw ruleBroken(error.message);
          throw error;
        }
        const nameOf = new Map(rooms.map((r) => [r.id, r.name]));
        await writeSeating(
          tx,
          multi.id,
          seats.map((s) => ({ studentId: s.studentId, room: nameOf.get(s.roomId)!, seat: s.seat })),
        );
        const used = new Set(seats.map((s) => s.roomId)).size;
        await auditRooms(tx, actor, 'place', `multi-exam:${multi.id}`, {
          after: { mode: p.mode, placed: seats.length },
        });
        return { placed: seats.length, rooms: used };
      });
    },

    async findRoomSeatMap(actor: Actor, p: RoomParams<'findRoomSeatMap'>) {
      const room = await ownRoom(db, actor, p.schoolId, p.roomId);
      const seated = await repo.examineesOf(db, room.multiExamId, { room: room.name });
      seated.sort((a, b) => (a.seat ?? 9999) - (b.seat ?? 9999));
      const ids = new Map([[room.name, room.id]]);
      return { room: repo.toRoom(room, seated.length), students: seated.map((s) => repo.toRoomStudent(s, ids)) };
    },

    async findRoomCountBySchoolYearTerm(actor: Actor, p: RoomParams<'findRoomCountBySchoolYearTerm'>) {
      const school = schoolOf(actor, p.schoolId);
      const year = ownedBy(await repo.findSchoolYear(db, idOf(p.schyId, '学年')), school, '学年不存在或已删除');
      const rows = await repo.roomCounts(db, school, year.id, optionalIdOf(p.termId, '学期'));
      const placed = await repo.placedPerMulti(
        db,
        rows.map((r) => r.meId),
      );
      const exams = rows.map((r) => ({
        meId: String(r.meId),
        name: r.name,
        termId: String(r.termId),
        gradeId: String(r.gradeId),
        rooms: r.rooms,
        seats: r.seats,
        placed: placed.get(r.meId) ?? 0,
      }));
      return {
        exams,
        rooms: exams.reduce((sum, e) => sum + e.rooms, 0),
        seats: exams.reduce((sum, e) => sum + e.seats, 0),
      };
    },
  };
}
