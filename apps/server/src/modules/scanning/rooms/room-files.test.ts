import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanningRoomsApi as api, type ExamRoom, scanningCardsApi } from '@huikao/contracts';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStudents } from '../../../db/schema.ts';
import { download, send, upload } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// The room printouts (考场安排表, 门贴, 座位贴), printExamPaper and the exam-student template, read
// back with poppler: page size, the embedded subset CJK font (pdffonts) and the text (pdftotext).
// The template import's bad input is refused row by row with nothing saved.

let s: ExamsSetup;
let schoolId: string;
let rooms: ExamRoom[];
const dir = mkdtempSync(path.join(tmpdir(), 'rooms-pdf-'));

beforeAll(async () => {
  s = await setUpExams();
  schoolId = String(s.school.id);
  rooms = expectOk(
    await s.as<ExamRoom[]>(s.sessions.admin, api.saveExamRooms, {
      schoolId,
      meId: s.ids.meId,
      rooms: [
        { name: '第01考场', location: '实验楼201', seatCount: 3, columns: 3 },
        { name: '第02考场', location: '实验楼202', seatCount: 3, columns: 3 },
      ],
    }),
  );
  expectOk(await s.as(s.sessions.admin, api.placeExamRooms, { schoolId, meId: s.ids.meId, mode: 'class' }));
});
afterAll(() => s.t.close());

function poppler(name: string, pdf: Buffer) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file]).toString();
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)![1],
    fonts: execFileSync('pdffonts', [file]).toString(),
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
  };
}

async function pdfOf(endpoint: typeof api.printRoomList, params: Record<string, unknown>) {
  const answer = await download(s.t.app, endpoint, params, { session: s.sessions.teacher });
  expect(answer.json, JSON.stringify(answer.json)).toBeNull();
  expect(answer.headers['content-type']).toBe('application/pdf');
  return answer.buffer;
}

const expectEmbeddedCjk = (fonts: string) => {
  const line = fonts.split('\n').find((l) => l.includes('NotoSerifCJK'));
  expect(line, fonts).toBeDefined();
  // Subset fonts are named ABCDEF+Name; the emb and sub columns both say yes.
  expect(line).toMatch(/^[A-Z]{6}\+NotoSerifCJK/);
  expect(line).toMatch(/yes\s+yes/);
};

describe('room printouts', () => {
  it('考场安排表: A4 portrait, a page per room, seat, 考号, name and class', async () => {
    const pdf = poppler('list', await pdfOf(api.printRoomList, { schoolId, meId: s.ids.meId }));
    expect(pdf.size).toBe('595.28 x 841.89');
    expect(pdf.pages).toBe(2);
    expectEmbeddedCjk(pdf.fonts);
    expect(pdf.text).toContain('八年级期中考试 考场安排表');
    expect(pdf.text).toContain('第01考场');
    for (const st of s.students) expect(pdf.text).toContain(st.name);
    expect(pdf.text).toContain('八(2)班');
    expect(pdf.text).toContain('K0101');
  });

  it('门贴: A4 landscape, room, location, seat range and subjects', async () => {
    const pdf = poppler(
      'door',
      await pdfOf(api.printDoorSigns, { schoolId, meId: s.ids.meId, roomId: rooms[1]!.roomId }),
    );
    expect(pdf.size).toBe('841.89 x 595.28');
    expect(pdf.pages).toBe(1);
    expectEmbeddedCjk(pdf.fonts);
    expect(pdf.text).toContain('第02考场');
    expect(pdf.text).toContain('实验楼202');
    expect(pdf.text).toContain('1–2号');
    expect(pdf.text).toMatch(/数学[\s\S]*英语/);
  });

  it('座位贴: labels with name, 考号, class, room and seat', async () => {
    const pdf = poppler('labels', await pdfOf(api.printSeatLabels, { schoolId, meId: s.ids.meId }));
    expect(pdf.size).toBe('595.28 x 841.89');
    expect(pdf.pages).toBe(2);
    expectEmbeddedCjk(pdf.fonts);
    expect(pdf.text).toContain('考号：K0101');
    expect(pdf.text).toMatch(/八\(1\)班\s+第01考场\s+1号座/);
  });

  it('refuses another school’s room and students', async () => {
    const other = await download(
      s.t.app,
      api.printRoomList,
      { schoolId, meId: s.ids.otherMeId },
      { session: s.sessions.admin },
    );
    expect(other.http).toBe(403);
    const student = await download(
      s.t.app,
      api.printRoomList,
      { schoolId, meId: s.ids.meId },
      { session: s.sessions.student },
    );
    expect(student.http).toBe(403);
  });

  it('printExamPaper: the room’s personalised cards in seat order, once the subject has a card', async () => {
    const params = { schoolId, seId: s.ids.mathSeId, roomId: rooms[0]!.roomId };
    const before = await send(s.t.app, api.printExamPaper, params, { session: s.sessions.admin });
    expect(before.json()).toMatchObject({ status: 422, message: '该科目还没有答题卡，请先在“答题卡”中生成' });
    expectOk(await s.as(s.sessions.admin, scanningCardsApi.saveExamTemplate, { schoolId, seId: s.ids.mathSeId }));
    // The card's 考号 barcode and grid take digits: the fixture's K0101 is refused, with the reason.
    const lettered = await send(s.t.app, api.printExamPaper, params, { session: s.sessions.admin });
    expect(lettered.json()).toMatchObject({ status: 400, message: '考生“张一”的考号“K0101”须由数字组成' });
    await s.db.update(examStudents).set({ examNo: '5308220101' }).where(eq(examStudents.examNo, 'K0101'));
    const answer = await send(s.t.app, api.printExamPaper, params, { session: s.sessions.admin });
    expect(answer.headers['content-type'], answer.body.slice(0, 300)).toBe('application/pdf');
    const pdf = poppler('cards', answer.rawPayload);
    expectEmbeddedCjk(pdf.fonts);
    const inRoom = (await seats()).filter((r) => r.room === '第01考场').sort((a, b) => a.seat! - b.seat!);
    const names = inRoom.map((r) => s.students.find((st) => st.id === r.studentId)!.name);
    expect(names).toHaveLength(3);
    const at = names.map((n) => pdf.text.indexOf(n));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(pdf.text).not.toContain('李一');
    const refused = await send(
      s.t.app,
      api.printExamPaper,
      { ...params, seId: s.ids.otherSeId },
      { session: s.sessions.admin },
    );
    expect(refused.statusCode).toBe(403);
  });
});

