import { schoolBaseApi as api, type ImportPreview, type ImportResult, type StoredUser } from '@huikao/contracts';
import { asc, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  classes,
  classTeachers,
  classYears,
  organLeaders,
  students,
  teachers,
  users,
} from '../../../db/schema.ts';
import { login, upload } from '../../../test/client.ts';
import { makeClass, makeGrade, makeUser } from '../../../test/factories.ts';
import { expectForbidden, expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../../test/school-base-fixture.ts';
import { batchRows, xlsxOf } from '../../../test/sheets.ts';
import { INITIAL_PASSWORD } from '../accounts/initial-password.ts';

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 7, [1, 2, 3]);
  await makeGrade(s.db, s.school.id, 8, [1, 2, 3, 4]);
});
afterAll(() => s.t.close());

const CLASS_HEADER = ['班级名称', '年级', '入学年份', '班级类型'];
const TEACHER_HEADER = ['姓名', '手机号', '性别', '是否管理员'];
const STUDENT_HEADER = ['姓名', '性别', '学号', '考号', '班级'];
const LINK_HEADER = ['班级', '学科', '教师手机号', '是否班主任'];
const LEADER_HEADER = ['教师手机号', '职务', '年级', '学科'];

const batch = (endpoint: typeof api.batchAddStudents, header: string[], rows: string[][], extra = {}) =>
  s.call<ImportResult>(endpoint, { schoolId: s.sid, ...extra, rows: batchRows(header, rows) });

/** Everything an import may touch, to prove a call changed nothing. */
async function snapshot() {
  const [a, b, c, d, e, f, g] = await Promise.all([
    s.db.select().from(users).orderBy(asc(users.id)),
    s.db.select().from(teachers).orderBy(asc(teachers.id)),
    s.db.select().from(students).orderBy(asc(students.id)),
    s.db.select().from(classes).orderBy(asc(classes.id)),
    s.db.select().from(classYears).orderBy(asc(classYears.classId)),
    s.db.select().from(classTeachers).orderBy(asc(classTeachers.id)),
    s.db.select().from(organLeaders).orderBy(asc(organLeaders.id)),
  ]);
  return { users: a, teachers: b, students: c, classes: d, classYears: e, links: f, leaders: g };
}

const CLASS_ROWS = [
  ['七年级(1)班', '七年级', '2026', ''],
  ['八年级(1)班', '八年级', '2025', '行政班'],
  ['八年级(2)班', '八年级', '2025', '教学班'],
];
const TEACHER_ROWS = [
  ['陈老师', '13700000001', '女', ''],
  ['林老师', '13700000002', '男', '是'],
];
const STUDENT_ROWS = [
  ['张一', '男', 'S2025001', 'K001', '八年级(1)班'],
  ['王二', '女', 'S2025002', '', '八年级(2)班'],
  ['李三', '女', 'S2026001', 'K003', '七年级(1)班'],
];
const LINK_ROWS = [
  ['八年级(1)班', '数学', '13700000001', '是'],
  ['八年级(1)班', '物理', '13700000002', '否'],
  ['八年级(2)班', '', '13700000002', '是'],
];
const LEADER_ROWS = [
  ['13700000002', '校长', '', ''],
  ['13700000001', '年级主任', '八年级', ''],
  ['13700000001', '教研组长', '', '数学'],
];

