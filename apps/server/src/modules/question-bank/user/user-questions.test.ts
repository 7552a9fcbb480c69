import { questionBankUserApi as api } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
});
afterAll(() => test.close());

type Page = { list: { question: { quesId: string }; useStatus: number }[]; total: number; limit: number };
const mark = (quesId: string, useStatus: number, session = fx.teacherA, owner = fx.owners.teacherA) =>
  call(test.app, api.updateUserQuestionStatus, { quesId, ...owner, useStatus }, { session });

describe('userquestions', () => {
  it('sets a use status, reads it in the detail and lists the user’s questions', async () => {
    const before = await call<{ useStatus: number }>(
      test.app,
      api.getUserQuestionDetail,
      { quesId: fx.ids.q1, ...fx.owners.teacherA },
      { session: fx.teacherA },
    );
    expect(before.data.useStatus).toBe(0);
    expect((await mark(fx.ids.q1, 1)).data).toEqual({ quesId: fx.ids.q1, useStatus: 1 });
    await mark(fx.ids.q2, 1);
    await mark(fx.ids.q5, 1);
    await mark(fx.ids.q2, 0);
    const detail = await call<{ useStatus: number; question: { stem: string } }>(
      test.app,
      api.getUserQuestionDetail,
      { quesId: fx.ids.q1, ...fx.owners.teacherA },
      { session: fx.teacherA },
    );
    expect(detail.data.useStatus).toBe(1);
    expect(detail.data.question.stem).toContain('顶点坐标');

    const list = async (filter: Record<string, unknown>, session = fx.teacherA, owner = fx.owners.teacherA) =>
      (await call<Page>(test.app, api.getUserQuestions, { ...owner, ...filter }, { session })).data;
    expect((await list({})).total).toBe(3);
    expect((await list({ useStatus: 1 })).list.map((r) => r.question.quesId).sort()).toEqual(
      [fx.ids.q1, fx.ids.q5].sort(),
    );
    expect((await list({ courseId: '2', useStatus: 1 })).list.map((r) => r.question.quesId)).toEqual([fx.ids.q1]);
    expect((await list({ useStatus: 0 })).list.map((r) => r.question.quesId)).toEqual([fx.ids.q2]);
    expect((await list({}, fx.otherTeacherA, fx.owners.otherTeacherA)).total).toBe(0);
  });

  it('refuses bad input naming the field', async () => {
    expect(await mark(fx.ids.q1, 3)).toMatchObject({
      status: 400,
      message: '使用状态只能是 0（未使用）或 1（已使用）',
    });
    const noQuestion = await call(
      test.app,
      api.updateUserQuestionStatus,
      { ...fx.owners.teacherA, useStatus: 1 },
      {
        session: fx.teacherA,
      },
    );
    expect(noQuestion).toMatchObject({ status: 400, message: '试题不能为空' });
    const noUser = await call(
      test.app,
      api.getUserQuestions,
      { schoolId: fx.owners.teacherA.schoolId },
      {
        session: fx.teacherA,
      },
    );
    expect(noUser).toMatchObject({ status: 400, message: '用户不能为空' });
    expect(await mark('99999999', 1)).toMatchObject({ status: 404, message: '试题不存在' });
  });

  it('refuses another user’s resources and another school’s question (403)', async () => {
    expect((await mark(fx.ids.q1, 1, fx.otherTeacherA, fx.owners.teacherA)).http).toBe(403);
    const list = await call(test.app, api.getUserQuestions, fx.owners.teacherA, { session: fx.otherTeacherA });
    expect(list.http).toBe(403);
    expect((await mark(fx.ids['school-a'], 1, fx.adminB, fx.owners.adminB)).http).toBe(403);
    const student = await call(test.app, api.getUserQuestions, fx.owners.teacherA, { session: fx.student });
    expect(student.http).toBe(403);
  });
});
