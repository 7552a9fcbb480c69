import { schoolBaseApi as api, type SchoolClass, type Student } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classYears } from '../../../db/schema.ts';
import {
  makeClass,
  makeClassTeacher,
  makeGrade,
  makeSchoolYear,
  makeStudent,
  makeTeacher,
} from '../../../test/factories.ts';
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
  await makeGrade(s.db, s.school.id, 7, [1, 2]);
  await makeGrade(s.db, s.school.id, 8, [1, 2, 4]);
});
afterAll(() => s.t.close());

const edit = (params: Record<string, unknown>) =>
  s.call<SchoolClass>(api.editClass, {
    schoolId: s.sid,
    name: '1班',
    gradeId: '7',
    enterYear: 2026,
    classType: 1,
    ...params,
  });

describe('class/edit', () => {
  it('adds a class to the current school year and edits it', async () => {
    const added = expectOk(await edit({ name: '3班' }));
    expect(added).toMatchObject({
      name: '3班',
      gradeName: '七年级',
      enterYear: 2026,
      classTypeName: '行政班',
      studentCount: 0,
      headTeacherName: null,
      graduated: false,
    });
    const years = await s.db
      .select()
      .from(classYears)
      .where(eq(classYears.classId, Number(added.classId)));
    expect(years).toEqual([{ classId: Number(added.classId), schoolYearId: s.year.id, gradeId: 7 }]);

    const edited = expectOk(await edit({ classId: added.classId, name: '3班（实验）', gradeId: '8', classType: 2 }));
    expect(edited).toMatchObject({
      classId: added.classId,
      name: '3班（实验）',
      gradeName: '八年级',
      classTypeName: '教学班',
    });
    const after = await s.db
      .select()
      .from(classYears)
      .where(eq(classYears.classId, Number(added.classId)));
    expect(after[0]?.gradeId).toBe(8);
  });

  it('refuses bad input, a grade the school does not run and a duplicate name', async () => {
    expectFailure(await edit({ name: '' }), 400, '请输入班级名称');
    expectFailure(await edit({ name: undefined }), 400, '请输入班级名称');
    expectFailure(await edit({ name: 'x'.repeat(31) }), 400, '班级名称最多30个字符');
    expectFailure(await edit({ enterYear: 'abc' }), 400, '入学年份必须是数字');
    expectFailure(await edit({ enterYear: 1990 }), 400, '入学年份不正确');
    expectFailure(await edit({ classType: 3 }), 400, '班级类型只能是 1（行政班）或 2（教学班）');
    expectFailure(await edit({ gradeId: undefined }), 400, '年级不能为空');
    expectFailure(await edit({ gradeId: '10' }), 422, '本校还没有开设高一，请先在“年级学科”中添加该年级');
    expectOk(await edit({ name: '5班' }));
    expectFailure(await edit({ name: '5班' }), 409, '2026级已有名为“5班”的班级');
    expectFailure(await edit({ classId: '99999', name: '6班' }), 404, '该班级不存在或已删除');
  });

  it("refuses another school's class with 403 and changes nothing", async () => {
    expectForbidden(await edit({ classId: String(s.other.class.id), name: '改名' }));
    const [row] = await s.db.select().from(classes).where(eq(classes.id, s.other.class.id));
    expect(row).toEqual(s.other.class);
    expectForbidden(await edit({ schoolId: String(s.other.school.id), gradeId: '8' }));
    await expectRoleRefusals(
      s,
      api.editClass,
      { schoolId: s.sid, name: '9班', gradeId: '7', enterYear: 2026, classType: 1 },
      true,
    );
  });
});

