import { authApi, PASSWORD_MESSAGES, type StoredUser, storedUserSchema, userInfoSchema } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { schoolToday } from '../../platform/school-today.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import {
  makeArea,
  makeClass,
  makeClassTeacher,
  makeGrade,
  makeOrganLeader,
  makeSchool,
  makeSchoolYear,
  makeStudent,
  makeTeacher,
  makeUser,
  relateManager,
} from '../../test/factories.ts';

let t: TestApp;
let schoolId: number;
let otherSchoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  const area = await makeArea(t.database.db, '东城区');
  schoolId = (await makeSchool(t.database.db, { name: '第一中学', areaId: area.id })).id;
  otherSchoolId = (await makeSchool(t.database.db, { name: '第二中学', areaId: area.id })).id;
  await makeSchoolYear(t.database.db, schoolId, 2026);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const userOf = (type: 1 | 2 | 4 | 5, school = () => schoolId) => makeUser(t.database.db, { schoolId: school(), type });

describe('userLogin', () => {
  it('returns the stored user of spec §3', async () => {
    const user = await userOf(1);
    const result = await call<StoredUser>(t.app, authApi.userLogin, {
      loginName: user.loginName,
      password: user.password,
    });
    expect(result.status).toBe(200);
    const stored = storedUserSchema.parse(result.data);
    expect(stored).toMatchObject({ loginName: user.loginName, type: 1, schoolId: String(schoolId), name: '测试用户' });
    expect(stored.token).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.jwtToken.split('.')).toHaveLength(3);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const user = await userOf(1);
    const wrong = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: 'Wrong@2026' });
    const unknown = await call(t.app, authApi.userLogin, { loginName: 'nobody-here', password: 'Wrong@2026' });
    expect(wrong).toMatchObject({ http: 200, status: 422, message: '账号或密码错误' });
    expect(unknown).toMatchObject({ http: 200, status: 422, message: '账号或密码错误' });
  });

  it('locks the account after five wrong passwords within 15 minutes, for 15 minutes', async () => {
    const user = await userOf(1);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00+08:00') });
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: 'Wrong@2026' });
      expect(r.message).toBe('账号或密码错误');
    }
    const fifth = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: 'Wrong@2026' });
    expect(fifth.status).toBe(422);
    expect(fifth.message).toBe('密码连续错误5次，账号已锁定15分钟，请于 10:15 后再试');

    const whileLocked = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: user.password });
    expect(whileLocked.message).toBe('密码错误次数过多，账号已锁定，请于 10:15 后再试');

    vi.setSystemTime(new Date('2026-11-21T10:15:01+08:00'));
    const after = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: user.password });
    expect(after.status).toBe(200);
  });

  it('does not lock when the failures are spread beyond 15 minutes', async () => {
    const user = await userOf(1);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T08:00:00+08:00') });
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(new Date(Date.parse('2026-11-21T08:00:00+08:00') + i * 4 * 60_000));
      await call(t.app, authApi.userLogin, { loginName: user.loginName, password: 'Wrong@2026' });
    }
    const good = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: user.password });
    expect(good.status).toBe(200);
  });
});

describe('updatePsw', () => {
  const change = (session: StoredUser, oldPsw: string, newPsw: string) =>
    call(
      t.app,
      authApi.updatePsw,
      {
        schoolId: session.schoolId,
        userCode: session.userCode,
        type: session.type,
        oldPsw,
        newPsw,
      },
      { session },
    );

  it('enforces the spec §5 rules on the server', async () => {
    const user = await userOf(1);
    const session = await login(t.app, user.loginName, user.password);
    expect((await change(session, '', 'New@2026x')).message).toBe(PASSWORD_MESSAGES.oldRequired);
    expect((await change(session, user.password, '')).message).toBe(PASSWORD_MESSAGES.newRequired);
    expect((await change(session, user.password, 'Ab1!')).message).toBe(PASSWORD_MESSAGES.policy);
    expect((await change(session, user.password, 'abcdefgh1')).message).toBe(PASSWORD_MESSAGES.policy);
    expect((await change(session, user.password, 'Abcdefgh123456789')).message).toBe(PASSWORD_MESSAGES.policy);
    expect((await change(session, user.password, user.password)).message).toBe(PASSWORD_MESSAGES.sameAsOld);
    expect(await change(session, 'Wrong@2026x', 'New@2026x')).toMatchObject({ status: 422, message: '原始密码错误' });
  });

  it('changes the password, revokes every session, and the new password logs in', async () => {
    const user = await userOf(5);
    const session = await login(t.app, user.loginName, user.password);
    const other = await login(t.app, user.loginName, user.password);
    expect((await change(session, user.password, 'Brand@New2026')).status).toBe(200);
    expect((await call(t.app, authApi.findUserInfo, {}, { session: other })).http).toBe(401);
    expect((await call(t.app, authApi.findUserInfo, {}, { session })).http).toBe(401);
    const old = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: user.password });
    expect(old.status).toBe(422);
    await expect(login(t.app, user.loginName, 'Brand@New2026')).resolves.toMatchObject({ loginName: user.loginName });
  });

  it("refuses another user's payload with 403 and logs the refusal", async () => {
    const user = await userOf(1);
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(
      t.app,
      authApi.updatePsw,
      {
        schoolId: session.schoolId,
        userCode: 'SOMEONE-ELSE',
        type: 1,
        oldPsw: user.password,
        newPsw: 'New@2026x',
      },
      { session },
    );
    expect(result.http).toBe(403);
    const refusals = await t.database.db.select().from(auditLog).where(sql`action = 'permission.refused'`);
    expect(refusals.some((r) => r.actorLoginName === user.loginName)).toBe(true);
  });
});

