import { examsApi, type ScoreImportPreview, type ScoreImportResult, type StudentScore } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreRecords, singleExams, studentScores } from '../../../db/schema.ts';
import { type CallResult, upload } from '../../../test/client.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { callFile, makeExam, type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Score import: the template of the exam, the preview's row checks (one test per kind of bad
// row), a template of another exam, and a re-import that changes three scores.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
});
afterAll(() => s.t.close());

async function template(meId = s.meId, seId?: string): Promise<ExcelJS.Workbook> {
  const file = await callFile(s.t.app, examsApi.exportScoreTemplate, { schoolId: s.sid, meId, seId }, s.sessions.admin);
  expect(file.http).toBe(200);
  expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

async function preview(workbook: ExcelJS.Workbook, meId = s.meId): Promise<CallResult<ScoreImportPreview>> {
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return upload<ScoreImportPreview>(
    s.t.app,
    examsApi.uploadFileParse,
    { schoolId: s.sid, meId },
    { fileName: '成绩.xlsx', buffer },
    { session: s.sessions.admin },
  );
}

const commit = (rows: ScoreImportPreview['rows']) =>
  s.call<ScoreImportResult>(examsApi.importSingleStudentsAndScores, {
    schoolId: s.sid,
    meId: s.meId,
    rows: rows.map(({ sheet, rowNo, values }) => ({ sheet, rowNo, values })),
  });

/** Sets a cell of the student's row (by 学号) under the column titled `title`. */
function setCell(
  workbook: ExcelJS.Workbook,
  sheetName: string,
  studentNo: string,
  title: string,
  value: string | number | null,
) {
  const sheet = workbook.getWorksheet(sheetName)!;
  let col = 0;
  sheet.getRow(1).eachCell((cell, c) => {
    if (cell.text === title) col = c;
  });
  expect(col, title).toBeGreaterThan(0);
  for (let r = 2; r <= sheet.rowCount; r++) {
    if (sheet.getRow(r).getCell(1).text === studentNo) {
      sheet.getRow(r).getCell(col).value = value;
      return r;
    }
  }
  throw new Error(`no row ${studentNo}`);
}

/** Fills every row: 数学 choices B / A / 对 and subjective 8, 7 (+ i); 语文 totals 90 + i; 20240202 absent. */
function fill(workbook: ExcelJS.Workbook) {
  s.students.forEach((student, i) => {
    const no = student.studentNo;
    if (no === '20240202') {
      setCell(workbook, '数学', no, '缺考', '是');
      setCell(workbook, '语文', no, '缺考', '是');
      return;
    }
    setCell(workbook, '数学', no, '1', 'B');
    setCell(workbook, '数学', no, '2', 'A');
    setCell(workbook, '数学', no, '3', '对');
    setCell(workbook, '数学', no, '4', 8);
    setCell(workbook, '数学', no, '5', 7 - i * 0.5);
    setCell(workbook, '语文', no, '总分', 90 + i);
  });
}

const mathRows = async () =>
  expectOk(
    await s.call<{ list: StudentScore[] }>(examsApi.findStuScoresBySeId, {
      schoolId: s.sid,
      seId: s.mathId,
      pageSize: 50,
    }),
  ).list;

const importRecords = () =>
  s.db
    .select()
    .from(scoreRecords)
    .where(and(eq(scoreRecords.singleExamId, s.math.single.id), eq(scoreRecords.source, 'import')))
    .orderBy(scoreRecords.id);

describe('exportScoreTemplate', () => {
  it('has one sheet per subject pre-filled by class and 学号, 填写说明 and a hidden record', async () => {
    const workbook = await template();
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['语文', '数学', '填写说明', 'huikao_meta']);
    expect(workbook.getWorksheet('huikao_meta')!.state).toBe('veryHidden');
    const math = workbook.getWorksheet('数学')!;
    expect((math.getRow(1).values as string[]).slice(1)).toEqual([
      '学号',
      '姓名',
      '班级',
      '缺考',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(math.getColumn(1).values.slice(2)).toEqual(s.students.map((st) => st.studentNo));
    expect((workbook.getWorksheet('语文')!.getRow(1).values as string[]).slice(1)).toEqual([
      '学号',
      '姓名',
      '班级',
      '缺考',
      '总分',
    ]);
    const only = await template(s.meId, s.mathId);
    expect(only.worksheets.map((w) => w.name)).toEqual(['数学', '填写说明', 'huikao_meta']);
  });

  it('refuses a wrong cell as it is typed: 是 for 缺考, a choice’s letters, 0 to the full mark', async () => {
    const workbook = await template();
    const ruleOf = (sheet: string, address: string) =>
      (
        workbook.getWorksheet(sheet) as unknown as {
          dataValidations: { find(a: string): ExcelJS.DataValidation | undefined };
        }
      ).dataValidations.find(address);
    expect(ruleOf('数学', 'D3')).toMatchObject({ type: 'list', formulae: ['"是"'] });
    expect(ruleOf('数学', 'E3')).toMatchObject({ type: 'list', formulae: ['"A,B,C,D,-"'], showErrorMessage: true });
    expect(ruleOf('数学', 'H3')).toMatchObject({ type: 'decimal', operator: 'between', formulae: [0, 10] });
    expect(ruleOf('语文', 'E3')).toMatchObject({ type: 'decimal', operator: 'between', formulae: [0, 120] });
    // Printed with the header on each page and the exam in the page header; the header stays on row 1.
    const math = workbook.getWorksheet('数学')!;
    expect(math.pageSetup).toMatchObject({ paperSize: 9, fitToWidth: 1, printTitlesRow: '1:1' });
    expect(math.headerFooter.oddHeader).toContain('数学');
  });

  it('is for administrators of the school only', async () => {
    const file = await callFile(
      s.t.app,
      examsApi.exportScoreTemplate,
      { schoolId: s.sid, meId: s.meId },
      s.sessions.teacherA,
    );
    expect(file.http).toBe(403);
    const other = await callFile(
      s.t.app,
      examsApi.exportScoreTemplate,
      { schoolId: s.sid, meId: String(s.otherExam.multi.id) },
      s.sessions.admin,
    );
    expect(other.http).toBe(403);
  });
});

describe('import of the good template', () => {
  it('previews without errors and commits every score, deriving totals', async () => {
    const workbook = await template();
    fill(workbook);
    const checked = expectOk(await preview(workbook));
    expect(checked.errorCount).toBe(0);
    expect(checked.validCount).toBe(12);
    expect(checked.sheets.map((x) => x.sheet)).toEqual(['语文', '数学']);
    const result = expectOk(await commit(checked.rows));
    // 5 present students × 5 questions + 1 absent flag for 数学; 5 totals + 1 absent flag for 语文.
    // Six students on two sheets: 6 students, 12 rows (the notice counts students, not rows).
    expect(result).toMatchObject({ students: 6, rows: 12, addedStudents: 0, changedScores: 32, unchanged: 0 });
    expect(result.skipped).toEqual([]);
    const rows = await mathRows();
    const first = rows.find((r) => r.studentNo === '20240101')!;
    // B right (3), A of AC partial (3), 对 = T right (2), 8, 7.
    expect(first).toMatchObject({ objectiveScore: 8, subjectiveScore: 15, totalScore: 23, gradeRank: 1 });
    expect(rows.find((r) => r.studentNo === '20240202')).toMatchObject({ absent: true, totalScore: null });
    expect(rows.find((r) => r.studentNo === '20240203')).toMatchObject({ totalScore: 20.5, gradeRank: 5 });
    // The same file again changes nothing.
    expect(expectOk(await commit(checked.rows))).toMatchObject({ changedScores: 0, unchanged: 12 });
  });

  it('refuses a type-1 teacher', async () => {
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.importSingleStudentsAndScores, {
        schoolId: s.sid,
        meId: s.meId,
        rows: [{ sheet: '数学', rowNo: 2, values: { 学号: '20240101' } }],
      }),
    );
  });
});

