import { schoolBaseApi as api, IMPORT_KINDS, type ImportPreview, type ImportResult } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes } from '../../../db/schema.ts';
import { download, upload } from '../../../test/client.ts';
import { makeGrade } from '../../../test/factories.ts';
import { expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../../test/school-base-fixture.ts';
import { batchRows, sheetRows } from '../../../test/sheets.ts';
import { schoolToday } from '../index.ts';

let s: SchoolBaseSetup;
let termId: string;

const BATCH = {
  students: api.batchAddStudents,
  teachers: api.batchAddTeachers,
  classes: api.batchAddClasses,
  class_teachers: api.batchAddClassTeachers,
  organ_leaders: api.batchAddOrganLeaders,
};

const FIXTURE: [typeof api.batchAddStudents, string[], string[][]][] = [
  [
    api.batchAddClasses,
    ['班级名称', '年级', '入学年份', '班级类型'],
    [
      ['八年级(1)班', '八年级', '2025', ''],
      ['八年级(2)班', '八年级', '2025', '教学班'],
    ],
  ],
  [
    api.batchAddTeachers,
    ['姓名', '手机号', '性别', '是否管理员'],
    [
      ['陈老师', '13700000001', '女', ''],
      ['林老师', '13700000002', '', '是'],
    ],
  ],
  [
    api.batchAddStudents,
    ['姓名', '性别', '学号', '考号', '班级'],
    [
      ['张一', '男', '2025080101', '080101', '八年级(1)班'],
      ['王二', '女', '2025080201', '', '八年级(2)班'],
    ],
  ],
  [
    api.batchAddClassTeachers,
    ['班级', '学科', '教师手机号', '是否班主任'],
    [
      ['八年级(1)班', '数学', '13700000001', '是'],
      ['八年级(2)班', '数学', '13700000001', ''],
      ['八年级(2)班', '', '13700000002', '是'],
    ],
  ],
  [
    api.batchAddOrganLeaders,
    ['教师手机号', '职务', '年级', '学科'],
    [
      ['13700000002', '副校长', '', ''],
      ['13700000001', '备课组长', '八年级', '数学'],
    ],
  ],
];

beforeAll(async () => {
  s = await setUpSchoolBase();
  termId = String(s.terms[0]!.id);
  await makeGrade(s.db, s.school.id, 8, [1, 2, 3]);
  for (const [endpoint, header, rows] of FIXTURE) {
    expectOk(await s.call<ImportResult>(endpoint, { schoolId: s.sid, termId, rows: batchRows(header, rows) }));
  }
});
afterAll(() => s.t.close());

const exportAs = (session = s.sessions.teacher, params: Record<string, unknown> = {}) =>
  download(s.t.app, api.exportList, { schoolId: s.sid, ...params }, { session });

/** An exported sheet's rows below its title row (学校 · 表名), which every export opens with. */
async function tableRows(buffer: Buffer): Promise<string[][]> {
  const [title, ...rows] = await sheetRows(buffer);
  expect(title![0]).toMatch(/^第一中学 · /);
  return rows;
}

describe('export', () => {
  it('writes the template columns and read-only extras, readable by a teacher', async () => {
    const file = await exportAs(s.sessions.teacher, { kind: 'students' });
    expect(file.http).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${schoolToday().replaceAll('-', '')}.xlsx"; filename*=UTF-8''${encodeURIComponent(`学生名单-${schoolToday().replaceAll('-', '')}.xlsx`)}`,
    );
    expect(await tableRows(file.buffer)).toEqual([
      ['姓名*', '性别*', '学号*', '考号', '班级*', '年级', '登录账号'],
      ['张一', '男', '2025080101', '080101', '八年级(1)班', '八年级', `${s.school.code.toLowerCase()}2025080101`],
      ['王二', '女', '2025080201', '', '八年级(2)班', '八年级', `${s.school.code.toLowerCase()}2025080201`],
    ]);
    const links = await exportAs(s.sessions.teacher, { kind: 'class_teachers', termId });
    expect((await tableRows(links.buffer)).slice(1)).toEqual([
      ['八年级(1)班', '数学', '13700000001', '是', '陈老师', '八年级'],
      ['八年级(2)班', '数学', '13700000001', '否', '陈老师', '八年级'],
      ['八年级(2)班', '', '13700000002', '是', '林老师', '八年级'],
    ]);
  });

  it.each(IMPORT_KINDS)('%s: the exported file imports again and changes nothing', async (kind) => {
    const file = await exportAs(s.sessions.admin, { kind, termId });
    const preview = expectOk(
      await upload<ImportPreview>(
        s.t.app,
        api.importPreview,
        { schoolId: s.sid, kind, termId },
        { fileName: 'export.xlsx', buffer: file.buffer },
        { session: s.sessions.admin },
      ),
    );
    expect(preview.errorCount).toBe(0);
    const result = expectOk(
      await s.call<ImportResult>(BATCH[kind], {
        schoolId: s.sid,
        termId,
        rows: preview.rows.map(({ rowNo, values }) => ({ rowNo, values })),
      }),
    );
    expect(result).toEqual({ created: 0, updated: 0, unchanged: preview.rows.length, skipped: [] });
  });

  it('filters students by class and links by the current term when none is given', async () => {
    const [class1] = await s.db.select().from(classes).where(eq(classes.name, '八年级(1)班'));
    const one = await exportAs(s.sessions.teacher, { kind: 'students', classId: String(class1!.id) });
    expect((await tableRows(one.buffer)).map((r) => r[0])).toEqual(['姓名*', '张一']);
    const classList = await exportAs(s.sessions.teacher, { kind: 'classes' });
    expect((await tableRows(classList.buffer)).map((r) => r[4])).toEqual(['学生人数', '1', '1']);
    const links = await exportAs(s.sessions.teacher, { kind: 'class_teachers' });
    expect(await tableRows(links.buffer)).toHaveLength(4);
  });

  it('exports the grades with their courses and the school years with their terms', async () => {
    const grades = await exportAs(s.sessions.teacher, { kind: 'grades' });
    expect(grades.http).toBe(200);
    expect(await tableRows(grades.buffer)).toEqual([
      ['年级', '学段', '学科数', '学科'],
      ['八年级', '初中', '3', '语文、数学、英语'],
    ]);
    const years = await tableRows((await exportAs(s.sessions.teacher, { kind: 'school_years' })).buffer);
    expect(years[0]).toEqual(['学年', '学年开始', '学年结束', '学期', '学期开始', '学期结束']);
    const term = s.terms[0]!;
    expect(years.slice(1)).toContainEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      term.name,
      term.startDate,
      term.endDate,
    ]);
    expect((await exportAs(s.sessions.student, { kind: 'grades' })).http).toBe(403);
  });

  it('is refused to students and for another school', async () => {
    expect((await exportAs(s.sessions.student, { kind: 'teachers' })).http).toBe(403);
    const other = await download(
      s.t.app,
      api.exportList,
      { schoolId: String(s.other.school.id), kind: 'teachers' },
      { session: s.sessions.teacher },
    );
    expect(other.http).toBe(403);
    const otherClass = await exportAs(s.sessions.teacher, { kind: 'students', classId: String(s.other.class.id) });
    expect(otherClass.http).toBe(403);
  });
});
