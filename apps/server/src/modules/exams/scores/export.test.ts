import { type Endpoint, examsApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentScores } from '../../../db/schema.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { callFile, type QuestionSpec, type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Score book exports read back with ExcelJS: a 40-question subject runs past column Z (AA, AB, …
// as Excel names them), and totals and ranks match the database.

/** 20 单选 × 2 and 20 subjective × 3: 100 marks. */
const FORTY: QuestionSpec[] = Array.from({ length: 40 }, (_, i) =>
  i < 20
    ? { questionNo: String(i + 1), kind: 1, objectiveType: 1, optionCount: 4, answer: 'A', fullMark: 2 }
    : { questionNo: String(i + 1), kind: 2, fullMark: 3 },
);

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores({
    subjects: [
      { courseId: 2, fullMark: 100, questions: FORTY },
      { courseId: 1, fullMark: 120, questions: [] },
    ],
  });
  const ids = [...s.math.byNo.values()].map((q) => String(q.id));
  // Student i gets the first 10 + 2i choices right and 1 + (i % 3) on each subjective question;
  // 学生2-2 is absent from 数学; 语文 totals 100 − 5i.
  expectOk(
    await s.call(examsApi.updateSingleStudentsAndScores, {
      schoolId: s.sid,
      seId: s.mathId,
      scores: s.students.map((st, i) =>
        st.studentNo === '20240202'
          ? { studentId: String(st.id), absent: true }
          : {
              studentId: String(st.id),
              choices: Object.fromEntries(ids.slice(0, 20).map((id, k) => [id, k < 10 + 2 * i ? 'A' : 'B'])),
              scores: Object.fromEntries(ids.slice(20).map((id) => [id, 1 + (i % 3)])),
            },
      ),
    }),
  );
  expectOk(
    await s.call(examsApi.updateSingleStudentsAndScores, {
      schoolId: s.sid,
      seId: String(s.chinese!.single.id),
      scores: s.students.map((st, i) => ({ studentId: String(st.id), totalScore: 100 - 5 * i })),
    }),
  );
});
afterAll(() => s.t.close());

async function book(endpoint: Endpoint, params: Record<string, unknown>, session = s.sessions.admin) {
  const file = await callFile(s.t.app, endpoint, { schoolId: s.sid, ...params }, session);
  expect(file.http, JSON.stringify(file.json)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.buffer as unknown as ExcelJS.Buffer);
  return { workbook, disposition: String(file.headers['content-disposition']) };
}

/** Rows of a sheet as objects by header title (row 2: the title row names the school and the exam). */
function table(sheet: ExcelJS.Worksheet) {
  expect(sheet.getCell('A1').text).toContain('八年级第一次月考');
  const header = (sheet.getRow(2).values as string[]).slice(1);
  const rows: Record<string, string | number | null>[] = [];
  for (let r = 3; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(
      Object.fromEntries(header.map((title, c) => [title, (row.getCell(c + 1).value as string | number) ?? null])),
    );
  }
  return { header, rows };
}

/** Competition rank among the given totals. */
const rankIn = (total: number, totals: number[]) => 1 + totals.filter((t) => t > total).length;