describe('findUserInfo and findSGTByDate', () => {
  it('returns the user and the school-centre data', async () => {
    const user = await userOf(1);
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findUserInfo, {}, { session });
    const info = userInfoSchema.parse(result.data);
    expect(info.user).toMatchObject({ loginName: user.loginName, schoolName: '第一中学', type: 1 });
    expect(info.appsServers.map((s) => s.prefix)).toContain('/analysis/api');
    expect(info.schoolRelations).toEqual([
      { schoolId: String(schoolId), schoolName: '第一中学', relationId: expect.any(String), relationName: '东城区' },
    ]);
    // An account without a teacher record (none was made for it) has no teacher data.
    expect(info).toMatchObject({ schoolTeacher: null, schoolClassTeachers: [], schoolOrganLeaders: [] });
  });

  it("fills a teacher's record, the school's grades, this term's links and leader roles", async () => {
    const db = t.database.db;
    const area = await makeArea(db, '南城区');
    const school = await makeSchool(db, { name: '第三中学', areaId: area.id });
    const today = schoolToday();
    const startYear = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 9 ? 0 : 1);
    const { year, terms } = await makeSchoolYear(db, school.id, startYear);
    const current = terms.find((term) => term.startDate <= today && today <= term.endDate)!;
    const otherTerm = terms.find((term) => term !== current)!;
    await makeGrade(db, school.id, 8, [1, 2]);
    const cls = await makeClass(db, { schoolId: school.id, gradeId: 8, schoolYearId: year.id, name: '1班' });
    const teacher = await makeTeacher(db, { schoolId: school.id, name: '李明华' });
    await makeClassTeacher(db, {
      schoolId: school.id,
      termId: current.id,
      classId: cls.id,
      teacherId: teacher.id,
      courseId: 2,
    });
    await makeClassTeacher(db, {
      schoolId: school.id,
      termId: current.id,
      classId: cls.id,
      teacherId: teacher.id,
      isHead: true,
    });
    await makeClassTeacher(db, {
      schoolId: school.id,
      termId: otherTerm.id,
      classId: cls.id,
      teacherId: teacher.id,
      courseId: 1,
    });
    await makeOrganLeader(db, { schoolId: school.id, teacherId: teacher.id, role: 3, gradeId: 8 });

    const session = await login(t.app, teacher.phone, teacher.user.password);
    const info = userInfoSchema.parse((await call(t.app, authApi.findUserInfo, {}, { session })).data);
    expect(info.schoolTeacher).toMatchObject({
      teacherId: String(teacher.id),
      name: '李明华',
      phone: teacher.phone,
      type: 1,
    });
    expect(info.schoolGradeCourses).toEqual([
      expect.objectContaining({
        gradeName: '八年级',
        schoolGradeCourses: [
          expect.objectContaining({ courseName: '语文' }),
          expect.objectContaining({ courseName: '数学' }),
        ],
      }),
    ]);
    expect(info.schoolClassTeachers.map((l) => [l.termId, l.className, l.courseName, l.isHead])).toEqual([
      [String(current.id), '1班', null, true],
      [String(current.id), '1班', '数学', false],
    ]);
    expect(info.schoolOrganLeaders.map((l) => [l.roleName, l.gradeName])).toEqual([['年级主任', '八年级']]);

    const student = await makeStudent(db, { schoolId: school.id, classId: cls.id });
    const studentSession = await login(t.app, student.user.loginName, student.user.password);
    const studentInfo = userInfoSchema.parse(
      (await call(t.app, authApi.findUserInfo, {}, { session: studentSession })).data,
    );
    expect(studentInfo).toMatchObject({ schoolTeacher: null, schoolClassTeachers: [], schoolOrganLeaders: [] });
    expect(studentInfo.schoolGradeCourses.map((g) => g.gradeName)).toEqual(['八年级']);
  });

  it('gives a manager the schools of their relations', async () => {
    const manager = await userOf(4);
    const area = await makeArea(t.database.db, '西城区');
    await relateManager(t.database.db, manager.id, schoolId, area.id);
    await relateManager(t.database.db, manager.id, otherSchoolId, area.id);
    const session = await login(t.app, manager.loginName, manager.password);
    const info = userInfoSchema.parse((await call(t.app, authApi.findUserInfo, {}, { session })).data);
    expect(info.schoolRelations.map((r) => r.schoolName)).toEqual(['第一中学', '第二中学']);
    expect(info.schoolRelations[0]?.relationName).toBe('西城区');
  });

  it('finds the school year and term that cover a date', async () => {
    const user = await userOf(1);
    const session = await login(t.app, user.loginName, user.password);
    const autumn = await call<{ term: { name: string }; schoolYear: { name: string } }>(
      t.app,
      authApi.findSGTByDate,
      { schoolId: session.schoolId, date: '2026-11-21' },
      { session },
    );
    expect(autumn.data).toMatchObject({ schoolYear: { name: '2026-2027学年' }, term: { name: '上学期' } });
    const spring = await call<{ term: { termNo: number } }>(
      t.app,
      authApi.findSGTByDate,
      {
        schoolId: session.schoolId,
        date: '2027-03-01',
      },
      { session },
    );
    expect(spring.data.term.termNo).toBe(2);
    const outside = await call(
      t.app,
      authApi.findSGTByDate,
      { schoolId: session.schoolId, date: '2030-01-01' },
      { session },
    );
    expect(outside.status).toBe(404);
    const badDate = await call(
      t.app,
      authApi.findSGTByDate,
      { schoolId: session.schoolId, date: '21/11/2026' },
      { session },
    );
    expect(badDate).toMatchObject({ status: 400, message: '日期格式应为 YYYY-MM-DD' });
  });

  it('refuses another school with 403', async () => {
    const user = await userOf(1);
    const session = await login(t.app, user.loginName, user.password);
    const result = await call(t.app, authApi.findSGTByDate, { schoolId: String(otherSchoolId) }, { session });
    expect(result.http).toBe(403);
  });
});

