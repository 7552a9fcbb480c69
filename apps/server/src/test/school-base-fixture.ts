import type { Endpoint, StoredUser } from '@huikao/contracts';
import { expect } from 'vitest';
import { schoolToday } from '../modules/school-base/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { type CallResult, call, login } from './client.ts';
import { makeArea, makeClass, makeGrade, makeSchool, makeSchoolYear, makeTeacher, makeUser } from './factories.ts';

/**
 * One school as the school base tests need it: a school year covering today with its two terms,
 * an administrator (type 5), a teacher (1), a student (2) and a manager (4), all signed in; and a
 * second school with a grade, class and teacher of its own, whose ids must be refused (403).
 */
export async function setUpSchoolBase(appOptions: Parameters<typeof createTestApp>[1] = {}) {
  const t: TestApp = await createTestApp({}, appOptions);
  const db = t.database.db;
  const area = await makeArea(db, '示范区');
  const school = await makeSchool(db, { name: '第一中学', areaId: area.id });
  const other = await makeSchool(db, { name: '第二中学', areaId: area.id });
  const today = schoolToday();
  const startYear = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 9 ? 0 : 1);
  const { year, terms } = await makeSchoolYear(db, school.id, startYear);
  const otherYear = await makeSchoolYear(db, other.id, startYear);
  const otherGrade = await makeGrade(db, other.id, 8, [1, 2]);
  const otherClass = await makeClass(db, { schoolId: other.id, gradeId: 8, schoolYearId: otherYear.year.id });
  const otherTeacher = await makeTeacher(db, { schoolId: other.id, name: '外校教师' });

  const signIn = async (type: 1 | 2 | 4 | 5) => {
    const user = await makeUser(db, { schoolId: school.id, type });
    return login(t.app, user.loginName, user.password);
  };
  const adminTeacher = await makeTeacher(db, { schoolId: school.id, type: 5, name: '王教务' });
  const admin = await login(t.app, adminTeacher.phone, adminTeacher.user.password);
  const [teacher, student, manager] = [await signIn(1), await signIn(2), await signIn(4)];

  return {
    t,
    db,
    school,
    other: {
      school: other,
      year: otherYear.year,
      terms: otherYear.terms,
      grade: otherGrade,
      class: otherClass,
      teacher: otherTeacher,
    },
    year,
    terms,
    startYear,
    adminTeacher,
    sessions: { admin, teacher, student, manager },
    /** Calls as the administrator unless another session is given. */
    as: <T = unknown>(session: StoredUser, endpoint: Endpoint, params: Record<string, unknown>) =>
      call<T>(t.app, endpoint, params, { session }),
    call: <T = unknown>(endpoint: Endpoint, params: Record<string, unknown>) =>
      call<T>(t.app, endpoint, params, { session: admin }),
    sid: String(school.id),
  };
}

export type SchoolBaseSetup = Awaited<ReturnType<typeof setUpSchoolBase>>;

export function expectOk<T>(result: CallResult<T>): T {
  expect(result, result.message).toMatchObject({ http: 200, status: 200 });
  return result.data;
}

export function expectForbidden(result: CallResult): void {
  expect(result.http, result.message).toBe(403);
}

export function expectFailure(result: CallResult, status: number, message: string | RegExp): void {
  expect(result.http).toBe(200);
  expect(result.status, result.message).toBe(status);
  if (typeof message === 'string') expect(result.message).toBe(message);
  else expect(result.message).toMatch(message);
}

/**
 * The permission checks of roles-and-permissions.md for one call: a write is refused to a type-1
 * teacher; every school base call is refused to students and managers.
 */
export async function expectRoleRefusals(
  s: SchoolBaseSetup,
  endpoint: Endpoint,
  params: Record<string, unknown>,
  write: boolean,
) {
  expectForbidden(await s.as(s.sessions.student, endpoint, params));
  expectForbidden(await s.as(s.sessions.manager, endpoint, params));
  if (write) expectForbidden(await s.as(s.sessions.teacher, endpoint, params));
}
