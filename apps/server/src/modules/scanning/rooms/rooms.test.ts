import { scanningRoomsApi as api, type ExamRoom, examsApi, type RoomStudent } from '@huikao/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examRooms, examStudents } from '../../../db/schema.ts';
import { type ExamsSetup, makeMultiExam, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// 考场编排 through the API (issue #16 item 4): rooms, 排考场 in each mode written to every subject,
// the seat map, moving students, 缺考 per room, makeScan's exam students, room counts, and the
// permission matrix (another school's ids 403, students and teachers refused writes, nothing changed).

let s: ExamsSetup;
let schoolId: string;
beforeAll(async () => {
  s = await setUpExams();
  schoolId = String(s.school.id);
});
afterAll(() => s.t.close());

const admin = () => s.sessions.admin;
const seatsOf = (seId: number) =>
  s.db
    .select({
      studentId: examStudents.studentId,
      classId: examStudents.classId,
      room: examStudents.room,
      seat: examStudents.seat,
      absent: examStudents.absent,
    })
    .from(examStudents)
    .where(eq(examStudents.singleExamId, seId))
    .orderBy(asc(examStudents.studentId));
const roomCount = async () => (await s.db.select().from(examRooms)).length;

describe('rooms', () => {
  let rooms: ExamRoom[];

  it('creates rooms in bulk, in order, and refuses a name already used', async () => {
    rooms = expectOk(
      await s.as<ExamRoom[]>(admin(), api.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [
          { name: '第01考场', location: '教学楼101', seatCount: 5, columns: 5 },
          { name: '第02考场', location: '教学楼102', seatCount: 4, columns: 2 },
        ],
      }),
    );
    expect(rooms.map((r) => [r.name, r.sortOrder, r.placed])).toEqual([
      ['第01考场', 1, 0],
      ['第02考场', 2, 0],
    ]);
    expectFailure(
      await s.as(admin(), api.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [{ name: '第02考场', seatCount: 3, columns: 3 }],
      }),
      409,
      '考场名称“第02考场”已存在，请换一个名称',
    );
    expectFailure(
      await s.as(admin(), api.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [{ name: '第03考场', seatCount: 0, columns: 3 }],
      }),
      400,
      '座位数只能是 1 到 200 的整数',
    );
    const list = expectOk(
      await s.as<{ rooms: ExamRoom[]; students: number; unplaced: number; seats: number }>(
        s.sessions.teacher,
        api.listExamRooms,
        { schoolId, meId: s.ids.meId },
      ),
    );
    expect(list).toMatchObject({ students: 5, unplaced: 5, seats: 9 });
  });

  it('places shuffled: every student once, the same room and seat in each subject, no two of a class side by side', async () => {
    const result = expectOk(await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'shuffle' }));
    expect(result).toEqual({ placed: 5, rooms: 1 });
    const math = await seatsOf(s.math.id);
    const english = await seatsOf(s.english.id);
    expect(english.map((r) => [r.studentId, r.room, r.seat])).toEqual(math.map((r) => [r.studentId, r.room, r.seat]));
    const bySeat = [...math].sort((a, b) => a.seat! - b.seat!);
    expect(bySeat.map((r) => r.seat)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(bySeat.map((r) => r.room))).toEqual(new Set(['第01考场']));
    // One row of five: three of 八(1) and two of 八(2) can only sit alternately.
    for (let i = 1; i < bySeat.length; i++) expect(bySeat[i]!.classId).not.toBe(bySeat[i - 1]!.classId);
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.action, 'scanning.rooms.place'));
    expect(audit).toHaveLength(1);
  });

  it('places in class order and in 考号 order, filling the rooms in turn', async () => {
    expectOk(await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }));
    const map = expectOk(
      await s.as<{ students: RoomStudent[] }>(admin(), api.findRoomSeatMap, { schoolId, roomId: rooms[0]!.roomId }),
    );
    expect(map.students.map((st) => st.className)).toEqual(['八(1)班', '八(1)班', '八(1)班', '八(2)班', '八(2)班']);
    expect(map.students.map((st) => st.seat)).toEqual([1, 2, 3, 4, 5]);

    expectOk(await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'examNo' }));
    const byNo = expectOk(
      await s.as<{ students: RoomStudent[] }>(admin(), api.findRoomSeatMap, { schoolId, roomId: rooms[0]!.roomId }),
    );
    const numbers = byNo.students.map((st) => st.examNo!);
    expect(numbers).toEqual([...numbers].sort(new Intl.Collator('zh-CN', { numeric: true }).compare));
  });

  it('refuses a placement the seats cannot hold, with the figures, and changes nothing', async () => {
    const before = await seatsOf(s.math.id);
    const small = expectOk(
      await s.as<ExamRoom>(admin(), api.updateExamRoom, {
        schoolId,
        roomId: rooms[1]!.roomId,
        name: '第02考场',
        location: '',
        seatCount: 1,
        columns: 1,
      }),
    );
    expect(small.seatCount).toBe(1);
    const narrow = {
      schoolId,
      roomId: rooms[0]!.roomId,
      name: '第01考场',
      location: '教学楼101',
      seatCount: 5,
      columns: 5,
    };
    expectFailure(
      await s.as(admin(), api.updateExamRoom, { ...narrow, seatCount: 3 }),
      422,
      /第5号座位已有考生，座位数不能少于5/,
    );
    expectOk(await s.as(admin(), api.deleteExamRooms, { schoolId, roomIds: [rooms[1]!.roomId] }));
    expectOk(await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }));
    const justEnough = await seatsOf(s.math.id);
    expect(justEnough.every((r) => r.room === '第01考场')).toBe(true);
    const [tiny] = expectOk(
      await s.as<ExamRoom[]>(admin(), api.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [{ name: '小考场', seatCount: 1, columns: 1 }],
      }),
    );
    // Shrink the big room while nobody sits past seat 4? Seat 5 is taken: the rule above holds. Delete it instead.
    expectOk(await s.as(admin(), api.deleteExamRooms, { schoolId, roomIds: [rooms[0]!.roomId] }));
    const emptied = await seatsOf(s.math.id);
    expect(emptied.every((r) => r.room === null && r.seat === null)).toBe(true);
    expectFailure(
      await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'shuffle' }),
      422,
      '考场座位不足：考生5人，座位只有1个，请增加考场或座位数',
    );
    expect(await seatsOf(s.math.id)).toEqual(emptied);
    expect(before).toHaveLength(5);
    // Back to one room of five for what follows.
    expectOk(
      await s.as(admin(), api.updateExamRoom, {
        schoolId,
        roomId: tiny!.roomId,
        name: '第01考场',
        location: '',
        seatCount: 5,
        columns: 5,
      }),
    );
    rooms = expectOk(
      await s.as<{ rooms: ExamRoom[] }>(admin(), api.listExamRooms, { schoolId, meId: s.ids.meId }),
    ).rooms;
    expectOk(await s.as(admin(), api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }));
  });

  it('renaming a room keeps its students; moving a student checks the seat is free', async () => {
    const room = rooms[0]!;
    expectOk(
      await s.as(admin(), api.updateExamRoom, {
        schoolId,
        roomId: room.roomId,
        name: '一号考场',
        location: 'A101',
        seatCount: 6,
        columns: 3,
      }),
    );
    const placed = await seatsOf(s.english.id);
    expect(placed.every((r) => r.room === '一号考场')).toBe(true);
    const nameOf = (id: number) => s.students.find((st) => st.id === id)!.name;
    const occupant = placed.find((r) => r.seat === 2)!.studentId;
    const mover = placed.find((r) => r.seat === 1)!.studentId;
    const other = placed.find((r) => r.seat === 3)!.studentId;
    expectFailure(
      await s.as(admin(), api.saveExamStudents, {
        schoolId,
        meId: s.ids.meId,
        students: [{ studentId: String(mover), roomId: room.roomId, seat: 2 }],
      }),
      409,
      `一号考场第2号座位已有考生${nameOf(occupant)}，不能再安排${nameOf(mover)}`,
    );
    expectOk(
      await s.as(admin(), api.saveExamStudents, {
        schoolId,
        meId: s.ids.meId,
        students: [{ studentId: String(mover), roomId: room.roomId, seat: 6 }],
      }),
    );
    expect((await seatsOf(s.english.id)).find((r) => r.studentId === mover)).toMatchObject({
      room: '一号考场',
      seat: 6,
    });
    expectFailure(
      await s.as(admin(), api.saveExamStudents, {
        schoolId,
        meId: s.ids.meId,
        students: [{ studentId: String(other), roomId: room.roomId, seat: 7 }],
      }),
      400,
      '一号考场只有6个座位，没有第7号',
    );
    expectOk(await s.as(admin(), api.deleteExamStudents, { schoolId, meId: s.ids.meId, studentIds: [String(other)] }));
    const page = expectOk(
      await s.as<{ list: RoomStudent[]; total: number }>(s.sessions.teacher, api.findExamStudents, {
        schoolId,
        meId: s.ids.meId,
        unplaced: true,
      }),
    );
    expect(page.list.map((r) => r.name)).toEqual([nameOf(other)]);
  });

  it('records a room’s 缺考 list for one subject through the exams rules', async () => {
    const room = rooms[0]!;
    const math = await seatsOf(s.math.id);
    const absentOne = math.find((r) => r.room !== null)!.studentId;
    const outside = math.find((r) => r.room === null)!.studentId;
    expectOk(
      await s.as(admin(), api.saveAbsentInfo, {
        schoolId,
        seId: s.ids.mathSeId,
        roomId: room.roomId,
        absentStudentIds: [String(absentOne)],
      }),
    );
    expect((await seatsOf(s.math.id)).filter((r) => r.absent).map((r) => r.studentId)).toEqual([absentOne]);
    expect((await seatsOf(s.english.id)).some((r) => r.absent)).toBe(false);
    const info = expectOk(
      await s.as<{ name: string; expected: number; absent: RoomStudent[] }[]>(admin(), api.findAbsentInfo, {
        schoolId,
        seId: s.ids.mathSeId,
      }),
    );
    const name = s.students.find((st) => st.id === absentOne)!.name;
    expect(info).toMatchObject([{ name: '一号考场', expected: 4, absent: [{ name }] }]);
    expectFailure(
      await s.as(admin(), api.saveAbsentInfo, {
        schoolId,
        seId: s.ids.mathSeId,
        roomId: room.roomId,
        absentStudentIds: [String(outside)],
      }),
      400,
      /不在一号考场参加该科目考试/,
    );
  });
  it('makeScan deletes and adds exam students of a subject through the exams rules', async () => {
    const gone = s.students[4]!;
    expect(
      expectOk(
        await s.as(admin(), api.deleteScanExamStudents, {
          schoolId,
          seId: s.ids.englishSeId,
          studentIds: [String(gone.id)],
        }),
      ),
    ).toEqual({ deleted: 1 });
    expect((await seatsOf(s.english.id)).map((r) => r.studentId)).not.toContain(gone.id);
    const back = expectOk(
      await s.as<{ added: number }>(admin(), api.addScanExamStudents, {
        schoolId,
        seId: s.ids.englishSeId,
        classIds: [String(s.classes[1].id)],
      }),
    );
    expect(back.added).toBe(1);
  });

  it('counts rooms per school year and term', async () => {
    const counts = expectOk(
      await s.as<{ exams: { meId: string; rooms: number; seats: number; placed: number }[]; rooms: number }>(
        s.sessions.teacher,
        api.findRoomCountBySchoolYearTerm,
        {
          schoolId,
          schyId: String(s.year.id),
        },
      ),
    );
    expect(counts.exams).toEqual([expect.objectContaining({ meId: s.ids.meId, rooms: 1, seats: 6, placed: 4 })]);
    expect(counts.rooms).toBe(1);
    expectForbidden(
      await s.as(admin(), api.findRoomCountBySchoolYearTerm, { schoolId, schyId: String(s.other.year.id) }),
    );
  });
});

