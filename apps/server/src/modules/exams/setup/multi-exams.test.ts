import { examsApi as api, DEFAULT_SCORE_CONFIG, type MultiExam } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examStudents, multiExams, singleExams } from '../../../db/schema.ts';
import { type ExamsSetup, MATH, PHYSICS, putScore, setUpExams } from '../../../test/exams-fixture.ts';
import { makeClass, makeClassTeacher, makeGrade, makeStudent } from '../../../test/factories.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const newExam = (overrides: Record<string, unknown> = {}) => ({
  schoolId: s.sid,
  name: '八年级第一次月考',
  schyId: String(s.year.id),
  termId: String(s.term.id),
  gradeId: '8',
  examType: 1,
  startDate: s.term.startDate,
  endDate: s.term.startDate,
  subjects: [
    { courseId: String(MATH), fullMark: 120 },
    { courseId: String(PHYSICS), fullMark: 100 },
  ],
  ...overrides,
});

describe('saveMultiExam', () => {
  it('creates the exam, one single exam per subject and the students of every class of the grade', async () => {
    await s.call(api.saveOrUpdateSSC, {
      schoolId: s.sid,
      config: { ...DEFAULT_SCORE_CONFIG, rates: { excellent: 90, good: 75, pass: 60, low: 30 } },
    });
    const exam = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam()));
    expect(exam).toMatchObject({ name: '八年级第一次月考', status: 1, gradeName: '八年级', hiddenStudentOrder: '011' });
    expect(exam.settings.rates.excellent).toBe(90);
    expect(exam.settings).toMatchObject({ classIds: [], elaId: null });
    expect(exam.singleExams.map((e) => [e.courseName, e.fullMark, e.studentCount, e.status])).toEqual([
      ['数学', 120, 5, 1],
      ['物理', 100, 5, 1],
    ]);
    const seated = await s.db
      .select()
      .from(examStudents)
      .where(eq(examStudents.singleExamId, Number(exam.singleExams[0]!.seId)));
    const first = seated.find((r) => r.studentId === s.students[0]!.id)!;
    const second = seated.find((r) => r.studentId === s.students[1]!.id)!;
    expect(first.examNo).toBe('K0101');
    expect(second.examNo).toBe(s.students[1]!.studentNo);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, 'exams.multi-exam.add'));
    expect(audits).toHaveLength(1);
  });

  it('seats only the chosen classes', async () => {
    const exam = expectOk(
      await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '一班测验', classIds: [String(s.classes[0].id)] })),
    );
    expect(exam.singleExams.map((e) => e.studentCount)).toEqual([3, 3]);
  });

  it('refuses a term of another year, a grade the school does not run, a course not of the grade, bad dates', async () => {
    expectFailure(await s.call(api.saveMultiExam, newExam({ gradeId: '9' })), 400, '本校没有开设该年级（gradeId 9）');
    expectFailure(
      await s.call(api.saveMultiExam, newExam({ subjects: [{ courseId: '1', fullMark: 100 }] })),
      400,
      '学科（courseId 1）不是本校八年级的学科',
    );
    expectFailure(
      await s.call(api.saveMultiExam, newExam({ startDate: s.term.endDate, endDate: s.term.startDate })),
      400,
      '结束日期不能早于开始日期',
    );
    expectFailure(await s.call(api.saveMultiExam, newExam({ name: '' })), 400, '请输入考试名称');
    expectFailure(
      await s.call(api.saveMultiExam, newExam({ subjects: [{ courseId: String(MATH), fullMark: 0 }] })),
      400,
      '满分必须大于0',
    );
  });

  it('refuses a class of another grade with 400 and of another school with 403', async () => {
    const seventh = await makeClass(s.db, { schoolId: s.school.id, gradeId: 7, schoolYearId: s.year.id });
    expectFailure(
      await s.call(api.saveMultiExam, newExam({ classIds: [String(seventh.id)] })),
      400,
      /不是该学年的八年级班级/,
    );
    expectForbidden(await s.call(api.saveMultiExam, newExam({ classIds: [String(s.other.class.id)] })));
    expectForbidden(await s.call(api.saveMultiExam, newExam({ termId: String(s.other.terms[0]!.id) })));
    expectForbidden(await s.call(api.saveMultiExam, newExam({ schoolId: String(s.other.school.id) })));
  });

  it('is for the administrator only', async () => {
    await expectRoleRefusals(s, api.saveMultiExam, newExam(), true);
  });
});

