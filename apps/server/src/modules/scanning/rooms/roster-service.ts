import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import type { Upload } from '../../../platform/files.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { type StudentSeating, writeSeating } from '../../exams/index.ts';
import { assertRoomsOpen, auditRooms, lockRooms, ownMulti } from './room-access.ts';
import * as repo from './rooms-repo.ts';
import type { RoomParams } from './rooms-service.ts';
import { type RosterRow, readRosterInWorker, rosterTemplate } from './roster-workbook.ts';

// makeScan's student template import (issue #16): the school fills 考场 and 座位号 in the template
// (or its own list of 考号) and imports it. Every row is checked first; one bad row saves nothing,
// and the message names each bad row. The workbook is parsed in a worker before the transaction.

const MAX_REPORTED = 20;

export function createRosterService(db: Db) {
  return {
    async downloadStudentTemplate(actor: Actor, p: RoomParams<'downloadStudentTemplate'>) {
      const multi = await ownMulti(db, actor, p.schoolId, p.meId);
      const examinees = await repo.examineesOf(db, multi.id);
      const collator = new Intl.Collator('zh-CN', { numeric: true });
      examinees.sort(
        (a, b) => collator.compare(a.className, b.className) || collator.compare(a.examNo ?? '', b.examNo ?? ''),
      );
      const body = await rosterTemplate(
        { school: await repo.schoolName(db, multi.schoolId), exam: multi.name },
        examinees.map((e) => [e.examNo, e.name, e.className, e.room, e.seat]),
      );
      return new FileResult(`${multi.name}-考生考场模板.xlsx`, XLSX_CONTENT_TYPE, body);
    },

    async importStudentTemplate(actor: Actor, p: RoomParams<'importStudentTemplate'>, upload: Upload) {
      // Ownership first, so another school's exam is refused before its file is read.
      await ownMulti(db, actor, p.schoolId, p.meId);
      const rows = await readRosterInWorker(upload.buffer);
      return db.transaction(async (tx) => {
        const multi = await ownMulti(tx, actor, p.schoolId, p.meId);
        await lockRooms(tx, multi.id);
        assertRoomsOpen(multi);
        const rooms = await repo.roomRowsOf(tx, multi.id);
        const examinees = await repo.examineesOf(tx, multi.id);
        const seating = checkRoster(rows, rooms, examinees);
        await writeSeating(tx, multi.id, seating);
        await auditRooms(tx, actor, 'import', `multi-exam:${multi.id}`, {
          after: { file: upload.fileName, rows: rows.length },
        });
        return {
          saved: seating.filter((s) => s.room !== null).length,
          unseated: seating.filter((s) => s.room === null).length,
        };
      });
    },
  };
}

/** Every row's seating, or a refusal listing the bad rows (nothing is saved then). */
export function checkRoster(rows: RosterRow[], rooms: repo.RoomRow[], examinees: repo.ExamineeRow[]): StudentSeating[] {
  const problems: string[] = [];
  const byExamNo = new Map<string, repo.ExamineeRow[]>();
  for (const e of examinees) if (e.examNo) byExamNo.set(e.examNo, [...(byExamNo.get(e.examNo) ?? []), e]);
  const roomByName = new Map(rooms.map((r) => [r.name, r]));
  const rowOfStudent = new Map<number, number>();
  const seating: StudentSeating[] = [];
  for (const row of rows) {
    const at = `第${row.rowNo}行`;
    if (!row.examNo) {
      problems.push(`${at}：考号不能为空`);
      continue;
    }
    const matches = byExamNo.get(row.examNo) ?? [];
    if (matches.length === 0) {
      problems.push(`${at}：考号“${row.examNo}”不是该考试的考生`);
      continue;
    }
    if (matches.length > 1) {
      problems.push(`${at}：考号“${row.examNo}”在该考试中有${matches.length}名考生，请先在考生管理中改正考号`);
      continue;
    }
    const student = matches[0]!;
    if (row.name && row.name !== student.name) {
      problems.push(`${at}：考号“${row.examNo}”是${student.name}，不是${row.name}`);
      continue;
    }
    const earlier = rowOfStudent.get(student.studentId);
    if (earlier !== undefined) {
      problems.push(`${at}：考号“${row.examNo}”与第${earlier}行重复`);
      continue;
    }
    rowOfStudent.set(student.studentId, row.rowNo);
    if (!row.room && !row.seat) {
      seating.push({ studentId: student.studentId, room: null, seat: null });
      continue;
    }
    const room = roomByName.get(row.room);
    if (!row.room) problems.push(`${at}：填写了座位号就要填写考场`);
    else if (!room) problems.push(`${at}：考场“${row.room}”不存在，请先新增该考场`);
    const seat = Number(row.seat);
    if (!/^\d{1,3}$/.test(row.seat) || seat < 1) problems.push(`${at}：座位号“${row.seat}”不是正整数`);
    else if (room && seat > room.seatCount)
      problems.push(`${at}：${room.name}只有${room.seatCount}个座位，没有第${seat}号`);
    else if (room) seating.push({ studentId: student.studentId, room: room.name, seat });
  }
  // Seats after the import: the file's students where it puts them, everyone else where they are.
  const holder = new Map<string, string>();
  const listed = new Set(rowOfStudent.keys());
  for (const e of examinees) {
    if (!listed.has(e.studentId) && e.room !== null && e.seat !== null)
      holder.set(`${e.room}\u0000${e.seat}`, `考生${e.name}`);
  }
  for (const s of seating) {
    if (s.room === null) continue;
    const key = `${s.room}\u0000${s.seat}`;
    const at = `第${rowOfStudent.get(s.studentId)}行`;
    const other = holder.get(key);
    if (other) problems.push(`${at}：${s.room}第${s.seat}号座位与${other}重复`);
    else holder.set(key, at);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_REPORTED).join('；');
    const more = problems.length > MAX_REPORTED ? `；另有${problems.length - MAX_REPORTED}处问题` : '';
    throw badInput(`导入失败，未保存任何数据：${shown}${more}`, { field: 'file' });
  }
  return seating;
}