describe('batch add', () => {
  it('commits a good file of every kind', async () => {
    const termId = String(s.terms[0]!.id);
    expect(expectOk(await batch(api.batchAddClasses, CLASS_HEADER, CLASS_ROWS))).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: [],
    });
    expect(expectOk(await batch(api.batchAddTeachers, TEACHER_HEADER, TEACHER_ROWS))).toMatchObject({ created: 2 });
    expect(expectOk(await batch(api.batchAddStudents, STUDENT_HEADER, STUDENT_ROWS))).toMatchObject({ created: 3 });
    expect(expectOk(await batch(api.batchAddClassTeachers, LINK_HEADER, LINK_ROWS, { termId }))).toMatchObject({
      created: 3,
    });
    expect(expectOk(await batch(api.batchAddOrganLeaders, LEADER_HEADER, LEADER_ROWS))).toMatchObject({ created: 3 });

    const newClasses = await s.db.select().from(classes).where(eq(classes.schoolId, s.school.id));
    expect(newClasses.map((c) => [c.name, c.gradeId, c.enterYear, c.classType])).toEqual([
      ['七年级(1)班', 7, 2026, 1],
      ['八年级(1)班', 8, 2025, 1],
      ['八年级(2)班', 8, 2025, 2],
    ]);
    const years = await s.db.select().from(classYears).where(eq(classYears.schoolYearId, s.year.id));
    expect(years).toHaveLength(3);

    // Accounts: students as school code + 学号, teachers as their phone; the initial password must be changed.
    const student = await login(s.t.app, `${s.school.code.toLowerCase()}S2025001`, INITIAL_PASSWORD);
    expect(student).toMatchObject({ type: 2, userCode: 'S2025001', name: '张一', mustChangePsw: true });
    const admin = await login(s.t.app, '13700000002', INITIAL_PASSWORD);
    expect(admin).toMatchObject({ type: 5, mustChangePsw: true });

    const links = await s.db.select().from(classTeachers).orderBy(asc(classTeachers.id));
    expect(links.map((l) => [l.courseId, l.isHead])).toEqual([
      [2, true],
      [4, false],
      [null, true],
    ]);
    const leaders = await s.db.select().from(organLeaders).orderBy(asc(organLeaders.id));
    expect(leaders.map((l) => [l.role, l.gradeId, l.courseId])).toEqual([
      [1, null, null],
      [3, 8, null],
      [4, null, 2],
    ]);

    // One audit entry per batch, with its counts.
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.action, 'schoolbase.import.students'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: s.adminTeacher.user.id,
      target: `school:${s.school.id}`,
      after: { created: 3, updated: 0, unchanged: 0, skipped: 0 },
    });
  });

  it('changes nothing when the same rows come again', async () => {
    const before = await snapshot();
    const termId = String(s.terms[0]!.id);
    const unchanged = (n: number) => ({ created: 0, updated: 0, unchanged: n, skipped: [] });
    expect(expectOk(await batch(api.batchAddClasses, CLASS_HEADER, CLASS_ROWS))).toEqual(unchanged(3));
    expect(expectOk(await batch(api.batchAddTeachers, TEACHER_HEADER, TEACHER_ROWS))).toEqual(unchanged(2));
    expect(expectOk(await batch(api.batchAddStudents, STUDENT_HEADER, STUDENT_ROWS))).toEqual(unchanged(3));
    expect(expectOk(await batch(api.batchAddClassTeachers, LINK_HEADER, LINK_ROWS, { termId }))).toEqual(unchanged(3));
    expect(expectOk(await batch(api.batchAddOrganLeaders, LEADER_HEADER, LEADER_ROWS))).toEqual(unchanged(3));
    expect(await snapshot()).toEqual(before);
  });

  it('updates by 学号 and phone: a student moves class, names follow to the account', async () => {
    const result = expectOk(
      await batch(api.batchAddStudents, STUDENT_HEADER, [
        ['张一一', '男', 'S2025001', '', '八年级(2)班'],
        ['赵四', '男', 'S2025004', '', '八年级(2)班'],
      ]),
    );
    expect(result).toEqual({ created: 1, updated: 1, unchanged: 0, skipped: [] });
    const [moved] = await s.db.select().from(students).where(eq(students.studentNo, 'S2025001'));
    // An empty 考号 keeps the one on record.
    expect(moved).toMatchObject({ name: '张一一', examNo: 'K001' });
    const [account] = await s.db.select().from(users).where(eq(users.id, moved!.userId));
    expect(account).toMatchObject({ name: '张一一', loginName: `${s.school.code.toLowerCase()}S2025001` });

    const teacher = expectOk(await batch(api.batchAddTeachers, TEACHER_HEADER, [['陈老师', '13700000001', '', '是']]));
    expect(teacher).toMatchObject({ updated: 1 });
    expect((await login(s.t.app, '13700000001', INITIAL_PASSWORD)).type).toBe(5);
  });

  it('finds a class by name, preferring the grade the name starts with', async () => {
    // Last year's 七年级(1)班, upgraded: in 八年级 now, under its old name.
    const upgraded = await makeClass(s.db, {
      schoolId: s.school.id,
      gradeId: 8,
      schoolYearId: s.year.id,
      name: '七年级(1)班',
      enterYear: 2025,
    });
    expectOk(await batch(api.batchAddStudents, STUDENT_HEADER, [['郑九', '男', 'S2026009', '', '七年级(1)班']]));
    const [student] = await s.db.select().from(students).where(eq(students.studentNo, 'S2026009'));
    const [seventh] = await s.db.select().from(classes).where(eq(classes.id, student!.classId));
    expect(seventh).toMatchObject({ name: '七年级(1)班', gradeId: 7 });
    await s.db.delete(students).where(eq(students.studentNo, 'S2026009'));
    await s.db.delete(classYears).where(eq(classYears.classId, upgraded.id));
    await s.db.delete(classes).where(eq(classes.id, upgraded.id));
  });

  it('gives a removed student their account back and never takes over an account of another kind', async () => {
    const loginName = `${s.school.code.toLowerCase()}S2025077`;
    const removed = await makeUser(s.db, { schoolId: s.school.id, type: 2, loginName, name: '旧账号' });
    await s.db.update(users).set({ disabled: true }).where(eq(users.id, removed.id));
    const back = expectOk(
      await batch(api.batchAddStudents, STUDENT_HEADER, [['吴七', '男', 'S2025077', '', '八年级(1)班']]),
    );
    expect(back).toMatchObject({ created: 1, skipped: [] });
    const [account] = await s.db.select().from(users).where(eq(users.id, removed.id));
    expect(account).toMatchObject({ disabled: false, mustChangePassword: true, name: '吴七', userCode: 'S2025077' });
    const [student] = await s.db.select().from(students).where(eq(students.studentNo, 'S2025077'));
    expect(student?.userId).toBe(removed.id);

    await makeUser(s.db, { schoolId: s.school.id, type: 4, loginName: '13700000009' });
    const clash = expectOk(await batch(api.batchAddTeachers, TEACHER_HEADER, [['冯老师', '13700000009', '', '']]));
    expect(clash.skipped).toEqual([{ rowNo: 2, errors: ['登录账号 13700000009 已被其他账号使用'] }]);
  });

  it('moves the 班主任 flag when a row names a new head', async () => {
    const termId = String(s.terms[0]!.id);
    const result = expectOk(
      await batch(api.batchAddClassTeachers, LINK_HEADER, [['八年级(1)班', '物理', '13700000002', '是']], { termId }),
    );
    expect(result).toMatchObject({ updated: 1 });
    const links = await s.db.select().from(classTeachers).orderBy(asc(classTeachers.id));
    expect(links.map((l) => [l.courseId, l.isHead])).toEqual([
      [2, false],
      [4, true],
      [null, true],
    ]);
  });

  it('commits the valid rows and returns the others with their errors', async () => {
    const result = expectOk(
      await s.call<ImportResult>(api.batchAddStudents, {
        schoolId: s.sid,
        rows: [
          { values: { '姓名*': '钱五', 性别: '女', 学号: 'S2025005', 班级: '八年级(1)班' } },
          { values: { 姓名: '孙六', 性别: '女', 学号: 'S2025006', 班级: '九年级(9)班' } },
        ],
      }),
    );
    expect(result).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: [{ rowNo: 3, errors: ['班级“九年级(9)班”不存在'] }],
    });
  });

  it('writes nothing at all when the database refuses one row', async () => {
    const before = await snapshot();
    // A constraint that fails on the last of 1,500 rows: the first chunk of 1,000 must roll back too.
    await s.db.execute(sql`alter table students add constraint import_test_refuse check (name <> '故障')`);
    try {
      const rows = Array.from({ length: 1500 }, (_, i) => [
        i === 1499 ? '故障' : `学生${i}`,
        '男',
        `F${i}`,
        '',
        '七年级(1)班',
      ]);
      const result = await batch(api.batchAddStudents, STUDENT_HEADER, rows);
      expect(result).toMatchObject({ http: 500, status: 500 });
    } finally {
      await s.db.execute(sql`alter table students drop constraint import_test_refuse`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a teacher and another school, and changes nothing', async () => {
    const before = await snapshot();
    const params = { schoolId: s.sid, rows: batchRows(STUDENT_HEADER, [['周七', '男', 'S9', '', '八年级(1)班']]) };
    expectForbidden(await s.as(s.sessions.teacher, api.batchAddStudents, params));
    expectForbidden(await s.call(api.batchAddStudents, { ...params, schoolId: String(s.other.school.id) }));
    expectForbidden(
      await s.call(api.batchAddClasses, {
        schoolId: String(s.other.school.id),
        rows: batchRows(CLASS_HEADER, [['八年级(9)班', '八年级', '2025', '']]),
      }),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('a 10,000-row students file', () => {
  it('previews and commits every row, then a re-run changes nothing', { timeout: 180_000 }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `学生${i}`,
      i % 2 ? '女' : '男',
      `B${String(i).padStart(5, '0')}`,
      `E${i}`,
      i % 2 ? '八年级(1)班' : '八年级(2)班',
    ]);
    const file = await xlsxOf(STUDENT_HEADER, rows);
    const previewed = await upload<ImportPreview>(
      s.t.app,
      api.importPreview,
      { schoolId: s.sid, kind: 'students' },
      { fileName: '一万名学生.xlsx', buffer: file },
      { session: s.sessions.admin as StoredUser },
    );
    const preview = expectOk(previewed);
    expect({ valid: preview.validCount, errors: preview.errorCount }).toEqual({ valid: 10_000, errors: 0 });

    const params = { schoolId: s.sid, rows: preview.rows.map(({ rowNo, values }) => ({ rowNo, values })) };
    expect(expectOk(await s.call<ImportResult>(api.batchAddStudents, params))).toMatchObject({
      created: 10_000,
      skipped: [],
    });
    const [imported] = await s.db.select({ n: count() }).from(students).where(like(students.studentNo, 'B%'));
    expect(imported?.n).toBe(10_000);
    expect(expectOk(await s.call<ImportResult>(api.batchAddStudents, params))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 10_000,
    });
  });
});