describe('reading exams', () => {
  it('gets one exam with its single exams and counts', async () => {
    await putScore(s.db, s.math.id, s.students[0]!.id, { scores: { [s.questions[3]!.id]: 60 } });
    const exam = expectOk(
      await s.as<MultiExam>(s.sessions.teacher, api.getMultiExamByMeId, { schoolId: s.sid, meId: s.ids.meId }),
    );
    expect(
      exam.singleExams.map((e) => [e.courseName, e.questionCount, e.questionFullMark, e.studentCount, e.scoredCount]),
    ).toEqual([
      ['数学', 4, 100, 5, 1],
      ['英语', 0, 0, 5, 0],
    ]);
    expectForbidden(await s.call(api.getMultiExamByMeId, { schoolId: s.sid, meId: s.ids.otherMeId }));
    expectFailure(await s.call(api.getMultiExamByMeId, { schoolId: s.sid, meId: '999999' }), 404, '考试不存在或已删除');
    expectFailure(await s.call(api.getMultiExamByMeId, { schoolId: s.sid, meId: 'x' }), 400, '考试编号不正确：x');
    expectForbidden(await s.as(s.sessions.student, api.getMultiExamByMeId, { schoolId: s.sid, meId: s.ids.meId }));
  });

  it('lists the school year exams with filters', async () => {
    const page = expectOk(
      await s.call<{ list: MultiExam[]; total: number }>(api.findMultiExamBySchoolIdYear, {
        schoolId: s.sid,
        schyId: String(s.year.id),
        status: 2,
      }),
    );
    expect(page.list.map((e) => e.name)).toEqual(['八年级期中考试']);
    expectForbidden(
      await s.call(api.findMultiExamBySchoolIdYear, { schoolId: s.sid, schyId: String(s.other.year.id) }),
    );
  });

  it('findMyMultiExam: everything for type 5, the taught grades for type 1', async () => {
    const all = expectOk(await s.call<{ list: MultiExam[]; total: number }>(api.findMyMultiExam, { schoolId: s.sid }));
    expect(all.total).toBeGreaterThanOrEqual(3);
    const mine = expectOk(
      await s.as<{ list: MultiExam[] }>(s.sessions.mathTeacher, api.findMyMultiExam, { schoolId: s.sid }),
    );
    expect(mine.list.map((e) => e.name)).toContain('八年级期中考试');
    expect(mine.list.every((e) => e.gradeId === '8' && e.termId === String(s.term.id))).toBe(true);
    const none = expectOk(
      await s.as<{ list: MultiExam[] }>(s.sessions.teacher, api.findMyMultiExam, { schoolId: s.sid }),
    );
    expect(none.list).toEqual([]);
    expectForbidden(await s.call(api.findMyMultiExam, { schoolId: String(s.other.school.id) }));
  });
});

describe('updateMultiExam', () => {
  it('edits the exam, refuses changing the grade once students are seated', async () => {
    const exam = expectOk(
      await s.call<MultiExam>(api.updateMultiExam, {
        ...newExam({ name: '八年级期中考试（改）', examType: 2, hiddenStudentOrder: '001' }),
        meId: s.ids.meId,
      }),
    );
    expect(exam).toMatchObject({ name: '八年级期中考试（改）', hiddenStudentOrder: '001' });
    await makeClass(s.db, { schoolId: s.school.id, gradeId: 7, schoolYearId: s.year.id });
    expectFailure(
      await s.call(api.updateMultiExam, { ...newExam({ gradeId: '7' }), meId: s.ids.meId }),
      400,
      /本校没有开设该年级/,
    );
    await makeGrade(s.db, s.school.id, 7, [MATH]);
    expectFailure(
      await s.call(api.updateMultiExam, { ...newExam({ gradeId: '7' }), meId: s.ids.meId }),
      422,
      '考试已安排考生，不能修改学年或年级；请新建考试',
    );
    expectForbidden(await s.call(api.updateMultiExam, { ...newExam(), meId: s.ids.otherMeId }));
  });
});

