import { schoolBaseApi as api, authApi, PASSWORD_MESSAGES, type Student } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, students, users } from '../../../db/schema.ts';
import { call, login } from '../../../test/client.ts';
import { makeClass, makeGrade, makeStudent, TEST_PASSWORD } from '../../../test/factories.ts';
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
let classA: { id: number; name: string };
let classB: { id: number; name: string };
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2]);
  await makeGrade(s.db, s.school.id, 9, [1, 4]);
  classA = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id, name: '1班' });
  classB = await makeClass(s.db, { schoolId: s.school.id, gradeId: 9, schoolYearId: s.year.id, name: '2班' });
});
afterAll(() => s.t.close());

const edit = (params: Record<string, unknown>) =>
  s.call<Student>(api.editStudent, {
    schoolId: s.sid,
    name: '张子涵',
    gender: 2,
    classId: String(classA.id),
    ...params,
  });
const loginFails = async (loginName: string, password: string) =>
  (await call(s.t.app, authApi.userLogin, { loginName, password })).status !== 200;

describe('student/edit', () => {
  it('adds a student with a type-2 account that must change the initial password', async () => {
    const student = expectOk(await edit({ studentNo: '20240801', examNo: 'K0801' }));
    const loginName = `${s.school.code.toLowerCase()}20240801`;
    expect(student).toMatchObject({
      name: '张子涵',
      gender: 2,
      studentNo: '20240801',
      examNo: 'K0801',
      className: '1班',
      gradeName: '八年级',
      loginName,
      status: 1,
    });
    const session = await login(s.t.app, loginName, INITIAL_PASSWORD);
    expect(session).toMatchObject({ type: 2, userCode: '20240801', name: '张子涵', mustChangePsw: true });
  });

  it('edits name, 学号 and class; the account follows', async () => {
    const student = expectOk(await edit({ studentNo: 'A100' }));
    const moved = expectOk(
      await edit({
        studentId: student.studentId,
        name: '张小涵',
        studentNo: 'A101',
        classId: String(classB.id),
        examNo: '',
      }),
    );
    expect(moved).toMatchObject({
      name: '张小涵',
      studentNo: 'A101',
      className: '2班',
      gradeName: '九年级',
      examNo: null,
    });
    expect(moved.loginName).toBe(`${s.school.code.toLowerCase()}A101`);
    const [account] = await s.db.select().from(users).where(eq(users.loginName, moved.loginName));
    expect(account).toMatchObject({ name: '张小涵', userCode: 'A101', type: 2 });
  });

  it('refuses a duplicate 学号 or 考号, naming the other student', async () => {
    await makeStudent(s.db, {
      schoolId: s.school.id,
      classId: classA.id,
      name: '李四',
      studentNo: 'D001',
      examNo: 'E001',
    });
    expectFailure(await edit({ studentNo: 'D001' }), 409, '学号 D001 已被学生 李四（八年级1班）使用');
    expectFailure(await edit({ studentNo: 'D002', examNo: 'E001' }), 409, '考号 E001 已被学生 李四（八年级1班）使用');
  });

  it('refuses bad input, naming the field', async () => {
    expectFailure(await edit({ name: '', studentNo: 'B1' }), 400, '请输入学生姓名');
    expectFailure(await edit({ name: '名'.repeat(21), studentNo: 'B1' }), 400, '学生姓名最多20个字符');
    expectFailure(await edit({ studentNo: undefined }), 400, '请输入学号');
    expectFailure(await edit({ studentNo: '20 24' }), 400, '学号只能包含字母、数字和短横线');
    expectFailure(await edit({ studentNo: 'B1', gender: 3 }), 400, '性别只能是 1（男）或 2（女）');
    expectFailure(await edit({ studentNo: 'B1', gender: undefined }), 400, '性别只能是 1（男）或 2（女）');
    expectFailure(await edit({ studentNo: 'B1', examNo: 'a b' }), 400, '考号只能包含字母、数字和短横线');
    expectFailure(await edit({ studentNo: 'B1', classId: undefined }), 400, '班级不能为空');
    expectFailure(await edit({ studentNo: 'B1', classId: '98765' }), 404, '该班级不存在或已删除');
  });

  it('refuses a graduated class', async () => {
    const old = await makeClass(s.db, { schoolId: s.school.id, gradeId: 9, schoolYearId: s.year.id, name: '旧班' });
    await s.db.update(classes).set({ graduated: true }).where(eq(classes.id, old.id));
    expectFailure(
      await edit({ studentNo: 'G1', classId: String(old.id) }),
      422,
      '班级“旧班”已毕业归档，不能加入或修改学生',
    );
  });

  it("refuses another school's class or student with 403 and changes nothing", async () => {
    expectForbidden(await edit({ studentNo: 'X1', classId: String(s.other.class.id) }));
    const stranger = await makeStudent(s.db, {
      schoolId: s.other.school.id,
      classId: s.other.class.id,
      name: '外校生',
    });
    expectForbidden(await edit({ studentId: String(stranger.id), studentNo: 'X2' }));
    const { user: _user, ...row } = stranger;
    expect((await s.db.select().from(students).where(eq(students.id, stranger.id)))[0]).toEqual(row);
    expectForbidden(
      await edit({ schoolId: String(s.other.school.id), studentNo: 'X3', classId: String(s.other.class.id) }),
    );
    await expectRoleRefusals(
      s,
      api.editStudent,
      { schoolId: s.sid, name: '某', gender: 1, studentNo: 'X4', classId: String(classA.id) },
      true,
    );
    expect(await s.db.select().from(students).where(eq(students.studentNo, 'X4'))).toEqual([]);
  });
});