describe('permissions', () => {
  it('refuses another school’s exam, room and subject with 403 and changes nothing', async () => {
    const before = await roomCount();
    const other = { schoolId, meId: s.ids.otherMeId };
    expectForbidden(
      await s.as(admin(), api.saveExamRooms, { ...other, rooms: [{ name: 'X', seatCount: 3, columns: 3 }] }),
    );
    expectForbidden(await s.as(admin(), api.placeExamRooms, { ...other, mode: 'class' }));
    expectForbidden(await s.as(admin(), api.listExamRooms, other));
    expectForbidden(await s.as(admin(), api.findAbsentInfo, { schoolId, seId: s.ids.otherSeId }));
    expectForbidden(
      await s.as(admin(), api.listExamRooms, { schoolId: String(s.other.school.id), meId: s.ids.otherMeId }),
    );
    const [otherRoom] = await s.db
      .insert(examRooms)
      .values({
        schoolId: s.other.school.id,
        multiExamId: s.other.exam.id,
        name: '外校考场',
        seatCount: 3,
        columns: 3,
        sortOrder: 1,
      })
      .returning();
    expectForbidden(await s.as(admin(), api.deleteExamRooms, { schoolId, roomIds: [String(otherRoom!.id)] }));
    expectForbidden(await s.as(admin(), api.findRoomSeatMap, { schoolId, roomId: String(otherRoom!.id) }));
    expect(await roomCount()).toBe(before + 1);
    expect(
      await s.db
        .select()
        .from(examRooms)
        .where(inArray(examRooms.id, [otherRoom!.id])),
    ).toHaveLength(1);
  });

  it('refuses students every call, and teachers and managers the writes', async () => {
    const before = await seatsOf(s.math.id);
    const params = { schoolId, meId: s.ids.meId };
    expectForbidden(await s.as(s.sessions.student, api.listExamRooms, params));
    expectForbidden(await s.as(s.sessions.student, api.placeExamRooms, { ...params, mode: 'shuffle' }));
    expectForbidden(await s.as(s.sessions.teacher, api.placeExamRooms, { ...params, mode: 'shuffle' }));
    expectForbidden(
      await s.as(s.sessions.teacher, api.saveExamRooms, {
        ...params,
        rooms: [{ name: 'T', seatCount: 3, columns: 3 }],
      }),
    );
    expectForbidden(
      await s.as(s.sessions.manager, api.saveExamRooms, {
        ...params,
        rooms: [{ name: 'M', seatCount: 3, columns: 3 }],
      }),
    );
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.saveAbsentInfo, {
        schoolId,
        seId: s.ids.mathSeId,
        roomId: '1',
        absentStudentIds: [],
      }),
    );
    expect(await seatsOf(s.math.id)).toEqual(before);
  });
});

describe('an exam deleted', () => {
  it('takes its rooms with it', async () => {
    const exam = await makeMultiExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      gradeId: 8,
      name: '待删除的考试',
    });
    expectOk(
      await s.as(admin(), api.saveExamRooms, {
        schoolId,
        meId: String(exam.id),
        rooms: [{ name: '第01考场', seatCount: 30, columns: 6 }],
      }),
    );
    expectOk(await s.as(admin(), examsApi.deleteMultiExam, { schoolId, meId: String(exam.id) }));
    expect(await s.db.select().from(examRooms).where(eq(examRooms.multiExamId, exam.id))).toEqual([]);
  });
});