describe('updateMultiExamStatus and deleteMultiExam', () => {
  it('moves 1→2 with every subject, 2→1 only without scores, refuses skipping', async () => {
    const exam = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '状态测试' })));
    const moved = expectOk(
      await s.call<MultiExam>(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 2 }),
    );
    expect(moved.status).toBe(2);
    expect(moved.singleExams.every((e) => e.status === 2)).toBe(true);
    const back = expectOk(
      await s.call<MultiExam>(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 1 }),
    );
    expect(back.singleExams.every((e) => e.status === 1)).toBe(true);
    expectFailure(
      await s.call(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 3 }),
      422,
      /考试状态不能从“草稿”改为“已完成”/,
    );
    expectFailure(
      await s.call(api.updateMultiExamStatus, { schoolId: s.sid, meId: s.ids.meId, status: 1 }),
      422,
      '考试状态不能从“进行中”改为“草稿”：该考试已有成绩',
    );
    expectForbidden(await s.call(api.updateMultiExamStatus, { schoolId: s.sid, meId: s.ids.otherMeId, status: 1 }));
  });

  it('reopens a finished exam and withdraws a published one', async () => {
    const exam = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '发布测试' })));
    const meId = Number(exam.meId);
    await s.db.update(multiExams).set({ status: 4, publishedToStudents: true }).where(eq(multiExams.id, meId));
    await s.db.update(singleExams).set({ status: 3 }).where(eq(singleExams.multiExamId, meId));
    const withdrawn = expectOk(
      await s.call<MultiExam>(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 3 }),
    );
    expect(withdrawn).toMatchObject({ status: 3, publishedToStudents: false });
    expectFailure(await s.call(api.updateMultiExam, { ...newExam(), meId: exam.meId }), 422, /考试已完成并锁定/);
    const reopened = expectOk(
      await s.call<MultiExam>(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 2 }),
    );
    expect(reopened.status).toBe(2);
    expect(reopened.singleExams.every((e) => e.status === 2)).toBe(true);
  });

  it('deletes an exam without scores with everything under it; refuses one with scores', async () => {
    const exam = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '删除测试' })));
    expectOk(await s.call(api.deleteMultiExam, { schoolId: s.sid, meId: exam.meId }));
    expect(
      await s.db
        .select()
        .from(multiExams)
        .where(eq(multiExams.id, Number(exam.meId))),
    ).toEqual([]);
    expect(
      await s.db
        .select()
        .from(examStudents)
        .where(eq(examStudents.singleExamId, Number(exam.singleExams[0]!.seId))),
    ).toEqual([]);
    expectFailure(
      await s.call(api.deleteMultiExam, { schoolId: s.sid, meId: s.ids.meId }),
      422,
      '该考试已有成绩，不能删除；请先删除成绩或撤销',
    );
    expectForbidden(await s.call(api.deleteMultiExam, { schoolId: s.sid, meId: s.ids.otherMeId }));
    await expectRoleRefusals(s, api.deleteMultiExam, { schoolId: s.sid, meId: s.ids.meId }, true);
  });
});

describe('findMyMultiExam with a class head link', () => {
  it('counts a 班主任 link of another grade only for that grade', async () => {
    const ninth = await makeClass(s.db, { schoolId: s.school.id, gradeId: 9, schoolYearId: s.year.id });
    await makeStudent(s.db, { schoolId: s.school.id, classId: ninth.id });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.term.id,
      classId: ninth.id,
      teacherId: s.mathTeacherRow.id,
      isHead: true,
    });
    const mine = expectOk(
      await s.as<{ list: MultiExam[] }>(s.sessions.mathTeacher, api.findMyMultiExam, { schoolId: s.sid }),
    );
    expect(mine.list.every((e) => e.gradeId === '8')).toBe(true);
  });
});
