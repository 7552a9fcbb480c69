import { schoolBaseApi as api, type ImportPreview } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, upload } from '../../../test/client.ts';
import { makeClass, makeGrade } from '../../../test/factories.ts';
import { expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../../test/school-base-fixture.ts';
import { sheetRows } from '../../../test/sheets.ts';

let s: SchoolBaseSetup;
const STUDENT_HEADER = ['姓名*', '性别*', '学号*', '考号', '班级*'];

beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2, 3, 4]);
  await makeGrade(s.db, s.school.id, 7, [1, 2, 3]);
  for (const [gradeId, name, enterYear] of [
    [8, '八年级(1)班', 2025],
    [7, '七年级(1)班', 2026],
  ] as const) {
    await makeClass(s.db, { schoolId: s.school.id, gradeId, schoolYearId: s.year.id, name, enterYear });
  }
});
afterAll(() => s.t.close());

const preview = (kind: string, buffer: Buffer) =>
  upload<ImportPreview>(
    s.t.app,
    api.importPreview,
    { schoolId: s.sid, kind },
    { fileName: '导入.xlsx', buffer },
    { session: s.sessions.admin },
  );

describe('import/template', () => {
  it('is an .xlsx with the header, one example row and the 填写说明 sheet', async () => {
    const file = await download(
      s.t.app,
      api.importTemplate,
      { schoolId: s.sid, kind: 'students' },
      {
        session: s.sessions.admin,
      },
    );
    expect(file.http).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="download.xlsx"; filename*=UTF-8''${encodeURIComponent('学生导入模板.xlsx')}`,
    );
    // The example row is plainly made up: no real student's name or 学号.
    expect(await sheetRows(file.buffer)).toEqual([
      STUDENT_HEADER,
      ['示例学生', '男', 'SL-0001', 'KH-0001', '八年级(1)班'],
    ]);
    const guide = await sheetRows(file.buffer, '填写说明');
    expect(guide.find((r) => r[0] === '班级')?.[3]).toBe('七年级(1)班、八年级(1)班');
    expect(guide.find((r) => r[0] === '性别')?.[3]).toBe('男、女');
  });

  it('offers drop-downs of the closed lists and of the school’s own classes, grades and courses', async () => {
    const validationsOf = async (kind: string) => {
      const file = await download(
        s.t.app,
        api.importTemplate,
        { schoolId: s.sid, kind },
        { session: s.sessions.admin },
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.buffer as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0]!;
      const lists = workbook.worksheets.find((w) => w.state === 'veryHidden')!;
      const rule = (address: string) =>
        (
          sheet as unknown as { dataValidations: { find(a: string): ExcelJS.DataValidation | undefined } }
        ).dataValidations.find(address);
      const listed = (address: string) => {
        const formula = String(rule(address)?.formulae[0] ?? '');
        const range = /!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(formula);
        if (!range) return formula.replace(/^"|"$/g, '').split(',');
        const values: string[] = [];
        for (let r = Number(range[2]); r <= Number(range[3]); r++) values.push(lists.getCell(`${range[1]}${r}`).text);
        return values;
      };
      return { rule, listed };
    };
    const students = await validationsOf('students');
    expect(students.listed('B2')).toEqual(['男', '女']);
    expect(students.listed('E100')).toEqual(['七年级(1)班', '八年级(1)班']);
    expect(students.rule('E100')?.showErrorMessage).toBe(true);
    const classes = await validationsOf('classes');
    expect(classes.listed('B2')).toEqual(expect.arrayContaining(['七年级', '八年级']));
  });

  it('can be filled in and previewed as it is', async () => {
    const file = await download(
      s.t.app,
      api.importTemplate,
      { schoolId: s.sid, kind: 'classes' },
      {
        session: s.sessions.admin,
      },
    );
    const data = expectOk(await preview('classes', file.buffer));
    expect(data.rows).toEqual([
      {
        rowNo: 2,
        values: { 班级名称: '八年级(1)班', 年级: '八年级', 入学年份: '2025', 班级类型: '行政班' },
        errors: [],
      },
    ]);
  });

  it('is refused to a teacher and for another school', async () => {
    const asTeacher = await download(
      s.t.app,
      api.importTemplate,
      { schoolId: s.sid, kind: 'students' },
      {
        session: s.sessions.teacher,
      },
    );
    expect(asTeacher.http).toBe(403);
    const other = await download(
      s.t.app,
      api.importTemplate,
      { schoolId: String(s.other.school.id), kind: 'students' },
      {
        session: s.sessions.admin,
      },
    );
    expect(other.http).toBe(403);
  });
});
