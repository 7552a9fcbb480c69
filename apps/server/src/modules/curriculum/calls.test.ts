import {
  curriculumApi as api,
  type CurriculumCourse,
  type Major,
  type MajorLesson,
  type MajorPlan,
  type StoredUser,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/client.ts';
import { makeTeacher } from '../../test/factories.ts';
import { expectFailure, expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../test/school-base-fixture.ts';

// Curriculum calls (issue #19 part 3): the setting, courses, majors by enter year, a major's plan
// and lessons — a working case, bad input with a Chinese message, and another school's ids
// refused with 403 with nothing changed.

let s: SchoolBaseSetup;
let otherAdmin: StoredUser;
let otherCourse: CurriculumCourse;
let otherMajor: Major;

beforeAll(async () => {
  s = await setUpSchoolBase();
  const teacher = await makeTeacher(s.db, { schoolId: s.other.school.id, type: 5, name: '外校教务' });
  otherAdmin = await login(s.t.app, teacher.phone, teacher.user.password);
  const other = { schoolId: String(s.other.school.id) };
  otherCourse = expectOk(await s.as<CurriculumCourse>(otherAdmin, api.saveCourse, { ...other, name: '外校课程' }));
  otherMajor = expectOk(await s.as<Major>(otherAdmin, api.saveMajor, { ...other, name: '外校专业', enterYear: 2026 }));
}, 60_000);
afterAll(async () => s?.t.close());

describe('the majors setting', () => {
  it('is off until the administrator turns it on; teachers read it, cannot change it', async () => {
    expect(expectOk(await s.as(s.sessions.teacher, api.getSetting, { schoolId: s.sid }))).toEqual({
      majorsEnabled: false,
    });
    expect((await s.as(s.sessions.teacher, api.saveSetting, { schoolId: s.sid, majorsEnabled: true })).http).toBe(403);
    expectOk(await s.call(api.saveSetting, { schoolId: s.sid, majorsEnabled: true }));
    expect(expectOk(await s.call(api.getSetting, { schoolId: s.sid }))).toEqual({ majorsEnabled: true });
    expectFailure(await s.call(api.saveSetting, { schoolId: s.sid, majorsEnabled: '是' }), 400, '请选择是否启用专业');
    expect((await s.as(otherAdmin, api.saveSetting, { schoolId: s.sid, majorsEnabled: false })).http).toBe(403);
    expect(expectOk(await s.call(api.getSetting, { schoolId: s.sid }))).toEqual({ majorsEnabled: true });
  });
});

describe('courses, majors, plans and lessons', () => {
  let course: CurriculumCourse;
  let major: Major;
  let plan: MajorPlan;

  it('adds, lists and updates courses; names are unique; bad input named in Chinese', async () => {
    course = expectOk(
      await s.call<CurriculumCourse>(api.saveCourse, {
        schoolId: s.sid,
        name: '电工基础',
        kind: '专业核心课',
        credits: 3.5,
        hours: '64',
      }),
    );
    expect(course).toMatchObject({ name: '电工基础', kind: '专业核心课', credits: 3.5, hours: 64, code: '' });
    expectFailure(await s.call(api.saveCourse, { schoolId: s.sid, name: '电工基础' }), 409, '课程“电工基础”已存在');
    expectFailure(
      await s.call(api.saveCourse, { schoolId: s.sid, name: '制图', credits: 1.3 }),
      400,
      '学分只能是0.5的整数倍',
    );
    expectFailure(await s.call(api.saveCourse, { schoolId: s.sid, name: '制图', kind: '必修' }), 400, /课程类别只能是/);
    const renamed = expectOk(
      await s.call<CurriculumCourse>(api.updateCourse, {
        schoolId: s.sid,
        courseId: course.courseId,
        name: '电工技术基础',
      }),
    );
    expect(renamed.name).toBe('电工技术基础');
    const list = expectOk(await s.as<CurriculumCourse[]>(s.sessions.teacher, api.getCourses, { schoolId: s.sid }));
    expect(list.map((c) => c.name)).toEqual(['电工技术基础']);
  });

  it('keeps majors by enter year', async () => {
    major = expectOk(
      await s.call<Major>(api.saveMajor, { schoolId: s.sid, name: '电子技术应用', enterYear: 2026, years: 3 }),
    );
    expectOk(await s.call(api.saveMajor, { schoolId: s.sid, name: '电子技术应用', enterYear: 2025 }));
    expectFailure(
      await s.call(api.saveMajor, { schoolId: s.sid, name: '电子技术应用', enterYear: 2026 }),
      409,
      '2026级已有专业“电子技术应用”',
    );
    expectFailure(
      await s.call(api.saveMajor, { schoolId: s.sid, name: '数控', enterYear: 1999 }),
      400,
      '入学年份不能早于2000年',
    );
    const of2026 = expectOk(await s.call<Major[]>(api.listMajors, { schoolId: s.sid, enterYear: 2026 }));
    expect(of2026.map((m) => [m.name, m.enterYear])).toEqual([['电子技术应用', 2026]]);
    expect(expectOk(await s.call<Major[]>(api.listMajors, { schoolId: s.sid }))).toHaveLength(2);
  });

  it("builds the major's plan by term and its lessons", async () => {
    plan = expectOk(
      await s.call<MajorPlan>(api.savePlan, {
        schoolId: s.sid,
        majorId: major.majorId,
        term: 1,
        courseId: course.courseId,
        hours: 64,
        credits: 4,
      }),
    );
    expect(plan).toMatchObject({ term: 1, courseName: '电工技术基础', assessment: '考试' });
    expectFailure(
      await s.call(api.savePlan, { schoolId: s.sid, majorId: major.majorId, term: 7, courseId: course.courseId }),
      422,
      '电子技术应用学制3年，没有第7学期（课程“电工技术基础”）',
    );
    expectFailure(
      await s.call(api.savePlan, { schoolId: s.sid, majorId: major.majorId, term: 1, courseId: course.courseId }),
      409,
      '第1学期已排有该课程',
    );
    const list = expectOk(
      await s.call<MajorPlan[]>(api.savePlanList, {
        schoolId: s.sid,
        majorId: major.majorId,
        plans: [
          { term: 1, courseId: course.courseId, hours: 72, credits: 4 },
          { term: 2, courseId: course.courseId, hours: 36, credits: 2, assessment: '考查' },
        ],
      }),
    );
    expect(list.map((p) => [p.term, p.hours, p.assessment])).toEqual([
      [1, 72, '考试'],
      [2, 36, '考查'],
    ]);
    expect(list[0]!.planId).toBe(plan.planId);

    const lessons = expectOk(
      await s.call<MajorLesson[]>(api.saveLessonList, {
        schoolId: s.sid,
        planId: plan.planId,
        lessons: [
          { lessonNo: 1, title: '电路的基本概念', hours: 2 },
          { lessonNo: 2, title: '欧姆定律', hours: 4 },
        ],
      }),
    );
    expect(lessons.map((l) => l.title)).toEqual(['电路的基本概念', '欧姆定律']);
    expectFailure(
      await s.call(api.saveLesson, { schoolId: s.sid, planId: plan.planId, lessonNo: 2, title: '重复' }),
      409,
      '第2次课已存在',
    );
    expectFailure(
      await s.call(api.saveLessonList, {
        schoolId: s.sid,
        planId: plan.planId,
        lessons: [
          { lessonNo: 1, title: '甲' },
          { lessonNo: 1, title: '乙' },
        ],
      }),
      400,
      '第1次课重复',
    );
    const updated = expectOk(
      await s.call<MajorLesson>(api.updateLesson, {
        schoolId: s.sid,
        lessonId: lessons[1]!.lessonId,
        lessonNo: 3,
        title: '欧姆定律及应用',
      }),
    );
    expect(updated).toMatchObject({ lessonNo: 3, hours: 2 });
    expect(
      expectOk(
        await s.as<MajorLesson[]>(s.sessions.teacher, api.getLessons, { schoolId: s.sid, majorId: major.majorId }),
      ),
    ).toHaveLength(2);
    expectFailure(
      await s.call(api.deleteCourses, { schoolId: s.sid, ids: [course.courseId] }),
      422,
      '课程“电工技术基础”已排入教学计划，不能删除',
    );
    expectOk(await s.call(api.deleteLessons, { schoolId: s.sid, ids: [lessons[0]!.lessonId] }));
    expect(
      expectOk(await s.call<MajorLesson[]>(api.getLessons, { schoolId: s.sid, majorId: major.majorId })),
    ).toHaveLength(1);
  });

  it("refuses another school's course, major, plan and lesson with 403 and changes nothing", async () => {
    const forbidden = async (result: Promise<{ http: number }>) => expect((await result).http).toBe(403);
    await forbidden(s.call(api.updateCourse, { schoolId: s.sid, courseId: otherCourse.courseId, name: '改名' }));
    await forbidden(s.call(api.deleteCourses, { schoolId: s.sid, ids: [otherCourse.courseId] }));
    await forbidden(s.call(api.getPlans, { schoolId: s.sid, majorId: otherMajor.majorId }));
    await forbidden(s.call(api.deleteMajors, { schoolId: s.sid, ids: [otherMajor.majorId, major.majorId] }));
    await forbidden(
      s.call(api.savePlan, { schoolId: s.sid, majorId: major.majorId, term: 3, courseId: otherCourse.courseId }),
    );
    await forbidden(s.as(otherAdmin, api.deletePlans, { schoolId: String(s.other.school.id), ids: [plan.planId] }));
    await forbidden(s.as(otherAdmin, api.getCourses, { schoolId: s.sid }));
    await forbidden(s.as(s.sessions.student, api.getCourses, { schoolId: s.sid }));
    const other = { schoolId: String(s.other.school.id) };
    expect(expectOk(await s.as<CurriculumCourse[]>(otherAdmin, api.getCourses, other))).toEqual([otherCourse]);
    expect(expectOk(await s.as<Major[]>(otherAdmin, api.listMajors, other))).toEqual([otherMajor]);
    expect(expectOk(await s.call<MajorPlan[]>(api.getPlans, { schoolId: s.sid, majorId: major.majorId }))).toHaveLength(
      2,
    );
  });

  it('deletes a major with its plan and lessons', async () => {
    expectOk(await s.call(api.deleteMajors, { schoolId: s.sid, ids: [major.majorId] }));
    expectFailure(await s.call(api.getPlans, { schoolId: s.sid, majorId: major.majorId }), 404, '专业不存在或已删除');
    expectOk(await s.call(api.deleteCourses, { schoolId: s.sid, ids: [course.courseId] }));
  });
});
