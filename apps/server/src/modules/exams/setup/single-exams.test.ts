import { examsApi as api, type SingleExam } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiExams, singleExams } from '../../../db/schema.ts';
import { type ExamsSetup, MATH, PHYSICS, putScore, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

describe('saveSingleExam', () => {
  it('adds a subject with the students of the chosen classes, in progress like its exam', async () => {
    const single = expectOk(
      await s.call<SingleExam>(api.saveSingleExam, {
        schoolId: s.sid,
        meId: s.ids.meId,
        courseId: String(PHYSICS),
        fullMark: 70,
        examDate: s.exam.startDate,
        classIds: [String(s.classes[1].id)],
      }),
    );
    expect(single).toMatchObject({ courseName: '物理', fullMark: 70, status: 2, studentCount: 2, questionCount: 0 });
  });

  it('refuses a course already in the exam, a course not of the grade, a date outside the exam, another school', async () => {
    const add = (params: Record<string, unknown>) =>
      s.call(api.saveSingleExam, { schoolId: s.sid, meId: s.ids.meId, fullMark: 100, ...params });
    expectFailure(await add({ courseId: String(MATH) }), 409, '该考试已有这个学科');
    expectFailure(await add({ courseId: '5' }), 400, '学科（courseId 5）不是本校八年级的学科');
    expectFailure(await add({ courseId: '5', fullMark: -1 }), 400, '满分不能为负数');
    expectFailure(
      await add({ courseId: String(PHYSICS), examDate: '2000-01-01' }),
      400,
      /考试日期 2000-01-01 不在考试的起止日期/,
    );
    expectForbidden(await add({ meId: s.ids.otherMeId, courseId: String(MATH) }));
    await expectRoleRefusals(
      s,
      api.saveSingleExam,
      { schoolId: s.sid, meId: s.ids.meId, courseId: '5', fullMark: 1 },
      true,
    );
  });
});

describe('reading, updating and deleting single exams', () => {
  it('finds one single exam and the single exams of a multi-exam', async () => {
    const one = expectOk(
      await s.as<SingleExam>(s.sessions.teacher, api.findSingleExamBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(one).toMatchObject({ courseName: '数学', questionCount: 4, questionFullMark: 100, studentCount: 5 });
    const all = expectOk(await s.call<SingleExam[]>(api.findSingleByQiqSeId, { schoolId: s.sid, meId: s.ids.meId }));
    expect(all.map((e) => e.courseName)).toEqual(['数学', '英语', '物理']);
    expectForbidden(await s.call(api.findSingleExamBySeId, { schoolId: s.sid, seId: s.ids.otherSeId }));
    expectForbidden(await s.call(api.findSingleByQiqSeId, { schoolId: s.sid, meId: s.ids.otherMeId }));
  });

  it('updates the full mark, never below a stored total', async () => {
    await putScore(s.db, s.english.id, s.students[0]!.id, { totalScore: 95 });
    const updated = expectOk(
      await s.call<SingleExam>(api.updateSingleExam, { schoolId: s.sid, seId: s.ids.englishSeId, fullMark: 120 }),
    );
    expect(updated.fullMark).toBe(120);
    expectFailure(
      await s.call(api.updateSingleExam, { schoolId: s.sid, seId: s.ids.englishSeId, fullMark: 90 }),
      422,
      '已有学生总分 95，满分不能低于该分数',
    );
    expectForbidden(await s.call(api.updateSingleExam, { schoolId: s.sid, seId: s.ids.otherSeId, fullMark: 90 }));
  });

  it('deletes a subject without scores, refuses one with scores or a locked exam', async () => {
    const all = expectOk(await s.call<SingleExam[]>(api.findSingleByQiqSeId, { schoolId: s.sid, meId: s.ids.meId }));
    const physics = all.find((e) => e.courseName === '物理')!;
    expectFailure(
      await s.call(api.deleteSingleExam, { schoolId: s.sid, seId: s.ids.englishSeId }),
      422,
      '该科目已有成绩，不能删除；请先删除成绩',
    );
    await s.db.update(multiExams).set({ status: 3 }).where(eq(multiExams.id, s.exam.id));
    expectFailure(await s.call(api.deleteSingleExam, { schoolId: s.sid, seId: physics.seId }), 422, /考试已完成并锁定/);
    await s.db.update(multiExams).set({ status: 2 }).where(eq(multiExams.id, s.exam.id));
    expectOk(await s.call(api.deleteSingleExam, { schoolId: s.sid, seId: physics.seId }));
    expect(
      await s.db
        .select()
        .from(singleExams)
        .where(eq(singleExams.id, Number(physics.seId))),
    ).toEqual([]);
    expectForbidden(await s.call(api.deleteSingleExam, { schoolId: s.sid, seId: s.ids.otherSeId }));
  });
});
