import { schoolBaseApi as api, type ImportPreview } from '@huikao/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../../db/schema.ts';
import { multipartBody, upload } from '../../../test/client.ts';
import { makeClass, makeGrade, makeStudent, makeTeacher } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';
import { xlsxOf } from '../../../test/sheets.ts';

let s: SchoolBaseSetup;
const STUDENT_HEADER = ['姓名*', '性别*', '学号*', '考号', '班级*'];

beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2, 3, 4]);
  await makeGrade(s.db, s.school.id, 7, [1, 2, 3]);
  const class81 = await makeClass(s.db, {
    schoolId: s.school.id,
    gradeId: 8,
    schoolYearId: s.year.id,
    name: '八年级(1)班',
    enterYear: 2025,
  });
  await makeClass(s.db, {
    schoolId: s.school.id,
    gradeId: 7,
    schoolYearId: s.year.id,
    name: '七年级(1)班',
    enterYear: 2026,
  });
  await makeStudent(s.db, {
    schoolId: s.school.id,
    classId: class81.id,
    studentNo: 'S001',
    examNo: 'K001',
    name: '旧名',
  });
  await makeTeacher(s.db, { schoolId: s.school.id, name: '李老师', phone: '13900000001' });
});
afterAll(() => s.t.close());

const preview = (kind: string, buffer: Buffer, extra: Record<string, string> = {}, fileName = '导入.xlsx') =>
  upload<ImportPreview>(
    s.t.app,
    api.importPreview,
    { schoolId: s.sid, kind, ...extra },
    { fileName, buffer },
    {
      session: s.sessions.admin,
    },
  );

