import { authApi, IMPORT_KINDS } from '@huikao/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import {
  classes,
  classTeachers,
  classYears,
  eduCourses,
  examStudents,
  multiExams,
  organLeaders,
  schoolGradeCourses,
  schoolGrades,
  schools,
  schoolYears,
  singleExams,
  students,
  teachers,
  users,
} from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SCHOOL, seedDemoSchool } from './demo-school.ts';
import { DEMO_UNION, PARTNER_SCHOOLS } from './demo-union.ts';

describe('demo school seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function baseDataSnapshot() {
    const db = t.database.db;
    return Promise.all([
      db.select().from(users).orderBy(asc(users.id)),
      db.select().from(teachers).orderBy(asc(teachers.id)),
      db.select().from(students).orderBy(asc(students.id)),
      db.select().from(classes).orderBy(asc(classes.id)),
      db.select().from(classYears).orderBy(asc(classYears.classId), asc(classYears.schoolYearId)),
      db.select().from(classTeachers).orderBy(asc(classTeachers.id)),
      db.select().from(organLeaders).orderBy(asc(organLeaders.id)),
      db.select().from(schoolGradeCourses).orderBy(asc(schoolGradeCourses.id)),
    ]);
  }

  it('creates the demo accounts and base data once and changes nothing when run again', async () => {
    const first = await seedDemoSchool(t.database.db);
    expect(first.created).toEqual(['admin01', 'teacher01', 'student01', 'manager01']);
    expect(first.baseData).toEqual({
      classes: { created: 36, updated: 0, unchanged: 0, skipped: [] },
      teachers: { created: 91, updated: 0, unchanged: 0, skipped: [] },
      students: { created: 36 * 45, updated: 0, unchanged: 0, skipped: [] },
      class_teachers: { created: 6 * 7 + 6 * 9 + 6 * 9 + 18 * 9, updated: 0, unchanged: 0, skipped: [] },
      organ_leaders: { created: 2 + 6 + 3, updated: 0, unchanged: 0, skipped: [] },
    });
    const before = await baseDataSnapshot();
    const second = await seedDemoSchool(t.database.db);
    expect(second.created).toEqual([]);
    expect(second.exams).toEqual([]);
    // The demo question bank: every question tagged with paths that exist in its trees.
    expect(first.questionBank.courses).toBeGreaterThanOrEqual(5);
    expect(first.questionBank.questions).toBeGreaterThanOrEqual(150);
    expect(first.questionBank.unmatchedPaths).toBe(0);
    // The second start finds every demo question stored and imports nothing.
    expect(second.questionBank.questions).toBe(0);
    for (const kind of IMPORT_KINDS) {
      expect(second.baseData[kind]).toMatchObject({ created: 0, updated: 0, skipped: [] });
    }
    expect(await baseDataSnapshot()).toEqual(before);
  }, 180_000);

  it('runs grades 七年级 to 高三 with their courses, six classes each, in both school years', async () => {
    const db = t.database.db;
    const [demo] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, DEMO_SCHOOL.code));
    const [{ n: grades }] = (await db
      .select({ n: count() })
      .from(schoolGrades)
      .where(eq(schoolGrades.schoolId, demo!.id))) as [{ n: number }];
    expect(grades).toBe(6);
    const eighth = await db
      .select({ name: eduCourses.name })
      .from(schoolGradeCourses)
      .innerJoin(schoolGrades, eq(schoolGrades.id, schoolGradeCourses.schoolGradeId))
      .innerJoin(eduCourses, eq(eduCourses.id, schoolGradeCourses.courseId))
      .where(and(eq(schoolGrades.gradeId, 8), eq(schoolGrades.schoolId, demo!.id)));
    expect(eighth.map((c) => c.name).sort()).toEqual(
      ['历史', '地理', '物理', '生物', '英语', '语文', '道德与法治', '数学', '信息技术'].sort(),
    );
    const perYear = await db
      .select({ year: schoolYears.name, n: count() })
      .from(classYears)
      .innerJoin(schoolYears, eq(schoolYears.id, classYears.schoolYearId))
      .where(eq(schoolYears.schoolId, demo!.id))
      .groupBy(schoolYears.name)
      .orderBy(schoolYears.name);
    expect(perYear).toEqual([
      { year: '2025-2026学年', n: 24 },
      { year: '2026-2027学年', n: 36 },
    ]);
  });

  it('seeds a 联考 of four schools of the demo area, about 2,000 students, on the same papers', async () => {
    const db = t.database.db;
    const members = await db
      .select({ school: schools.name, seats: count() })
      .from(multiExams)
      .innerJoin(schools, eq(schools.id, multiExams.schoolId))
      .innerJoin(singleExams, eq(singleExams.multiExamId, multiExams.id))
      .innerJoin(examStudents, eq(examStudents.singleExamId, singleExams.id))
      .where(eq(multiExams.unionKey, DEMO_UNION.key))
      .groupBy(schools.name)
      .orderBy(schools.name);
    const classCount = (name: string) => PARTNER_SCHOOLS.find((p) => p.name === name)?.classOffsets.length ?? 6;
    // Nine courses each; 45 students a class.
    expect(members.map((m) => [m.school, m.seats])).toEqual(
      members.map((m) => [m.school, classCount(m.school) * 45 * 9]),
    );
    expect(members).toHaveLength(4);
    const students = members.reduce((sum, m) => sum + m.seats / 9, 0);
    expect(students).toBe(45 * (6 + 12 + 14 + 12));
  });

  it('links teacher01 and student01 to their records, classes and links', async () => {
    const db = t.database.db;
    const [teacher01] = await db
      .select({ teacherId: teachers.id, name: teachers.name })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.loginName, 'teacher01'));
    expect(teacher01?.name).toBe('李明华');
    const links = await db
      .select({ className: classes.name, courseName: eduCourses.name, isHead: classTeachers.isHead })
      .from(classTeachers)
      .innerJoin(classes, eq(classes.id, classTeachers.classId))
      .leftJoin(eduCourses, eq(eduCourses.id, classTeachers.courseId))
      .where(eq(classTeachers.teacherId, teacher01!.teacherId))
      .orderBy(classes.name);
    expect(links).toEqual([
      { className: '八年级(1)班', courseName: '数学', isHead: true },
      { className: '八年级(2)班', courseName: '数学', isHead: false },
    ]);
    const [student01] = await db
      .select({ studentNo: students.studentNo, className: classes.name, name: students.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.loginName, 'student01'));
    expect(student01).toEqual({ studentNo: '20240801', className: '八年级(1)班', name: '张子涵' });
    const [admin01] = await db
      .select({ type: users.type })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(and(eq(users.loginName, 'admin01'), eq(teachers.name, '王建国')));
    expect(admin01?.type).toBe(5);
  });

  it('lets seeded students and teachers log in with the demo password, no change forced', async () => {
    const student = await login(t.app, 'hksy2025080102', DEMO_PASSWORD);
    expect(student).toMatchObject({ type: 2, userCode: '2025080102', mustChangePsw: false });
    const teacher = await login(t.app, '13800000005', DEMO_PASSWORD);
    expect(teacher).toMatchObject({ type: 1, mustChangePsw: false });
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.loginName, a.type] as const))(
    '%s logs in as type %i',
    async (loginName, type) => {
      const session = await login(t.app, loginName, DEMO_PASSWORD);
      expect(session.type).toBe(type);
      const info = await call<{ user: { schoolName: string } }>(t.app, authApi.findUserInfo, {}, { session });
      expect(info.data.user.schoolName).toBe('慧考实验中学');
    },
  );

  it('gives manager01 the demo area and today a school year and term', async () => {
    const manager = await login(t.app, 'manager01', DEMO_PASSWORD);
    const info = await call<{ schoolRelations: { relationName: string }[] }>(
      t.app,
      authApi.findUserInfo,
      {},
      {
        session: manager,
      },
    );
    // The demo school and the three partner schools of the 联考, all in the demo area.
    expect(info.data.schoolRelations.map((r) => r.relationName)).toEqual(Array(4).fill('慧考示范区'));
    const teacher = await login(t.app, 'teacher01', DEMO_PASSWORD);
    const sgt = await call(
      t.app,
      authApi.findSGTByDate,
      { schoolId: teacher.schoolId, date: '2026-11-21' },
      {
        session: teacher,
      },
    );
    expect(sgt.data).toMatchObject({ schoolYear: { name: '2026-2027学年' }, term: { name: '上学期' } });
  });
});
