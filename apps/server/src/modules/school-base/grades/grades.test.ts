import { schoolBaseApi as api, type Education, type SchoolGrade } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolGradeCourses, schoolGrades } from '../../../db/schema.ts';
import { makeClass, makeClassTeacher, makeGrade, makeOrganLeader, makeTeacher } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
});
afterAll(() => s.t.close());

describe('education/get', () => {
  it('returns the platform catalogue to teachers', async () => {
    const education = expectOk(await s.as<Education>(s.sessions.teacher, api.education, { schoolId: s.sid }));
    expect(education.grades).toHaveLength(12);
    expect(education.grades[7]).toEqual({ gradeId: '8', name: '八年级', stage: 2 });
    expect(education.courses.map((c) => c.name)).toContain('道德与法治');
  });

  it('refuses students, managers, a missing school and another school', async () => {
    await expectRoleRefusals(s, api.education, { schoolId: s.sid }, false);
    expectFailure(await s.call(api.education, {}), 400, '学校不能为空');
    expectForbidden(await s.call(api.education, { schoolId: String(s.other.school.id) }));
  });
});

describe('grade/add and grade_course/get', () => {
  it('adds a grade with courses, then adds missing courses to it', async () => {
    const added = expectOk(
      await s.call<SchoolGrade>(api.addGrade, { schoolId: s.sid, gradeId: '7', courseIds: ['1', '2'] }),
    );
    expect(added).toMatchObject({ gradeId: '7', gradeName: '七年级', stage: 2 });
    expect(added.schoolGradeCourses.map((c) => c.courseName)).toEqual(['语文', '数学']);
    const again = expectOk(
      await s.call<SchoolGrade>(api.addGrade, { schoolId: s.sid, gradeId: '7', courseIds: ['3', '2'] }),
    );
    expect(again.sgId).toBe(added.sgId);
    expect(again.schoolGradeCourses.map((c) => c.courseName)).toEqual(['语文', '数学', '英语']);

    const list = expectOk(await s.as<SchoolGrade[]>(s.sessions.teacher, api.gradeCourses, { schoolId: s.sid }));
    expect(list.map((g) => g.gradeName)).toEqual(['七年级']);
    expect(list[0]?.schoolGradeCourses).toHaveLength(3);
  });

  it('refuses bad input with a message naming the field', async () => {
    expectFailure(await s.call(api.addGrade, { schoolId: s.sid }), 400, '年级不能为空');
    expectFailure(await s.call(api.addGrade, { schoolId: s.sid, gradeId: 'x' }), 400, '年级编号不正确：x');
    expectFailure(await s.call(api.addGrade, { schoolId: s.sid, gradeId: '13' }), 404, '年级不存在（gradeId 13）');
    expectFailure(
      await s.call(api.addGrade, { schoolId: s.sid, gradeId: '7', courseIds: ['99'] }),
      404,
      '学科不存在（courseId 99）',
    );
    expectFailure(
      await s.call(api.addGrade, { schoolId: s.sid, gradeId: '1', courseIds: ['4', '8'] }),
      422,
      '物理、政治不是小学学科，不能加入一年级',
    );
  });

  it('refuses teachers, students, managers and another school, changing nothing', async () => {
    const params = { schoolId: s.sid, gradeId: '9', courseIds: [] };
    await expectRoleRefusals(s, api.addGrade, params, true);
    expectForbidden(await s.call(api.addGrade, { ...params, schoolId: String(s.other.school.id) }));
    const rows = await s.db.select().from(schoolGrades).where(eq(schoolGrades.gradeId, 9));
    expect(rows).toEqual([]);
  });
});

describe('course/delete', () => {
  it('deletes an unused grade course', async () => {
    const grade = await makeGrade(s.db, s.school.id, 10, [1, 2]);
    const sgcId = grade.sgcIds.get(2)!;
    expectOk(await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(sgcId) }));
    expect(await s.db.select().from(schoolGradeCourses).where(eq(schoolGradeCourses.id, sgcId))).toEqual([]);
    expectFailure(
      await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(sgcId) }),
      404,
      '该年级学科不存在或已删除',
    );
  });

  it('refuses a course that class-teacher links or leaders use, saying what uses it', async () => {
    const grade = await makeGrade(s.db, s.school.id, 11, [1, 2]);
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 11, schoolYearId: s.year.id });
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.terms[0]!.id,
      classId: cls.id,
      teacherId: teacher.id,
      courseId: 2,
    });
    await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: teacher.id, role: 5, gradeId: 11, courseId: 1 });
    expectFailure(
      await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(grade.sgcIds.get(2)) }),
      422,
      '高二数学还有 1 条任课关系，不能删除',
    );
    expectFailure(
      await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(grade.sgcIds.get(1)) }),
      422,
      '高二语文还有 1 个备课组长职务，不能删除',
    );
  });

  it("refuses another school's course with 403 and keeps it", async () => {
    const sgcId = s.other.grade.sgcIds.get(1)!;
    expectForbidden(await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(sgcId) }));
    expect(await s.db.select().from(schoolGradeCourses).where(eq(schoolGradeCourses.id, sgcId))).toHaveLength(1);
    await expectRoleRefusals(s, api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(sgcId) }, true);
    expectFailure(await s.call(api.deleteGradeCourse, { schoolId: s.sid }), 400, '年级学科不能为空');
  });
});

describe('grade/delete', () => {
  it('deletes an unused grade with its courses', async () => {
    const grade = await makeGrade(s.db, s.school.id, 3, [1, 2]);
    expectOk(await s.call(api.deleteGrade, { schoolId: s.sid, sgId: String(grade.sgId) }));
    expect(await s.db.select().from(schoolGrades).where(eq(schoolGrades.id, grade.sgId))).toEqual([]);
    expect(
      await s.db.select().from(schoolGradeCourses).where(eq(schoolGradeCourses.schoolGradeId, grade.sgId)),
    ).toEqual([]);
  });

  it('refuses a grade with classes, links or leaders', async () => {
    const withClass = await makeGrade(s.db, s.school.id, 12, [1]);
    await makeClass(s.db, { schoolId: s.school.id, gradeId: 12, schoolYearId: s.year.id });
    expectFailure(
      await s.call(api.deleteGrade, { schoolId: s.sid, sgId: String(withClass.sgId) }),
      422,
      '高三还有 1 个班级，不能删除',
    );

    const withLeader = await makeGrade(s.db, s.school.id, 4, []);
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: teacher.id, role: 3, gradeId: 4 });
    expectFailure(
      await s.call(api.deleteGrade, { schoolId: s.sid, sgId: String(withLeader.sgId) }),
      422,
      '四年级还有 1 个组织领导职务（年级主任或备课组长），不能删除',
    );
  });

  it("refuses another school's grade with 403 and keeps it", async () => {
    const sgId = String(s.other.grade.sgId);
    expectForbidden(await s.call(api.deleteGrade, { schoolId: s.sid, sgId }));
    expect(await s.db.select().from(schoolGrades).where(eq(schoolGrades.id, s.other.grade.sgId))).toHaveLength(1);
    await expectRoleRefusals(s, api.deleteGrade, { schoolId: s.sid, sgId }, true);
    expectFailure(await s.call(api.deleteGrade, { schoolId: s.sid, sgId: '999999' }), 404, '该年级不存在或已删除');
  });
});