describe('student/get and student/term_get', () => {
  it('pages 在读 students by class then 学号, with a keyword over name, 学号 and 考号', async () => {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id, name: '7班' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '王五', studentNo: 'P003', examNo: 'Q9' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '赵六', studentNo: 'P001' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '钱七', studentNo: 'P002' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '孙八', studentNo: 'P004', status: 3 });
    type Page = { list: Student[]; total: number; currentPage: number; pageSize: number };
    const page = expectOk(
      await s.as<Page>(s.sessions.teacher, api.students, {
        schoolId: s.sid,
        classId: String(cls.id),
        pageSize: 2,
        currentPage: 2,
      }),
    );
    expect(page).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(page.list.map((st) => st.studentNo)).toEqual(['P003']);
    const byExamNo = expectOk(await s.call<Page>(api.students, { schoolId: s.sid, keyword: 'q9' }));
    expect(byExamNo.list.map((st) => st.name)).toEqual(['王五']);
    const byName = expectOk(await s.call<Page>(api.students, { schoolId: s.sid, keyword: '赵' }));
    expect(byName.list.map((st) => st.studentNo)).toEqual(['P001']);
    expect(expectOk(await s.call<Page>(api.students, { schoolId: s.sid, keyword: '%' })).total).toBe(0);
    expectFailure(await s.call(api.students, { schoolId: s.sid, pageSize: 501 }), 400, '每页最多500条');
    expectFailure(await s.call(api.students, { schoolId: s.sid, currentPage: 0 }), 400, '页码从1开始');
    expectForbidden(await s.call(api.students, { schoolId: s.sid, classId: String(s.other.class.id) }));
    await expectRoleRefusals(s, api.students, { schoolId: s.sid }, false);
  });

  it("lists a term's students, optionally only of grades that teach a course", async () => {
    const all = expectOk(
      await s.call<Student[]>(api.termStudents, { schoolId: s.sid, termId: String(s.terms[0]!.id) }),
    );
    expect(all.some((st) => st.gradeName === '九年级')).toBe(true);
    const physics = expectOk(
      await s.call<Student[]>(api.termStudents, { schoolId: s.sid, termId: String(s.terms[0]!.id), courseId: '4' }),
    );
    expect(physics.length).toBeGreaterThan(0);
    expect(physics.every((st) => st.gradeName === '九年级')).toBe(true);
    expectFailure(await s.call(api.termStudents, { schoolId: s.sid }), 400, '学期不能为空');
    expectForbidden(await s.call(api.termStudents, { schoolId: s.sid, termId: String(s.other.terms[0]!.id) }));
    await expectRoleRefusals(s, api.termStudents, { schoolId: s.sid, termId: String(s.terms[0]!.id) }, false);
  });
});

