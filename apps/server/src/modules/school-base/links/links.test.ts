import { schoolBaseApi as api, type ClassTeacher } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classTeachers } from '../../../db/schema.ts';
import { schoolToday } from '../../../platform/school-today.ts';
import { makeClass, makeClassTeacher, makeGrade, makeSchoolYear, makeTeacher } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';

let s: SchoolBaseSetup;
let cls: { id: number };
let li: { id: number };
let wang: { id: number };
let termId: string;
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2, 3]);
  cls = await makeClass(s.db, {
    schoolId: s.school.id,
    gradeId: 8,
    schoolYearId: s.year.id,
    name: '1班',
    enterYear: 2025,
  });
  li = await makeTeacher(s.db, { schoolId: s.school.id, name: '李明华' });
  wang = await makeTeacher(s.db, { schoolId: s.school.id, name: '王芳' });
  termId = String(s.terms[0]!.id);
});
afterAll(() => s.t.close());

const add = (params: Record<string, unknown>) =>
  s.call<ClassTeacher>(api.addClassTeacher, {
    schoolId: s.sid,
    termId,
    classId: String(cls.id),
    teacherId: String(li.id),
    ...params,
  });

describe('class_teacher/add', () => {
  it('links a teacher to a course of the class, and a 班主任 without a course', async () => {
    const math = expectOk(await add({ courseId: '2' }));
    expect(math).toMatchObject({
      termId,
      className: '1班',
      gradeName: '八年级',
      courseName: '数学',
      teacherName: '李明华',
      isHead: false,
    });
    const head = expectOk(await add({ isHead: true }));
    expect(head).toMatchObject({ courseId: null, courseName: null, isHead: true });
  });

  it('keeps one teacher per course and one 班主任 per class and term', async () => {
    expectFailure(await add({ courseId: '2', teacherId: String(wang.id) }), 409, '八年级1班的数学已由 李明华 任教');
    expectFailure(
      await add({ courseId: '1', teacherId: String(wang.id), isHead: true }),
      409,
      '八年级1班的班主任已是 李明华',
    );
  });

  it("refuses a course the class's grade does not teach, and a class not in the term's year", async () => {
    expectFailure(await add({ courseId: '4' }), 422, '八年级1班所在年级没有开设物理，请先在“年级学科”中添加该学科');
    expectFailure(await add({ courseId: '77' }), 404, '学科不存在（courseId 77）');
    const future = await makeSchoolYear(s.db, s.school.id, s.startYear + 5);
    expectFailure(
      await add({ termId: String(future.terms[0]!.id), courseId: '1' }),
      422,
      `班级“1班”不在${future.year.name}的班级中，不能在该学期安排任课`,
    );
  });

  it('refuses bad input', async () => {
    expectFailure(await add({}), 400, '请选择学科，或将该教师设为班主任');
    expectFailure(await add({ teacherId: undefined, courseId: '3' }), 400, '教师不能为空');
    expectFailure(await add({ classId: '', courseId: '3' }), 400, '班级不能为空');
    expectFailure(await add({ termId: '999999', courseId: '3' }), 404, '该学期不存在或已删除');
  });

  it('refuses an id of another school with 403 and adds nothing', async () => {
    const before = await s.db.select().from(classTeachers);
    expectForbidden(await add({ courseId: '3', classId: String(s.other.class.id) }));
    expectForbidden(await add({ courseId: '3', teacherId: String(s.other.teacher.id) }));
    expectForbidden(await add({ courseId: '3', termId: String(s.other.terms[0]!.id) }));
    expectForbidden(await add({ courseId: '3', schoolId: String(s.other.school.id) }));
    await expectRoleRefusals(
      s,
      api.addClassTeacher,
      { schoolId: s.sid, termId, classId: String(cls.id), teacherId: String(li.id), courseId: '3' },
      true,
    );
    expect(await s.db.select().from(classTeachers)).toEqual(before);
  });
});

