import {
  curriculumApi as api,
  type CurriculumCourse,
  type ImportResult,
  type Major,
  type MajorPlan,
} from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, login, upload } from '../../test/client.ts';
import { makeTeacher } from '../../test/factories.ts';
import { expectFailure, expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../test/school-base-fixture.ts';

// Curriculum Excel (issue #19 part 3): template → preview (row errors in Chinese) → commit of the
// valid rows → export that imports again unchanged; a file that is not .xlsx; another school's major.

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
}, 60_000);
afterAll(async () => s?.t.close());

async function workbook(header: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const admin = () => s.sessions.admin;
const preview = (kind: string, buffer: Buffer, majorId?: string) =>
  upload<{
    rows: { rowNo: number; errors: string[]; values: Record<string, string> }[];
    validCount: number;
    errorCount: number;
  }>(
    s.t.app,
    api.importPreview,
    { schoolId: s.sid, kind, majorId },
    { fileName: `${kind}.xlsx`, buffer },
    { session: admin() },
  );

describe('curriculum Excel', () => {
  it('gives a template whose header the preview reads', async () => {
    const file = await download(
      s.t.app,
      api.importTemplate,
      { schoolId: s.sid, kind: 'courses' },
      { session: admin() },
    );
    expect(file.json).toBeNull();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.buffer as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      '课程名称*',
      '课程代码',
      '课程类别',
      '学分',
      '学时',
    ]);
    const checked = expectOk(await preview('courses', file.buffer));
    expect(checked.rows.map((r) => r.values.课程名称)).toEqual(['示例课程']);
  });

  it('previews courses with row errors in Chinese, then commits only the valid rows', async () => {
    const buffer = await workbook(
      ['课程名称*', '课程代码', '课程类别', '学分', '学时'],
      [
        ['电工基础', 'DG01', '专业核心课', '4', '72'],
        ['机械制图', '', '', '2.5', ''],
        ['电工基础', '', '', '', ''],
        ['钳工实训', '', '实训课', 'abc', '1.5'],
      ],
    );
    const checked = expectOk(await preview('courses', buffer));
    expect(checked.validCount).toBe(2);
    expect(checked.rows.map((r) => r.errors)).toEqual([
      [],
      [],
      ['与第2行重复'],
      ['课程类别只能是公共基础课、专业核心课、专业方向课、选修课', '学分必须是数字', '学时必须是整数'],
    ]);
    const result = expectOk(
      await s.call<ImportResult>(api.importCommit, { schoolId: s.sid, kind: 'courses', rows: checked.rows }),
    );
    expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(result.skipped.map((r) => r.rowNo)).toEqual([4, 5]);
    const courses = expectOk(await s.call<CurriculumCourse[]>(api.getCourses, { schoolId: s.sid }));
    expect(courses.map((c) => [c.name, c.kind, c.credits])).toEqual([
      ['电工基础', '专业核心课', 4],
      ['机械制图', '公共基础课', 2.5],
    ]);
  });

  it("imports a major's plan by course name and exports it so it imports again unchanged", async () => {
    const major = expectOk(
      await s.call<Major>(api.saveMajor, { schoolId: s.sid, name: '机电技术', enterYear: 2026, years: 2 }),
    );
    const buffer = await workbook(
      ['学期*', '课程*', '学时', '学分', '考核方式'],
      [
        ['1', '电工基础', '72', '4', '考试'],
        ['2', '机械制图', '36', '2', '考查'],
        ['5', '电工基础', '', '', ''],
        ['3', '高等数学', '', '', ''],
      ],
    );
    const checked = expectOk(await preview('plans', buffer, major.majorId));
    expect(checked.rows.map((r) => r.errors)).toEqual([
      [],
      [],
      ['机电技术学制2年，没有第5学期'],
      ['本校没有课程“高等数学”，请先导入课程'],
    ]);
    expectFailure(await preview('plans', buffer), 400, '请选择专业');
    const result = expectOk(
      await s.call<ImportResult>(api.importCommit, {
        schoolId: s.sid,
        kind: 'plans',
        majorId: major.majorId,
        rows: checked.rows,
      }),
    );
    expect(result).toMatchObject({ created: 2 });
    const plans = expectOk(await s.call<MajorPlan[]>(api.getPlans, { schoolId: s.sid, majorId: major.majorId }));
    expect(plans.map((p) => [p.term, p.courseName, p.assessment])).toEqual([
      [1, '电工基础', '考试'],
      [2, '机械制图', '考查'],
    ]);
    const exported = await download(
      s.t.app,
      api.exportList,
      { schoolId: s.sid, kind: 'plans', majorId: major.majorId },
      { session: s.sessions.teacher },
    );
    expect(exported.json).toBeNull();
    const again = expectOk(await preview('plans', exported.buffer, major.majorId));
    expect(again.errorCount).toBe(0);
    const second = expectOk(
      await s.call<ImportResult>(api.importCommit, {
        schoolId: s.sid,
        kind: 'plans',
        majorId: major.majorId,
        rows: again.rows,
      }),
    );
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('refuses a file that is not .xlsx, and a corrupt one, in Chinese', async () => {
    const wrong = await upload(
      s.t.app,
      api.importPreview,
      { schoolId: s.sid, kind: 'courses' },
      { fileName: 'courses.csv', buffer: Buffer.from('a,b') },
      { session: admin() },
    );
    expect(wrong.message).toBe('文件不是有效的 Excel（.xlsx）表格');
    const corrupt = await preview('courses', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(corrupt.message).toBe('文件不是有效的 Excel（.xlsx）表格');
  });

  it("refuses another school's major with 403 and writes nothing", async () => {
    const teacher = await makeTeacher(s.db, { schoolId: s.other.school.id, type: 5, name: '外校教务' });
    const otherAdmin = await login(s.t.app, teacher.phone, teacher.user.password);
    const otherMajor = expectOk(
      await s.as<Major>(otherAdmin, api.saveMajor, {
        schoolId: String(s.other.school.id),
        name: '外校专业',
        enterYear: 2026,
      }),
    );
    const rows = [{ rowNo: 2, values: { 学期: '1', 课程: '电工基础' } }];
    const refused = await s.call(api.importCommit, {
      schoolId: s.sid,
      kind: 'plans',
      majorId: otherMajor.majorId,
      rows,
    });
    expect(refused.http).toBe(403);
    const exported = await download(
      s.t.app,
      api.exportList,
      { schoolId: s.sid, kind: 'plans', majorId: otherMajor.majorId },
      {
        session: admin(),
      },
    );
    expect(exported.http).toBe(403);
    expect(
      expectOk(
        await s.as<MajorPlan[]>(otherAdmin, api.getPlans, {
          schoolId: String(s.other.school.id),
          majorId: otherMajor.majorId,
        }),
      ),
    ).toEqual([]);
  });
});
