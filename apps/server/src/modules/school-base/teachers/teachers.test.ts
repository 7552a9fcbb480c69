import { schoolBaseApi as api, authApi, type Teacher } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachers, users } from '../../../db/schema.ts';
import { call, login } from '../../../test/client.ts';
import {
  makeClass,
  makeClassTeacher,
  makeGrade,
  makeOrganLeader,
  makeTeacher,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';
import { INITIAL_PASSWORD } from '../accounts/initial-password.ts';

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2]);
});
afterAll(() => s.t.close());

const edit = (params: Record<string, unknown>) =>
  s.call<Teacher>(api.editTeacher, { schoolId: s.sid, name: '李明华', phone: '13800000001', ...params });
type Page = { list: Teacher[]; total: number };

describe('teacher/add_or_edit', () => {
  it('adds a teacher whose phone is the login, with the initial password to change', async () => {
    const teacher = expectOk(await edit({ gender: 2 }));
    expect(teacher).toMatchObject({
      name: '李明华',
      phone: '13800000001',
      gender: 2,
      loginName: '13800000001',
      type: 1,
      status: 1,
    });
    const session = await login(s.t.app, '13800000001', INITIAL_PASSWORD);
    expect(session).toMatchObject({ type: 1, mustChangePsw: true, userCode: '13800000001' });
  });

  it('adds an administrator (type 5) and edits name, phone and role; the account follows', async () => {
    const admin = expectOk(await edit({ name: '周教务', phone: '13800000002', isAdmin: true }));
    expect(admin.type).toBe(5);
    const edited = expectOk(
      await edit({ teacherId: admin.teacherId, name: '周老师', phone: '13800000003', isAdmin: false }),
    );
    expect(edited).toMatchObject({
      name: '周老师',
      phone: '13800000003',
      loginName: '13800000003',
      type: 1,
      gender: null,
    });
    const [account] = await s.db.select().from(users).where(eq(users.loginName, '13800000003'));
    expect(account).toMatchObject({ name: '周老师', type: 1, userCode: '13800000003' });
  });

  it('refuses a duplicate phone, a bad phone and a missing name', async () => {
    await makeTeacher(s.db, { schoolId: s.school.id, name: '钱老师', phone: '13900000009' });
    expectFailure(await edit({ phone: '13900000009' }), 409, '手机号 13900000009 已被教师 钱老师 使用');
    expectFailure(await edit({ phone: '12345' }), 400, '手机号格式不正确，应为11位手机号');
    expectFailure(await edit({ phone: undefined }), 400, '请输入手机号');
    expectFailure(await edit({ name: ' ', phone: '13800000011' }), 400, '请输入教师姓名');
    expectFailure(await edit({ phone: '13800000011', gender: 5 }), 400, '性别只能是 1（男）或 2（女）');
    expectFailure(await edit({ teacherId: '123456', phone: '13800000011' }), 404, '该教师不存在或已删除');
  });

  it("refuses a phone that is another school's login", async () => {
    expectFailure(
      await edit({ phone: s.other.teacher.phone }),
      409,
      `教师 李明华的登录账号 ${s.other.teacher.phone} 已被其他学校使用`,
    );
  });

  it('does not let an administrator remove their own administrator role', async () => {
    const result = await edit({
      teacherId: String(s.adminTeacher.id),
      name: '王教务',
      phone: s.adminTeacher.phone,
      isAdmin: false,
    });
    expectFailure(result, 422, '不能取消自己的教务管理员身份，请让其他教务管理员操作');
  });

  it("refuses another school's teacher with 403 and changes nothing", async () => {
    expectForbidden(await edit({ teacherId: String(s.other.teacher.id), phone: '13800000021' }));
    const [row] = await s.db.select().from(teachers).where(eq(teachers.id, s.other.teacher.id));
    expect(row?.name).toBe('外校教师');
    expectForbidden(await edit({ schoolId: String(s.other.school.id), phone: '13800000022' }));
    await expectRoleRefusals(s, api.editTeacher, { schoolId: s.sid, name: '某', phone: '13800000023' }, true);
    expect(await s.db.select().from(teachers).where(eq(teachers.phone, '13800000023'))).toEqual([]);
  });
});