const seats = () =>
  s.db
    .select({ studentId: examStudents.studentId, room: examStudents.room, seat: examStudents.seat })
    .from(examStudents)
    .where(eq(examStudents.singleExamId, s.math.id))
    .orderBy(asc(examStudents.studentId));

async function workbook(rows: (string | number | null)[][], header = ['考号', '姓名', '班级', '考场', '座位号']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('考生考场');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 考号 as the exam has them (the printExamPaper case gives 张一 a numeric one). */
async function examNos() {
  const rows = await s.db
    .select({ studentId: examStudents.studentId, examNo: examStudents.examNo })
    .from(examStudents)
    .where(eq(examStudents.singleExamId, s.math.id));
  return (st: { id: number } | undefined) => rows.find((r) => r.studentId === st!.id)!.examNo!;
}

const importFile = async (buffer: Buffer) =>
  upload(
    s.t.app,
    api.importStudentTemplate,
    { schoolId, meId: s.ids.meId },
    { fileName: '考生考场.xlsx', buffer },
    { session: s.sessions.admin },
  );

describe('exam-student template', () => {
  it('downloads the template with every student, their room and seat', async () => {
    const answer = await download(
      s.t.app,
      api.downloadStudentTemplate,
      { schoolId, meId: s.ids.meId },
      { session: s.sessions.admin },
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.buffer as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet('考生考场')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '考号', '姓名', '班级', '考场', '座位号']);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).values as unknown[]);
    expect(rows).toHaveLength(5);
    const placed = await seats();
    for (const st of s.students) {
      const row = rows.find((r) => r[2] === st.name)!;
      const seat = placed.find((p) => p.studentId === st.id)!;
      expect(row.slice(3)).toEqual([st.classId === s.classes[0].id ? '八(1)班' : '八(2)班', seat.room, seat.seat]);
    }
  });

  it('imports rooms and seats: swaps two students', async () => {
    const before = await seats();
    const [one, two] = s.students;
    const examNo = await examNos();
    const seatOf = (st: typeof one) => before.find((r) => r.studentId === st!.id)!.seat;
    const [oneSeat, twoSeat] = [seatOf(one), seatOf(two)];
    const result = await importFile(
      await workbook([
        [examNo(one), '张一', '八(1)班', '第01考场', twoSeat],
        [examNo(two), '张二', '八(1)班', '第01考场', oneSeat],
      ]),
    );
    expect(expectOk(result)).toEqual({ saved: 2, unseated: 0 });
    const after = await seats();
    expect(after.find((r) => r.studentId === one!.id)!.seat).toBe(twoSeat);
    expect(after.find((r) => r.studentId === two!.id)!.seat).toBe(oneSeat);
    expect(after.filter((r) => r.studentId !== one!.id && r.studentId !== two!.id)).toEqual(
      before.filter((r) => r.studentId !== one!.id && r.studentId !== two!.id),
    );
  });

  it('refuses wrong columns, unknown 考号, duplicate seats and a wrong name, saving nothing', async () => {
    const before = await seats();
    const [one, two] = s.students;
    const examNo = await examNos();
    expectFailure(
      await importFile(await workbook([['K0101', '张一', '1']], ['学号', '姓名', '成绩'])),
      400,
      '表头不是考生考场模板：缺少“考号”、“班级”、“考场”、“座位号”列，请下载模板后填写',
    );
    expectFailure(
      await importFile(
        await workbook([
          [examNo(one), '张一', '', '第01考场', 3],
          ['X999', '某某', '', '第01考场', 1],
        ]),
      ),
      400,
      /^导入失败，未保存任何数据：第3行：考号“X999”不是该考试的考生/,
    );
    expectFailure(
      await importFile(
        await workbook([
          [examNo(one), '张一', '', '第02考场', 1],
          [examNo(two), '张二', '', '第02考场', 3],
          [examNo(s.students[2]), '张三', '', '第02考场', 3],
        ]),
      ),
      400,
      /^导入失败，未保存任何数据：第2行：第02考场第1号座位与考生李.重复；第4行：第02考场第3号座位与第3行重复$/,
    );
    expectFailure(
      await importFile(
        await workbook([
          [examNo(one), '张二', '', '第01考场', 3],
          [examNo(two), '', '', '第09考场', 'a'],
        ]),
      ),
      400,
      `导入失败，未保存任何数据：第2行：考号“${examNo(one)}”是张一，不是张二；第3行：考场“第09考场”不存在，请先新增该考场；第3行：座位号“a”不是正整数`,
    );
    expectFailure(await importFile(Buffer.from('not a workbook')), 400, '文件不是有效的 Excel（.xlsx）表格');
    expect(await seats()).toEqual(before);
  });

  it('refuses another school’s exam before reading the file', async () => {
    const result = await upload(
      s.t.app,
      api.importStudentTemplate,
      { schoolId, meId: s.ids.otherMeId },
      { fileName: 'x.xlsx', buffer: await workbook([]) },
      { session: s.sessions.admin },
    );
    expectForbidden(result);
  });
});
