import { fileServiceApi as api, type ExamRoom, scanningRoomsApi } from '@huikao/contracts';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examRooms } from '../../../db/schema.ts';
import { send } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';

// /cg_exam_szy/pk/wordExportInfo (#19 part 2): the exam's 考务安排 as Word — subjects, rooms and
// 监考教师 read back from the document's text; bad input in Chinese; another school's exam 403.

let s: ExamsSetup;
let schoolId: string;
beforeAll(async () => {
  s = await setUpExams();
  schoolId = String(s.school.id);
});
afterAll(() => s.t.close());

const exportOf = (params: Record<string, unknown>, session = s.sessions.admin) =>
  send(s.t.app, api.wordExportInfo, params, { session });

describe('pk/wordExportInfo', () => {
  it('writes the subjects, rooms with their invigilators, and the invigilators list', async () => {
    const rooms = expectOk(
      await s.as<ExamRoom[]>(s.sessions.admin, scanningRoomsApi.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [
          { name: '第01考场', location: '教学楼101', seatCount: 30, columns: 6, invigilators: ['张老师', '李老师'] },
          { name: '第02考场', location: '教学楼102', seatCount: 30, columns: 6, invigilators: ['张老师'] },
        ],
      }),
    );
    expect(rooms[0]!.invigilators).toEqual(['张老师', '李老师']);
    expectOk(
      await s.as(s.sessions.admin, scanningRoomsApi.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }),
    );

    const response = await exportOf({ schoolId, meId: s.ids.meId }, s.sessions.teacher);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('wordprocessingml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('考务安排.docx');
    const { value: text } = await mammoth.extractRawText({ buffer: response.rawPayload });
    expect(text).toContain('考务安排');
    expect(text).toContain('一、考试科目');
    expect(text).toMatch(/数学/);
    expect(text).toMatch(/第01考场\s+教学楼101\s+30\s+\d+\s+张老师、李老师/);
    expect(text).toMatch(/张老师\s+第01考场、第02考场/);
  });

  it('refuses bad input with a Chinese message, and too many invigilators', async () => {
    const bad = await exportOf({ schoolId, meId: 'x' });
    expect(bad.json()).toMatchObject({ status: 400, message: '考试编号不正确：x' });
    expectFailure(
      await s.as(s.sessions.admin, scanningRoomsApi.saveExamRooms, {
        schoolId,
        meId: s.ids.meId,
        rooms: [
          { name: '第09考场', seatCount: 5, columns: 5, invigilators: ['甲', '乙', '丙', '丁', '戊', '己', '庚'] },
        ],
      }),
      400,
      '每个考场最多6名监考教师',
    );
  });

  it("refuses another school's exam with 403, and students", async () => {
    const before = await s.db.select().from(examRooms);
    expect((await exportOf({ schoolId, meId: s.ids.otherMeId })).statusCode).toBe(403);
    expect((await exportOf({ schoolId, meId: s.ids.meId }, s.sessions.student)).statusCode).toBe(403);
    expect(await s.db.select().from(examRooms)).toEqual(before);
  });
});