describe('class/get', () => {
  it("lists the term's classes with that year's grade, student count and 班主任", async () => {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id, name: '10班' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, status: 3 });
    const head = await makeTeacher(s.db, { schoolId: s.school.id, name: '赵老师' });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.terms[1]!.id,
      classId: cls.id,
      teacherId: head.id,
      isHead: true,
    });
    // Last year the class was in 七年级.
    const last = await makeSchoolYear(s.db, s.school.id, s.startYear - 1);
    await s.db.insert(classYears).values({ classId: cls.id, schoolYearId: last.year.id, gradeId: 7 });

    const now = expectOk(
      await s.as<SchoolClass[]>(s.sessions.teacher, api.classes, { schoolId: s.sid, termId: String(s.terms[1]!.id) }),
    );
    expect(now.find((c) => c.classId === String(cls.id))).toMatchObject({
      gradeName: '八年级',
      studentCount: 2,
      headTeacherName: '赵老师',
    });
    const autumn = expectOk(
      await s.call<SchoolClass[]>(api.classes, { schoolId: s.sid, termId: String(s.terms[0]!.id) }),
    );
    expect(autumn.find((c) => c.classId === String(cls.id))?.headTeacherName).toBeNull();
    const before = expectOk(
      await s.call<SchoolClass[]>(api.classes, { schoolId: s.sid, termId: String(last.terms[0]!.id) }),
    );
    expect(before.map((c) => [c.name, c.gradeName])).toEqual([['10班', '七年级']]);
  });

  it('refuses a missing term, an unknown one and one of another school', async () => {
    expectFailure(await s.call(api.classes, { schoolId: s.sid }), 400, '学期不能为空');
    expectFailure(await s.call(api.classes, { schoolId: s.sid, termId: '77777' }), 404, '该学期不存在或已删除');
    expectForbidden(await s.call(api.classes, { schoolId: s.sid, termId: String(s.other.terms[0]!.id) }));
    await expectRoleRefusals(s, api.classes, { schoolId: s.sid, termId: String(s.terms[0]!.id) }, false);
  });
});

describe('class/student_get', () => {
  it('lists the active classes of a grade with their students', async () => {
    const cls = await makeClass(s.db, {
      schoolId: s.school.id,
      gradeId: 7,
      schoolYearId: s.year.id,
      name: '20班',
      enterYear: 2025,
    });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '甲', studentNo: 'S2002' });
    await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id, name: '乙', studentNo: 'S2001' });
    type WithStudents = SchoolClass & { students: Student[] };
    const list = expectOk(
      await s.as<WithStudents[]>(s.sessions.teacher, api.classStudents, {
        schoolId: s.sid,
        gradeId: '7',
        enterYear: 2025,
      }),
    );
    expect(list.map((c) => c.name)).toEqual(['20班']);
    expect(list[0]?.students.map((st) => st.studentNo)).toEqual(['S2001', 'S2002']);
    const withCourse = expectOk(
      await s.call<WithStudents[]>(api.classStudents, { schoolId: s.sid, gradeId: '7', courseId: '4' }),
    );
    expect(withCourse).toEqual([]);
    expectFailure(await s.call(api.classStudents, { schoolId: s.sid }), 400, '年级不能为空');
    expectFailure(
      await s.call(api.classStudents, { schoolId: s.sid, gradeId: '7', enterYear: 'x' }),
      400,
      '入学年份必须是数字',
    );
    expectForbidden(await s.call(api.classStudents, { schoolId: String(s.other.school.id), gradeId: '8' }));
    await expectRoleRefusals(s, api.classStudents, { schoolId: s.sid, gradeId: '7' }, false);
  });
});

describe('class/delete', () => {
  it('refuses a class with students or links, with the count', async () => {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    for (let i = 0; i < 3; i++) await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id });
    expectFailure(
      await s.call(api.deleteClass, { schoolId: s.sid, classId: String(cls.id) }),
      422,
      '该班级还有 3 名学生，不能删除',
    );
    const linked = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.terms[0]!.id,
      classId: linked.id,
      teacherId: teacher.id,
      courseId: 2,
    });
    expectFailure(
      await s.call(api.deleteClass, { schoolId: s.sid, classId: String(linked.id) }),
      422,
      '该班级还有 1 条任课关系，不能删除',
    );
  });

  it('deletes an unused class with its year rows', async () => {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    expectOk(await s.call(api.deleteClass, { schoolId: s.sid, classId: String(cls.id) }));
    expect(await s.db.select().from(classes).where(eq(classes.id, cls.id))).toEqual([]);
    expect(await s.db.select().from(classYears).where(eq(classYears.classId, cls.id))).toEqual([]);
  });

  it("refuses another school's class with 403 and keeps it", async () => {
    const classId = String(s.other.class.id);
    expectForbidden(await s.call(api.deleteClass, { schoolId: s.sid, classId }));
    expect(await s.db.select().from(classes).where(eq(classes.id, s.other.class.id))).toHaveLength(1);
    await expectRoleRefusals(s, api.deleteClass, { schoolId: s.sid, classId }, true);
    expectFailure(await s.call(api.deleteClass, { schoolId: s.sid, classId: 'abc' }), 400, '班级编号不正确：abc');
  });
});