describe('exportSingleScoreInfo', () => {
  it('names columns past Z AA, AB, … and its totals and ranks match the database', async () => {
    const { workbook, disposition } = await book(examsApi.exportSingleScoreInfo, { seId: s.mathId });
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('八年级第一次月考-数学-成绩.xlsx')}`);
    const sheet = workbook.getWorksheet('数学')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.getCell('A2').font?.bold).toBe(true);
    // 3 fixed, 20 × (score, option), 20 scores, then 客观题 主观题 总分 班级名次 年级名次: 68 columns.
    expect(sheet.getCell('Z2').text).toBe('第12题');
    expect(sheet.getCell('AA2').text).toBe('第12题选项');
    expect(sheet.getCell('AB2').text).toBe('第13题');
    expect(sheet.getCell('AZ2').text).toBe('第29题');
    expect(sheet.getCell('BA2').text).toBe('第30题');
    expect(sheet.getCell('BP2').text).toBe('年级名次');
    expect(sheet.getRow(2).cellCount).toBe(68);

    const stored = await s.db.select().from(studentScores).where(eq(studentScores.singleExamId, s.math.single.id));
    const totalOf = new Map(stored.map((r) => [r.studentId, r.totalScore]));
    const { rows } = table(sheet);
    expect(rows).toHaveLength(6);
    const present = s.students.filter((st) => st.studentNo !== '20240202');
    const totals = present.map((st) => totalOf.get(st.id)!);
    for (const st of s.students) {
      const row = rows.find((r) => r.学号 === st.studentNo)!;
      if (st.studentNo === '20240202') {
        expect(row).toMatchObject({ 总分: '缺考', 班级名次: null, 年级名次: null });
        continue;
      }
      const total = totalOf.get(st.id)!;
      const classTotals = present.filter((p) => p.classId === st.classId).map((p) => totalOf.get(p.id)!);
      expect(row.总分).toBe(total);
      expect(row.年级名次).toBe(rankIn(total, totals));
      expect(row.班级名次).toBe(rankIn(total, classTotals));
    }
    // 学生1-1: 10 right (20) + 20 × 1 = 40, option of question 11 is B.
    expect(rows[0]).toMatchObject({
      学号: '20240101',
      第1题: 2,
      第1题选项: 'A',
      第11题选项: 'B',
      第11题: 0,
      客观题: 20,
      主观题: 20,
      总分: 40,
    });
  });
});

describe('exportMultiScoreInfo and exportMultiExcels', () => {
  it('totals are the sum of the subjects sat, absent subjects shown as 缺考, ranked over students with a total', async () => {
    const { workbook } = await book(examsApi.exportMultiScoreInfo, { meId: s.meId });
    const { header, rows } = table(workbook.getWorksheet('总分')!);
    expect(header).toEqual(['学号', '姓名', '班级', '语文', '数学', '总分', '班级名次', '年级名次']);
    const stored = await s.db.select().from(studentScores);
    const sum = new Map<number, number>();
    for (const r of stored) if (r.totalScore !== null) sum.set(r.studentId, (sum.get(r.studentId) ?? 0) + r.totalScore);
    const all = [...sum.values()];
    for (const st of s.students) {
      const row = rows.find((r) => r.学号 === st.studentNo)!;
      expect(row.总分).toBe(sum.get(st.id));
      expect(row.年级名次).toBe(rankIn(sum.get(st.id)!, all));
    }
    expect(rows.find((r) => r.学号 === '20240202')).toMatchObject({ 数学: '缺考', 语文: 80, 总分: 80 });
  });

  it('the score book holds the totals sheet and each subject sheet', async () => {
    const { workbook, disposition } = await book(examsApi.exportMultiExcels, { meId: s.meId });
    expect(disposition).toContain(encodeURIComponent('八年级第一次月考-成绩册.xlsx'));
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['总分', '语文', '数学']);
    expect(workbook.getWorksheet('数学')!.getCell('AA2').text).toBe('第12题选项');
    expect(table(workbook.getWorksheet('语文')!).header).toEqual([
      '学号',
      '姓名',
      '班级',
      '总分',
      '班级名次',
      '年级名次',
    ]);
  });
});

describe('export permissions', () => {
  it('a type-1 teacher exports only the classes they teach; grade ranks stay over the grade', async () => {
    const { workbook } = await book(examsApi.exportSingleScoreInfo, { seId: s.mathId }, s.sessions.teacherA);
    const { rows } = table(workbook.getWorksheet('数学')!);
    expect(rows.map((r) => r.班级)).toEqual(['八年级(1)班', '八年级(1)班', '八年级(1)班']);
    const all = table(
      (await book(examsApi.exportSingleScoreInfo, { seId: s.mathId })).workbook.getWorksheet('数学')!,
    ).rows;
    expect(rows.map((r) => r.年级名次)).toEqual(all.slice(0, 3).map((r) => r.年级名次));
    const refused = await callFile(
      s.t.app,
      examsApi.exportSingleScoreInfo,
      { schoolId: s.sid, seId: s.mathId, classId: String(s.classes[1]!.id) },
      s.sessions.teacherA,
    );
    expect(refused.http).toBe(403);
    // A teacher with no class in this term.
    expect(
      (await callFile(s.t.app, examsApi.exportMultiExcels, { schoolId: s.sid, meId: s.meId }, s.sessions.teacher)).http,
    ).toBe(403);
  });

  it('another school and students are refused', async () => {
    const other = await callFile(
      s.t.app,
      examsApi.exportMultiScoreInfo,
      { schoolId: s.sid, meId: String(s.otherExam.multi.id) },
      s.sessions.admin,
    );
    expect(other.http).toBe(403);
    expect(
      (await callFile(s.t.app, examsApi.exportMultiScoreInfo, { schoolId: s.sid, meId: s.meId }, s.sessions.student1))
        .http,
    ).toBe(403);
  });
});