describe('each kind of bad row', () => {
  /** One bad row: its error, found on the cell of `column` too (the preview marks that cell). */
  async function badRow(change: (workbook: ExcelJS.Workbook) => number, error: RegExp, column: string, sheet = '数学') {
    const workbook = await template();
    const rowNo = change(workbook);
    const checked = expectOk(await preview(workbook));
    const row = checked.rows.find((r) => r.sheet === sheet && r.rowNo === rowNo)!;
    expect(row.errors.join('；')).toMatch(error);
    expect(Object.keys(row.cellErrors)).toEqual([column]);
    expect(row.cellErrors[column]!.join('；')).toMatch(error);
    expect(checked.errorCount).toBe(1);
    const before = await importRecords();
    const result = expectOk(await commit(checked.rows));
    expect(result.skipped).toEqual([{ sheet, rowNo, errors: row.errors }]);
    expect(await importRecords()).toHaveLength(before.length);
  }

  it('unknown 学号', () =>
    badRow((w) => setCell(w, '数学', '20240101', '学号', '99999999'), /学号“99999999”不是本校学生/, '学号'));
  it('姓名 not matching', () =>
    badRow(
      (w) => setCell(w, '数学', '20240101', '姓名', '张三'),
      /姓名“张三”与学号20240101的学生“学生1-1”不一致/,
      '姓名',
    ));
  it('score above the full mark', () =>
    badRow((w) => setCell(w, '数学', '20240101', '4', 10.5), /第4题分数10.5超过满分10/, '4'));
  it('negative score', () => badRow((w) => setCell(w, '数学', '20240101', '5', -2), /第5题分数不能为负数/, '5'));
  it('non-numeric score', () => badRow((w) => setCell(w, '数学', '20240101', '5', '七'), /第5题分数“七”不是数字/, '5'));
  it('total above the full mark', () =>
    badRow((w) => setCell(w, '语文', '20240101', '总分', 121), /总分121超过满分120/, '总分', '语文'));
  it('option letter not allowed', () =>
    badRow((w) => setCell(w, '数学', '20240101', '1', 'E'), /第1题：选项“E”不允许，只能填 A、B、C、D/, '1'));
  it('two options on a single-choice question', () =>
    badRow((w) => setCell(w, '数学', '20240101', '1', 'AB'), /单选题和判断题只能选一个/, '1'));
  it('duplicate row', () =>
    badRow(
      (w) => {
        const sheet = w.getWorksheet('数学')!;
        const copy = sheet.addRow(sheet.getRow(2).values as ExcelJS.CellValue[]);
        return copy.number;
      },
      /学号20240101重复：与第2行是同一学生/,
      '学号',
    ));
  it('absent with scores', () =>
    badRow(
      (w) => {
        setCell(w, '数学', '20240102', '4', 5);
        return setCell(w, '数学', '20240102', '缺考', '是');
      },
      /缺考的学生不能填写分数/,
      '缺考',
    ));
  it('unknown sheet', async () => {
    const workbook = await template();
    const sheet = workbook.addWorksheet('体育');
    sheet.addRow(['学号', '姓名', '班级', '缺考', '总分']);
    sheet.addRow(['20240101', '学生1-1', '八年级(1)班', '', 50]);
    const checked = expectOk(await preview(workbook));
    const row = checked.rows.find((r) => r.sheet === '体育')!;
    expect(row.errors[0]).toMatch(/工作表“体育”不是本考试的科目/);
    // A problem of the whole row belongs to no cell.
    expect(row.cellErrors).toEqual({});
  });
});