describe('class_teacher reads', () => {
  it("class_teacher/get lists a term's links, teacher_term a teacher's, grade_course/get the current term's", async () => {
    const english = expectOk(await add({ courseId: '3', teacherId: String(wang.id) }));
    const term = expectOk(
      await s.as<ClassTeacher[]>(s.sessions.teacher, api.classTeachers, { schoolId: s.sid, termId }),
    );
    expect(term.map((l) => [l.courseName, l.teacherName])).toEqual([
      [null, '李明华'],
      ['数学', '李明华'],
      ['英语', '王芳'],
    ]);
    const mine = expectOk(
      await s.call<ClassTeacher[]>(api.teacherTerms, { schoolId: s.sid, teacherId: String(wang.id) }),
    );
    expect(mine.map((l) => l.scteaId)).toEqual([english.scteaId]);

    // The current term is the one covering today: add a link in it and ask by grade.
    const today = schoolToday();
    const current = s.terms.find((t) => t.startDate <= today && today <= t.endDate)!;
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: current.id,
      classId: cls.id,
      teacherId: wang.id,
      courseId: 1,
    });
    const byGrade = expectOk(
      await s.call<ClassTeacher[]>(api.gradeCourseTeachers, {
        schoolId: s.sid,
        gradeId: '8',
        enterYear: 2025,
        courseId: '1',
      }),
    );
    expect(byGrade.map((l) => [l.termId, l.courseName, l.teacherName])).toEqual([[String(current.id), '语文', '王芳']]);
    expect(expectOk(await s.call<ClassTeacher[]>(api.gradeCourseTeachers, { schoolId: s.sid, gradeId: '9' }))).toEqual(
      [],
    );
  });

  it('refuses other schools, unknown ids and non-teachers', async () => {
    expectForbidden(await s.call(api.classTeachers, { schoolId: s.sid, termId: String(s.other.terms[0]!.id) }));
    expectForbidden(await s.call(api.teacherTerms, { schoolId: s.sid, teacherId: String(s.other.teacher.id) }));
    expectForbidden(await s.call(api.gradeCourseTeachers, { schoolId: String(s.other.school.id), gradeId: '8' }));
    expectFailure(
      await s.call(api.teacherTerms, { schoolId: s.sid, teacherId: '555555' }),
      404,
      '该教师不存在或已删除',
    );
    expectFailure(
      await s.call(api.gradeCourseTeachers, { schoolId: s.sid, gradeId: '20' }),
      404,
      '年级不存在（gradeId 20）',
    );
    await expectRoleRefusals(s, api.classTeachers, { schoolId: s.sid, termId }, false);
    await expectRoleRefusals(s, api.teacherTerms, { schoolId: s.sid, teacherId: String(li.id) }, false);
    await expectRoleRefusals(s, api.gradeCourseTeachers, { schoolId: s.sid, gradeId: '8' }, false);
  });
});

describe('class_teacher/delete', () => {
  it('deletes a link of the term, and refuses it under another term', async () => {
    const link = await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: Number(termId),
      classId: cls.id,
      teacherId: wang.id,
      courseId: 4,
    });
    const otherTerm = String(s.terms[1]!.id);
    expectFailure(
      await s.call(api.deleteClassTeacher, { schoolId: s.sid, termId: otherTerm, scteaId: String(link.id) }),
      404,
      '该学期中没有这条任课关系',
    );
    expectOk(await s.call(api.deleteClassTeacher, { schoolId: s.sid, termId, scteaId: String(link.id) }));
    expect(await s.db.select().from(classTeachers).where(eq(classTeachers.id, link.id))).toEqual([]);
  });

  it("refuses another school's link with 403 and keeps it", async () => {
    const link = await makeClassTeacher(s.db, {
      schoolId: s.other.school.id,
      termId: s.other.terms[0]!.id,
      classId: s.other.class.id,
      teacherId: s.other.teacher.id,
      courseId: 1,
    });
    const params = { schoolId: s.sid, termId, scteaId: String(link.id) };
    expectForbidden(await s.call(api.deleteClassTeacher, params));
    await expectRoleRefusals(s, api.deleteClassTeacher, params, true);
    expect(await s.db.select().from(classTeachers).where(eq(classTeachers.id, link.id))).toHaveLength(1);
    expectFailure(await s.call(api.deleteClassTeacher, { schoolId: s.sid, termId }), 400, '任课关系不能为空');
  });
});
