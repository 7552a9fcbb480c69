import { schoolBaseApi as api, type ImportPreview } from '@huikao/contracts';
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
    expect(await sheetRows(file.buffer)).toEqual([
      STUDENT_HEADER,
      ['张子涵', '男', '2025080101', '080101', '八年级(1)班'],
    ]);
    const guide = await sheetRows(file.buffer, '填写说明');
    expect(guide.find((r) => r[0] === '班级')?.[3]).toBe('七年级(1)班、八年级(1)班');
    expect(guide.find((r) => r[0] === '性别')?.[3]).toBe('男、女');
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