describe('templates that cannot be imported', () => {
  it('refuses the template of another exam with a clear message', async () => {
    const second = await makeExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      name: '八年级期中考试',
      students: s.students.map((st) => ({ id: st.id, classId: st.classId })),
    });
    const workbook = await template(String(second.multi.id));
    const result = await preview(workbook, s.meId);
    expectFailure(
      result,
      400,
      '该模板属于另一场考试“八年级期中考试”，不能导入到“八年级第一次月考”，请下载本考试的模板',
    );
  });

  it('refuses a workbook that is not a template, and a file that is not .xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('数学').addRow(['学号', '姓名']);
    expectFailure(await preview(workbook), 400, /不是本平台生成的成绩导入模板/);
    const notXlsx = await upload(
      s.t.app,
      examsApi.uploadFileParse,
      { schoolId: s.sid, meId: s.meId },
      { fileName: '成绩.xlsx', buffer: Buffer.from('not a zip') },
      { session: s.sessions.admin },
    );
    expectFailure(notXlsx, 400, '文件不是有效的 Excel（.xlsx）表格');
  });
});

describe('re-import', () => {
  it('a re-import that changes three scores writes exactly three records; totals and ranks follow', async () => {
    const workbook = await template();
    // The template carries the stored scores: change three of them.
    setCell(workbook, '数学', '20240203', '4', 10);
    setCell(workbook, '数学', '20240203', '5', 9);
    setCell(workbook, '数学', '20240101', '2', 'AC');
    const before = (await importRecords()).length;
    const checked = expectOk(await preview(workbook));
    expect(checked.errorCount).toBe(0);
    const result = expectOk(await commit(checked.rows));
    expect(result).toMatchObject({ changedScores: 3, unchanged: 10 });
    const records = await importRecords();
    expect(records.length - before).toBe(3);
    expect(records.slice(-3).map((r) => [r.questionNo, r.oldScore, r.newScore, r.newChoice])).toEqual(
      expect.arrayContaining([
        ['4', 8, 10, null],
        ['5', 4.5, 9, null],
        ['2', 3, 6, 'AC'],
      ]),
    );
    const rows = await mathRows();
    // 20240203: 8 + 10 + 9 = 27 (rank 1); 20240101: 11 + 15 = 26 (rank 2).
    expect(rows.find((r) => r.studentNo === '20240203')).toMatchObject({ totalScore: 27, gradeRank: 1, classRank: 1 });
    expect(rows.find((r) => r.studentNo === '20240101')).toMatchObject({ totalScore: 26, gradeRank: 2, classRank: 1 });
    const [stored] = await s.db
      .select()
      .from(studentScores)
      .where(and(eq(studentScores.singleExamId, s.math.single.id), eq(studentScores.studentId, s.students[5]!.id)));
    expect(stored).toMatchObject({ totalScore: 27, objectiveScore: 8, subjectiveScore: 19 });
  });

  it('a dash marks an objective question left blank (0), and the template shows it back as a dash', async () => {
    const workbook = await template();
    setCell(workbook, '数学', '20240102', '3', '-');
    const result = expectOk(await commit(expectOk(await preview(workbook)).rows));
    expect(result.changedScores).toBe(1);
    const row = (await mathRows()).find((r) => r.studentNo === '20240102')!;
    expect(row.choices[s.q('3')]).toBe('');
    expect(row.scores[s.q('3')]).toBe(0);
    const again = await template();
    const sheet = again.getWorksheet('数学')!;
    const line = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).text === '20240102')!;
    expect(line.getCell(7).text).toBe('-');
    expect(expectOk(await commit(expectOk(await preview(again)).rows)).changedScores).toBe(0);
  });
});

describe('a finished subject', () => {
  it('takes no imported scores: its rows are errors in the preview and skipped by the commit', async () => {
    const workbook = await template();
    await s.db.update(singleExams).set({ status: 3 }).where(eq(singleExams.id, s.chinese!.single.id));
    const checked = expectOk(await preview(workbook));
    const chinese = checked.rows.filter((r) => r.sheet === '语文');
    expect(chinese.every((r) => r.errors[0] === '语文已完成并锁定，不能导入成绩')).toBe(true);
    expect(checked.rows.filter((r) => r.sheet === '数学').every((r) => r.errors.length === 0)).toBe(true);
    const result = expectOk(await commit(checked.rows));
    expect(result.skipped).toHaveLength(6);
  });
});