describe('student/password_edit', () => {
  it('resets to a chosen password: the old one stops working and the new one must be changed', async () => {
    const student = await makeStudent(s.db, { schoolId: s.school.id, classId: classA.id });
    const session = await login(s.t.app, student.user.loginName, TEST_PASSWORD);
    const reset = expectOk(
      await s.call<{ loginName: string; password: string }>(api.resetStudentPassword, {
        schoolId: s.sid,
        studentId: String(student.id),
        newPsw: 'Reset@2026',
      }),
    );
    expect(reset).toEqual({ loginName: student.user.loginName, password: 'Reset@2026' });
    expect(await loginFails(student.user.loginName, TEST_PASSWORD)).toBe(true);
    expect((await call(s.t.app, authApi.findUserInfo, {}, { session })).http).toBe(401);
    expect((await login(s.t.app, student.user.loginName, 'Reset@2026')).mustChangePsw).toBe(true);
  });

  it('resets to the initial password when none is given, and refuses a weak one', async () => {
    const student = await makeStudent(s.db, { schoolId: s.school.id, classId: classA.id });
    const reset = expectOk(
      await s.call<{ password: string }>(api.resetStudentPassword, { schoolId: s.sid, studentId: String(student.id) }),
    );
    expect(reset.password).toBe(INITIAL_PASSWORD);
    expect((await login(s.t.app, student.user.loginName, INITIAL_PASSWORD)).mustChangePsw).toBe(true);
    expectFailure(
      await s.call(api.resetStudentPassword, { schoolId: s.sid, studentId: String(student.id), newPsw: 'abcdefgh' }),
      400,
      `新密码不符合要求：${PASSWORD_MESSAGES.policy}`,
    );
    expectFailure(
      await s.call(api.resetStudentPassword, { schoolId: s.sid, newPsw: 'Reset@2026' }),
      400,
      '学生不能为空',
    );
  });

  it("refuses another school's student with 403 and keeps the password", async () => {
    const stranger = await makeStudent(s.db, { schoolId: s.other.school.id, classId: s.other.class.id });
    const params = { schoolId: s.sid, studentId: String(stranger.id), newPsw: 'Reset@2026' };
    expectForbidden(await s.call(api.resetStudentPassword, params));
    await expectRoleRefusals(s, api.resetStudentPassword, params, true);
    expect((await login(s.t.app, stranger.user.loginName, TEST_PASSWORD)).mustChangePsw).toBe(false);
  });
});

describe('student/delete', () => {
  it('deletes the student and disables the account; the same 学号 can come back', async () => {
    const student = expectOk(await edit({ studentNo: 'R001', name: '周九' }));
    const params = { schoolId: s.sid, classId: String(classA.id), studentId: student.studentId };
    expectOk(await s.call(api.deleteStudent, params));
    expect(
      await s.db
        .select()
        .from(students)
        .where(eq(students.id, Number(student.studentId))),
    ).toEqual([]);
    expect(await loginFails(student.loginName, INITIAL_PASSWORD)).toBe(true);
    expectFailure(await s.call(api.deleteStudent, params), 404, '该学生不存在或已删除');

    const back = expectOk(await edit({ studentNo: 'R001', name: '周九' }));
    expect(back.loginName).toBe(student.loginName);
    expect((await login(s.t.app, back.loginName, INITIAL_PASSWORD)).mustChangePsw).toBe(true);
  });

  it('refuses a student of another class of the school', async () => {
    const student = await makeStudent(s.db, { schoolId: s.school.id, classId: classA.id, name: '吴十' });
    expectFailure(
      await s.call(api.deleteStudent, { schoolId: s.sid, classId: String(classB.id), studentId: String(student.id) }),
      404,
      '该班级中没有学生 吴十',
    );
  });

  it("refuses another school's student with 403 and keeps it", async () => {
    const stranger = await makeStudent(s.db, { schoolId: s.other.school.id, classId: s.other.class.id });
    const params = { schoolId: s.sid, classId: String(s.other.class.id), studentId: String(stranger.id) };
    expectForbidden(await s.call(api.deleteStudent, params));
    expectForbidden(await s.call(api.deleteStudent, { ...params, classId: String(classA.id) }));
    await expectRoleRefusals(s, api.deleteStudent, params, true);
    expect(await s.db.select().from(students).where(eq(students.id, stranger.id))).toHaveLength(1);
  });
});
