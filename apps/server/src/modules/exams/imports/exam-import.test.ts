import { fileServiceApi as api, type ExamImportPreview, type ExamImportResult, examsApi } from '@huikao/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examQuestions, examStudents, multiExams, singleExams, studentScores } from '../../../db/schema.ts';
import { analysisModule } from '../../../test/analysis-fixture.ts';
import { type CallResult, send as sendCall, upload } from '../../../test/client.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// 一键导入考试 (/cg_exam_szy/exam/import, #19 part 2): the template, a workbook that creates the
// whole exam (exam, subjects, questions, students, scores) that analysis then computes; a file that
// is no xlsx, a missing sheet, bad rows (Chinese row errors, nothing created); another school 403.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
});
afterAll(() => s.t.close());

const params = () => ({ schoolId: s.sid, schyId: String(s.year.id), termId: String(s.term.id) });

/** A workbook of 期末 for grade 8: 数学 (单选 3 分, 主观 10 分) and 语文 (主观 20 分), four students. */
function workbook(name = '八年级一键导入期末'): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  const table = (sheet: string, rows: (string | number)[][]) => {
    const ws = wb.addWorksheet(sheet);
    for (const row of rows) ws.addRow(row);
  };
  table('考试信息', [
    ['项目', '内容'],
    ['考试名称', name],
    ['年级', '八年级'],
    ['开始日期', '2026-12-20'],
    ['结束日期', '2026-12-21'],
  ]);
  table('题目结构', [
    ['科目', '题号', '题型', '满分', '选项个数', '答案'],
    ['数学', '1', '单选题', 3, 4, 'B'],
    ['数学', '2', '主观题', 10, '', ''],
    ['语文', '1', '主观题', 20, '', ''],
  ]);
  const st = s.students.slice(0, 4);
  table('学生', [
    ['考号', '学号', '姓名', '班级'],
    ...st.map((x, i) => [`K00${i + 1}`, x.studentNo, x.name, i < 3 ? '八年级(1)班' : '八年级(2)班']),
  ]);
  table('数学', [
    ['学号', '姓名', '班级', '缺考', '1', '2'],
    ...st.map((x, i) => [
      x.studentNo,
      x.name,
      '',
      i === 3 ? '是' : '',
      i === 3 ? '' : i === 0 ? 'B' : 'C',
      i === 3 ? '' : 5 + i,
    ]),
  ]);
  table('语文', [['学号', '姓名', '班级', '缺考', '1'], ...st.map((x, i) => [x.studentNo, x.name, '', '', 12 + i])]);
  return wb;
}

async function send<T>(
  endpoint: typeof api.examImport | typeof api.examImportPreview,
  wb: ExcelJS.Workbook | Buffer,
  session = s.sessions.admin,
  p = params(),
) {
  const buffer = Buffer.isBuffer(wb) ? wb : Buffer.from(await wb.xlsx.writeBuffer());
  return upload<T>(s.t.app, endpoint, p, { fileName: '考试.xlsx', buffer }, { session }) as Promise<CallResult<T>>;
}
const examCount = async () => (await s.db.select({ n: count() }).from(multiExams))[0]!.n;