describe('teacher/get', () => {
  it('pages the teachers, with a keyword over name and phone', async () => {
    await makeTeacher(s.db, { schoolId: s.school.id, name: '欧阳锋', phone: '13700000001' });
    const all = expectOk(await s.as<Page>(s.sessions.teacher, api.teachers, { schoolId: s.sid, pageSize: 500 }));
    expect(all.list.map((t) => t.name)).toContain('欧阳锋');
    expect(all.list.map((t) => t.name)).not.toContain('外校教师');
    const byName = expectOk(await s.call<Page>(api.teachers, { schoolId: s.sid, keyword: '欧阳' }));
    expect(byName).toMatchObject({ total: 1, list: [{ phone: '13700000001' }] });
    const byPhone = expectOk(await s.call<Page>(api.teachers, { schoolId: s.sid, keyword: '1370000' }));
    expect(byPhone.total).toBe(1);
    const second = expectOk(await s.call<Page>(api.teachers, { schoolId: s.sid, pageSize: 1, currentPage: 2 }));
    expect(second.list).toHaveLength(1);
    expectFailure(
      await s.call(api.teachers, { schoolId: s.sid, keyword: 'x'.repeat(51) }),
      400,
      '搜索关键字最多50个字符',
    );
    expectForbidden(await s.call(api.teachers, { schoolId: String(s.other.school.id) }));
    await expectRoleRefusals(s, api.teachers, { schoolId: s.sid }, false);
  });
});

describe('teacher/password_edit', () => {
  it('resets the password: the old one stops working, the new one must be changed', async () => {
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    const reset = expectOk(
      await s.call<{ loginName: string; password: string }>(api.resetTeacherPassword, {
        schoolId: s.sid,
        teacherId: String(teacher.id),
        newPsw: 'Teach@2026x',
      }),
    );
    expect(reset).toEqual({ loginName: teacher.phone, password: 'Teach@2026x' });
    const old = await call(s.t.app, authApi.userLogin, { loginName: teacher.phone, password: TEST_PASSWORD });
    expect(old.status).toBe(422);
    expect((await login(s.t.app, teacher.phone, 'Teach@2026x')).mustChangePsw).toBe(true);
    expectFailure(
      await s.call(api.resetTeacherPassword, {
        schoolId: s.sid,
        teacherId: String(teacher.id),
        newPsw: 'x'.repeat(17),
      }),
      400,
      '密码最多16个字符',
    );
  });

  it("refuses another school's teacher with 403", async () => {
    const params = { schoolId: s.sid, teacherId: String(s.other.teacher.id) };
    expectForbidden(await s.call(api.resetTeacherPassword, params));
    await expectRoleRefusals(s, api.resetTeacherPassword, params, true);
    expect((await login(s.t.app, s.other.teacher.phone, TEST_PASSWORD)).mustChangePsw).toBe(false);
  });
});

describe('teacher/delete', () => {
  it('refuses a teacher with links or leader roles', async () => {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    const linked = await makeTeacher(s.db, { schoolId: s.school.id, name: '孙老师' });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.terms[0]!.id,
      classId: cls.id,
      teacherId: linked.id,
      courseId: 1,
    });
    expectFailure(
      await s.call(api.deleteTeacher, { schoolId: s.sid, teacherId: String(linked.id) }),
      422,
      '教师 孙老师 还有 1 条任课关系，不能删除',
    );
    const leader = await makeTeacher(s.db, { schoolId: s.school.id, name: '郑校长' });
    await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: leader.id, role: 1 });
    expectFailure(
      await s.call(api.deleteTeacher, { schoolId: s.sid, teacherId: String(leader.id) }),
      422,
      '教师 郑校长 还担任 1 个组织领导职务，不能删除',
    );
    expectFailure(
      await s.call(api.deleteTeacher, { schoolId: s.sid, teacherId: String(s.adminTeacher.id) }),
      422,
      '不能删除自己的教师信息',
    );
  });

  it('deletes an unused teacher and disables the account', async () => {
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    const session = await login(s.t.app, teacher.phone, TEST_PASSWORD);
    expectOk(await s.call(api.deleteTeacher, { schoolId: s.sid, teacherId: String(teacher.id) }));
    expect(await s.db.select().from(teachers).where(eq(teachers.id, teacher.id))).toEqual([]);
    expect((await call(s.t.app, authApi.findUserInfo, {}, { session })).http).toBe(401);
    const [account] = await s.db.select().from(users).where(eq(users.id, teacher.userId));
    expect(account?.disabled).toBe(true);
  });

  it("refuses another school's teacher with 403 and keeps it", async () => {
    const params = { schoolId: s.sid, teacherId: String(s.other.teacher.id) };
    expectForbidden(await s.call(api.deleteTeacher, params));
    await expectRoleRefusals(s, api.deleteTeacher, params, true);
    expect(await s.db.select().from(teachers).where(eq(teachers.id, s.other.teacher.id))).toHaveLength(1);
  });
});
