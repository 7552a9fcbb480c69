import { schoolBaseApi as api } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeClass,
  makeClassTeacher,
  makeGrade,
  makeOrganLeader,
  makeStudent,
  makeTeacher,
} from '../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../test/school-base-fixture.ts';

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
});
afterAll(() => s.t.close());

describe('table_info/refresh', () => {
  it("counts the school's base data and nothing of another school", async () => {
    await makeGrade(s.db, s.school.id, 8, [1]);
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, status: 2 });
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.terms[0]!.id,
      classId: cls.id,
      teacherId: teacher.id,
      isHead: true,
    });
    await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: teacher.id, role: 1 });
    const counts = expectOk(await s.as(s.sessions.teacher, api.refreshTableInfo, { schoolId: s.sid }));
    // Teachers: the administrator's own record and the one added here.
    expect(counts).toEqual({ grades: 1, classes: 1, students: 1, teachers: 2, classTeachers: 1, organLeaders: 1 });
  });

  it('refuses a missing school, another school, students and managers', async () => {
    expectFailure(await s.call(api.refreshTableInfo, {}), 400, '学校不能为空');
    expectForbidden(await s.call(api.refreshTableInfo, { schoolId: String(s.other.school.id) }));
    await expectRoleRefusals(s, api.refreshTableInfo, { schoolId: s.sid }, false);
  });
});