describe('exam/import', () => {
  it('the template downloads with its sheets', async () => {
    const response = await sendCall(
      s.t.app,
      api.examImportTemplate,
      { schoolId: s.sid },
      { session: s.sessions.admin },
    );
    expect(response.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['考试信息', '题目结构', '学生', '数学', '填写说明']);
  });

  it('previews, then creates the exam, subjects, questions, students and scores; analysis computes it', async () => {
    const before = await examCount();
    const preview = expectOk(await send<ExamImportPreview>(api.examImportPreview, workbook()));
    expect(preview.errorCount).toBe(0);
    expect(preview.exam).toMatchObject({ name: '八年级一键导入期末', gradeName: '八年级' });
    expect(preview.subjects).toEqual([
      { courseName: '数学', questionCount: 2, fullMark: 13 },
      { courseName: '语文', questionCount: 1, fullMark: 20 },
    ]);
    expect(await examCount()).toBe(before);

    const result = expectOk(await send<ExamImportResult>(api.examImport, workbook()));
    expect(result).toMatchObject({ subjects: 2, questions: 3, students: 4 });
    const singles = await s.db
      .select()
      .from(singleExams)
      .where(eq(singleExams.multiExamId, Number(result.meId)));
    expect(singles.map((x) => x.fullMark).sort()).toEqual([13, 20]);
    const seIds = singles.map((x) => x.id);
    const questions = await s.db.select().from(examQuestions).where(inArray(examQuestions.singleExamId, seIds));
    expect(questions.find((q) => q.answer === 'B')?.objectiveType).toBe(1);
    const seats = await s.db.select().from(examStudents).where(inArray(examStudents.singleExamId, seIds));
    expect(seats).toHaveLength(8);
    expect(seats.map((x) => x.examNo)).toContain('K001');
    const scores = await s.db.select().from(studentScores).where(inArray(studentScores.singleExamId, seIds));
    const math = singles.find((x) => x.fullMark === 13)!.id;
    const totals = scores
      .filter((x) => x.singleExamId === math)
      .map((x) => Number(x.totalScore))
      .sort();
    // s1: B (3) + 5 = 8; s2: C (0) + 6; s3: C + 7; s4 absent.
    expect(totals).toEqual(expect.arrayContaining([8, 6, 7]));

    // Finalise and compute: the analysis reads the imported exam like any other.
    expectOk(await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: result.meId }));
    const analysis = analysisModule(s.db);
    expect(await analysis.runs.runPending()).toBeGreaterThanOrEqual(1);
    expect(await analysis.runs.status(`me:${result.meId}`)).toMatchObject({ status: 3, error: null });

    // The same workbook again: the name is taken, nothing new.
    const again = await send<ExamImportResult>(api.examImport, workbook());
    expectFailure(again, 400, /同名考试已存在/);
  });

  it('not an xlsx, a missing sheet, bad rows: Chinese errors and nothing created', async () => {
    const before = await examCount();
    expectFailure(await send(api.examImportPreview, Buffer.from('这不是表格')), 400, /不是有效的 Excel/);
    const noStudents = workbook('缺表考试');
    noStudents.removeWorksheet(noStudents.getWorksheet('学生')!.id);
    expectFailure(await send(api.examImport, noStudents), 400, /文件中没有“学生”工作表/);

    const bad = workbook('错行考试');
    bad.getWorksheet('题目结构')!.getRow(2).getCell(3).value = '填空';
    bad.getWorksheet('学生')!.addRow(['K9', '99999999', '无名', '']);
    bad.getWorksheet('语文')!.getRow(2).getCell(5).value = 25;
    const preview = expectOk(await send<ExamImportPreview>(api.examImportPreview, bad));
    const errors = preview.rows.filter((r) => r.errors.length > 0);
    expect(errors.map((r) => `${r.sheet}${r.rowNo}`)).toEqual(expect.arrayContaining(['题目结构2', '学生6', '语文2']));
    expect(errors.find((r) => r.sheet === '学生')!.cellErrors.学号![0]).toContain('不是本校学生');
    expect(errors.find((r) => r.sheet === '语文')!.errors.join()).toContain('超过满分20');
    expectFailure(await send(api.examImport, bad), 400, /未导入任何内容/);
    expect(await examCount()).toBe(before);
  });

  it("another school's id is refused with 403 and nothing changes", async () => {
    const before = await examCount();
    const p = { ...params(), schoolId: String(s.other.school.id) };
    expectForbidden(await send(api.examImport, workbook('外校导入'), s.sessions.admin, p));
    expectForbidden(await send(api.examImport, workbook('教师导入'), s.sessions.teacher));
    expect(await examCount()).toBe(before);
  });
});

// Writers racing (definition of done): on PostgreSQL (TEST_DATABASE_URL) these imports run in
// parallel transactions; on PGlite one after another. Either way, one exam per name, each whole.
describe('exam/import in parallel', () => {
  const examsNamed = (name: string) => s.db.select().from(multiExams).where(eq(multiExams.name, name));
  async function wholeExam(meId: number) {
    const singles = await s.db.select().from(singleExams).where(eq(singleExams.multiExamId, meId));
    const seIds = singles.map((x) => x.id);
    const seats = await s.db.select().from(examStudents).where(inArray(examStudents.singleExamId, seIds));
    const scores = await s.db.select().from(studentScores).where(inArray(studentScores.singleExamId, seIds));
    return { subjects: singles.length, seats: seats.length, scores: scores.length };
  }
  /** What the serial import above made of the same workbook. */
  const serial = async () => wholeExam((await examsNamed('八年级一键导入期末'))[0]!.id);

  it('six imports of one workbook at once: one exam, the others refused with the name taken', async () => {
    const name = '并发导入同名考试';
    const buffer = Buffer.from(await workbook(name).xlsx.writeBuffer());
    const results = await Promise.all(Array.from({ length: 6 }, () => send<ExamImportResult>(api.examImport, buffer)));
    const done = results.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectFailure(r, 400, /同名考试已存在/);
    const [exam, ...more] = await examsNamed(name);
    expect(more).toEqual([]);
    expect(String(exam!.id)).toBe(expectOk(done[0]!).meId);
    expect(await wholeExam(exam!.id)).toEqual(await serial());
    expect((await serial()).seats).toBe(8); // 2 subjects × 4 students, nothing twice
  });

  it('imports of different names at once all land, each with its own subjects, students and scores', async () => {
    const names = ['并发导入甲', '并发导入乙', '并发导入丙', '并发导入丁'];
    const results = await Promise.all(names.map((name) => send<ExamImportResult>(api.examImport, workbook(name))));
    for (const [i, result] of results.entries()) {
      const { meId } = expectOk(result);
      const [exam] = await examsNamed(names[i]!);
      expect(String(exam!.id)).toBe(meId);
      expect(await wholeExam(exam!.id)).toEqual(await serial());
    }
  });
});