describe('import/preview', () => {
  it('shows every row of a good students file without errors', async () => {
    const file = await xlsxOf(STUDENT_HEADER, [
      ['张三', '男', '2025080101', '080101', '八年级(1)班'],
      ['李四', '女', 2025080102, null, '八年级(1)班'],
      ['旧名', '男', 'S001', 'K001', '七年级(1)班'],
    ]);
    const data = expectOk(await preview('students', file));
    expect(data).toMatchObject({
      kind: 'students',
      columns: ['姓名', '性别', '学号', '考号', '班级'],
      validCount: 3,
      errorCount: 0,
    });
    // Numbers typed into Excel come back as the text the user sees.
    expect(data.rows[1]).toEqual({
      rowNo: 3,
      values: { 姓名: '李四', 性别: '女', 学号: '2025080102', 考号: '', 班级: '八年级(1)班' },
      errors: [],
    });
  });

  it('gives each bad student row its Chinese errors', async () => {
    const file = await xlsxOf(STUDENT_HEADER, [
      ['', '男', 'A1', '', '八年级(1)班'],
      ['这是一个非常非常非常非常非常长的学生姓名啊', '男', 'A2', '', '八年级(1)班'],
      ['王五', '未知', 'A3', '', '八年级(1)班'],
      ['赵六', '女', 'A4', '', '九年级(9)班'],
      ['钱七', '女', 'A3', '', '八年级(1)班'],
      ['孙八', '男', '学号1', 'K001', '八年级(1)班'],
    ]);
    const { rows, validCount, errorCount } = expectOk(await preview('students', file));
    expect(rows.map((r) => r.errors)).toEqual([
      ['请填写姓名'],
      ['学生姓名最多20个字符'],
      ['性别只能填“男”或“女”', '第4行与第6行学号重复'],
      ['班级“九年级(9)班”不存在'],
      ['第4行与第6行学号重复'],
      ['学号只能包含字母、数字和短横线', '考号 K001 已被学生 旧名（八年级(1)班）使用'],
    ]);
    expect({ validCount, errorCount }).toEqual({ validCount: 0, errorCount: 6 });
  });

  it('checks teachers, classes, class-teacher links and leaders', async () => {
    const teachers = expectOk(
      await preview(
        'teachers',
        await xlsxOf(
          ['姓名*', '手机号*', '性别', '是否管理员'],
          [
            ['周老师', '1380000', '', ''],
            ['吴老师', '13800000002', '女', '也许'],
            ['郑老师', '13800000002', '', '是'],
          ],
        ),
      ),
    );
    expect(teachers.rows.map((r) => r.errors)).toEqual([
      ['手机号格式不正确，应为11位手机号'],
      ['是否管理员只能填“是”或“否”', '第3行与第4行手机号重复'],
      ['第3行与第4行手机号重复'],
    ]);

    const classes = expectOk(
      await preview(
        'classes',
        await xlsxOf(
          ['班级名称*', '年级*', '入学年份*', '班级类型'],
          [
            ['八年级(2)班', '八年级', '2025', '行政班'],
            ['十年级(1)班', '十年级', '2025', ''],
            ['高一(1)班', '高一', '2026', '实验班'],
          ],
        ),
      ),
    );
    expect(classes.rows.map((r) => r.errors)).toEqual([
      [],
      ['年级“十年级”不存在'],
      ['本校还没有开设高一，请先在“年级学科”中添加该年级', '班级类型只能填“行政班”或“教学班”'],
    ]);

    const links = expectOk(
      await preview(
        'class_teachers',
        await xlsxOf(
          ['班级*', '学科', '教师手机号*', '是否班主任'],
          [
            ['八年级(1)班', '数学', '13900000001', '是'],
            ['七年级(1)班', '物理', '13900000001', ''],
            ['八年级(1)班', '体育', '13900000099', ''],
            ['八年级(1)班', '', '13900000001', '否'],
            ['八年级(1)班', '英语', '13900000001', '是'],
          ],
        ),
        { termId: String(s.terms[0]!.id) },
      ),
    );
    expect(links.rows.map((r) => r.errors)).toEqual([
      ['第2行与第6行班主任重复'],
      ['学科“物理”不是七年级开设的学科'],
      ['学科“体育”不存在', '教师手机号 13900000099 不存在，请先导入教师'],
      ['请填写学科（只设置班主任时可不填）'],
      ['第2行与第6行班主任重复'],
    ]);

    const leaders = expectOk(
      await preview(
        'organ_leaders',
        await xlsxOf(
          ['教师手机号*', '职务*', '年级', '学科'],
          [
            ['13900000001', '年级主任', '', ''],
            ['13900000001', '教研组长', '八年级', ''],
            ['13900000001', '校长', '八年级', ''],
            ['13900000001', '班长', '', ''],
            ['13900000001', '备课组长', '八年级', '数学'],
          ],
        ),
      ),
    );
    expect(leaders.rows.map((r) => r.errors)).toEqual([
      ['年级主任必须填写年级'],
      ['教研组长必须填写学科'],
      ['校长不需要填写年级和学科'],
      ['职务只能填“校长”或“副校长”或“年级主任”或“教研组长”或“备课组长”'],
      [],
    ]);
  });

  it('needs a term of the school for class-teacher links', async () => {
    const file = await xlsxOf(['班级*', '学科', '教师手机号*'], [['八年级(1)班', '数学', '13900000001']]);
    expectFailure(await preview('class_teachers', file), 400, '请选择学期');
    expectForbidden(await preview('class_teachers', file, { termId: String(s.other.terms[0]!.id) }));
  });

  it('refuses files that are not spreadsheets, empty files and sheets without data rows', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expectFailure(await preview('students', png), 400, '文件不是有效的 Excel（.xlsx）表格');
    expectFailure(
      await preview('students', Buffer.from('PK\u0003\u0004 not really a zip')),
      400,
      '文件不是有效的 Excel（.xlsx）表格',
    );
    expectFailure(
      await preview('students', Buffer.from('姓名,学号\n张三,1\n'), {}, '学生.txt'),
      400,
      '文件不是有效的 Excel（.xlsx）表格',
    );
    expectFailure(await preview('students', Buffer.alloc(0)), 400, '表格中没有数据行');
    expectFailure(await preview('students', await xlsxOf(STUDENT_HEADER, [])), 400, '表格中没有数据行');
    expectFailure(
      await preview('students', await xlsxOf(STUDENT_HEADER, [['', '', '', '', '']])),
      400,
      '表格中没有数据行',
    );
    expectFailure(
      await preview('students', await xlsxOf(['姓名', '性别', '班级'], [['张三', '男', '八年级(1)班']])),
      400,
      '缺少必填列：学号',
    );
  });

  it('refuses a missing file, a wrong kind and a file over the size limit', async () => {
    const missing = await upload(s.t.app, api.importPreview, { schoolId: s.sid, kind: 'students' }, undefined, {
      session: s.sessions.admin,
    });
    expectFailure(missing, 400, '请选择要上传的文件');
    expectFailure(
      await preview('parents', await xlsxOf(STUDENT_HEADER, [['张三', '男', '1', '', '八年级(1)班']])),
      400,
      /导入类型只能是/,
    );
    const tooLarge = await preview('students', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(tooLarge).toMatchObject({ http: 413, status: 413, message: '文件过大：最大 10 MB' });

    const headers = { loginName: s.sessions.admin.loginName, jwtToken: s.sessions.admin.jwtToken };
    const json = await s.t.app.inject({
      method: 'POST',
      url: api.importPreview.path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ schoolId: s.sid, kind: 'students' }),
    });
    expect(json.json()).toMatchObject({ status: 400, message: '请以 multipart/form-data 方式上传文件' });
  });

  it('takes one file per upload', async () => {
    const file = await xlsxOf(STUDENT_HEADER, [['张三', '男', '1', '', '八年级(1)班']]);
    const one = multipartBody({ schoolId: s.sid, kind: 'students' }, { fileName: 'a.xlsx', buffer: file });
    const second = multipartBody({}, { fileName: 'b.xlsx', buffer: file });
    const boundary = one.contentType.split('boundary=')[1]!;
    // The second file part, re-framed with the first body's boundary, before its closing line.
    const extra = second.body
      .toString('latin1')
      .replaceAll(second.contentType.split('boundary=')[1]!, boundary)
      .replace(`--${boundary}--\r\n`, '');
    const body = Buffer.concat([
      Buffer.from(one.body.toString('latin1').replace(`--${boundary}--\r\n`, ''), 'latin1'),
      Buffer.from(extra, 'latin1'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await s.t.app.inject({
      method: 'POST',
      url: api.importPreview.path,
      headers: {
        'content-type': one.contentType,
        loginName: s.sessions.admin.loginName,
        jwtToken: s.sessions.admin.jwtToken,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, message: '一次只能上传一个文件' });
  });

  it('is for administrators of the school only, and reads nothing of another school', async () => {
    const file = await xlsxOf(STUDENT_HEADER, [['张三', '男', 'Z1', '', '八年级(1)班']]);
    const asTeacher = await upload(
      s.t.app,
      api.importPreview,
      { schoolId: s.sid, kind: 'students' },
      { fileName: 'a.xlsx', buffer: file },
      {
        session: s.sessions.teacher,
      },
    );
    expectForbidden(asTeacher);
    expectForbidden(await preview('students', file, { schoolId: String(s.other.school.id) }));
    const anonymous = await upload(
      s.t.app,
      api.importPreview,
      { schoolId: s.sid, kind: 'students' },
      { fileName: 'a.xlsx', buffer: file },
    );
    expect(anonymous.http).toBe(401);
    const [{ n }] = (await s.db.select({ n: count() }).from(students)) as [{ n: number }];
    expect(n).toBe(1);
  });
});