describe('login tickets and autoLogin', () => {
  it('lets an administrator issue a one-time ticket that logs in once', async () => {
    const admin = await userOf(5);
    const student = await userOf(2);
    const session = await login(t.app, admin.loginName, admin.password);
    const issued = await call<{ ticket: string; url: string }>(
      t.app,
      authApi.issueLoginTicket,
      {
        loginName: student.loginName,
      },
      { session },
    );
    expect(issued.status).toBe(200);
    expect(issued.data.url).toMatch(/^\/autoLogin\?ticket=/);

    const first = await call<StoredUser>(t.app, authApi.autoLogin, { ticket: issued.data.ticket });
    expect(first.status).toBe(200);
    expect(first.data.loginName).toBe(student.loginName);
    const second = await call(t.app, authApi.autoLogin, { ticket: issued.data.ticket });
    expect(second).toMatchObject({ status: 422, message: '登录票据已使用，每张票据只能登录一次' });
  });

  it('refuses an expired or forged ticket', async () => {
    const admin = await userOf(5);
    const teacher = await userOf(1);
    const session = await login(t.app, admin.loginName, admin.password);
    const issued = await call<{ ticket: string }>(
      t.app,
      authApi.issueLoginTicket,
      { loginName: teacher.loginName },
      {
        session,
      },
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 121_000 });
    const late = await call(t.app, authApi.autoLogin, { ticket: issued.data.ticket }, { timestamp: Date.now() });
    expect(late.message).toBe('登录票据已过期，请重新获取');
    vi.useRealTimers();
    expect((await call(t.app, authApi.autoLogin, { ticket: 'a.b.c' })).message).toBe('登录票据无效');
  });

  it('refuses teachers and other schools', async () => {
    const teacher = await userOf(1);
    const admin = await userOf(5);
    const stranger = await makeUser(t.database.db, { schoolId: otherSchoolId, type: 2 });
    const teacherSession = await login(t.app, teacher.loginName, teacher.password);
    expect(
      (await call(t.app, authApi.issueLoginTicket, { loginName: teacher.loginName }, { session: teacherSession })).http,
    ).toBe(403);
    const adminSession = await login(t.app, admin.loginName, admin.password);
    expect(
      (await call(t.app, authApi.issueLoginTicket, { loginName: stranger.loginName }, { session: adminSession })).http,
    ).toBe(403);
  });
});

describe('audit log', () => {
  it('records logins and refuses to be edited', async () => {
    const user = await userOf(1);
    await login(t.app, user.loginName, user.password);
    const rows = await t.database.db.select().from(auditLog).where(sql`actor_login_name = ${user.loginName}`);
    expect(rows.map((r) => r.action)).toContain('auth.login');
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
