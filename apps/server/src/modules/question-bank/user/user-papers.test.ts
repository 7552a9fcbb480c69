import { questionBankUserApi as api, type UserPaperDetail } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
const MATH = '2';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
});
afterAll(() => test.close());

const paper = (overrides: Record<string, unknown> = {}) => ({
  title: '八年级数学期中测试',
  subtitle: '（人教版）',
  notes: '考试时间90分钟',
  courseId: MATH,
  gradeId: '8',
  layout: { paperSize: 'A3', columns: 2, studentInfo: true, sealLine: true },
  sections: [
    {
      title: '一、选择题',
      questions: [
        { quesId: fx.ids.q2, score: 3.1 },
        { quesId: fx.ids.q3, score: 3.2 },
      ],
    },
    {
      title: '二、解答题',
      questions: [{ quesId: fx.ids.q1, score: 10, answerHeightMm: 60, edited: { stem: '改写的题干' } }],
    },
  ],
  ...overrides,
});
const add = (overrides: Record<string, unknown> = {}, session = fx.teacherA, owner = fx.owners.teacherA) =>
  call<UserPaperDetail>(
    test.app,
    api.addUserPaper,
    { paper: paper(overrides), ...owner, uploadType: 1, userName: '张老师' },
    { session },
  );

describe('userpapers', () => {
  it('adds a paper with totals recomputed by the server, and reads its detail', async () => {
    const result = await add();
    expect(result.status, result.message).toBe(200);
    const saved = result.data;
    expect(saved).toMatchObject({
      title: '八年级数学期中测试',
      courseName: '数学',
      useStatus: 0,
      uploadType: 1,
      questionCount: 3,
    });
    expect(saved.totalScore).toBe(16.3);
    expect(saved.paper.sections.map((s) => s.totalScore)).toEqual([6.3, 10]);
    expect(saved.paper.layout).toEqual({ paperSize: 'A3', columns: 2, studentInfo: true, sealLine: true });
    expect(saved.paper.sections[1]!.questions[0]).toMatchObject({ answerHeightMm: 60, edited: { stem: '改写的题干' } });
    expect(saved.questions.map((q) => q.quesId)).toEqual([fx.ids.q2, fx.ids.q3, fx.ids.q1]);
    const detail = await call<UserPaperDetail>(
      test.app,
      api.getUserPaperDetail,
      { paperId: saved.paperId, ...fx.owners.teacherA },
      { session: fx.teacherA },
    );
    expect(detail.data).toEqual(saved);
  });

  it('saves the editor’s paper again and sets the use status', async () => {
    const { data: saved } = await add({ title: '待修改的卷' });
    const updated = await call<UserPaperDetail>(
      test.app,
      api.updateUserPaper,
      {
        paperId: saved.paperId,
        ...fx.owners.teacherA,
        paper: paper({
          title: '修改后的卷',
          sections: [{ title: '一、选择题', questions: [{ quesId: fx.ids.q4, score: 5 }] }],
        }),
      },
      { session: fx.teacherA },
    );
    expect(updated.status, updated.message).toBe(200);
    expect(updated.data).toMatchObject({ title: '修改后的卷', totalScore: 5, questionCount: 1, uploadType: 1 });
    const status = await call(
      test.app,
      api.updateUserPaperStatus,
      { paperId: saved.paperId, ...fx.owners.teacherA, useStatus: 1 },
      { session: fx.teacherA },
    );
    expect(status.data).toEqual({ paperId: saved.paperId, useStatus: 1 });
    const bad = await call(
      test.app,
      api.updateUserPaperStatus,
      { paperId: saved.paperId, ...fx.owners.teacherA, useStatus: 7 },
      { session: fx.teacherA },
    );
    expect(bad).toMatchObject({ status: 400, message: '使用状态只能是 0（未使用）或 1（已使用）' });
  });

  it('lists the user’s papers with the user paper filter, page size 50 by default', async () => {
    await add({ title: '上传的卷', gradeId: '9' }).then((r) => expect(r.status).toBe(200));
    const list = async (filter: Record<string, unknown>) => {
      const result = await call<{ list: { title: string }[]; total: number; limit: number }>(
        test.app,
        api.getUserPapers,
        { ...fx.owners.teacherA, ...filter },
        { session: fx.teacherA },
      );
      expect(result.status, result.message).toBe(200);
      return result.data;
    };
    const all = await list({});
    expect(all.limit).toBe(50);
    expect(all.list[0]!.title).toBe('上传的卷');
    expect((await list({ gradeId: '9' })).total).toBe(1);
    expect((await list({ courseId: MATH })).total).toBe(all.total);
    expect((await list({ courseId: '3' })).total).toBe(0);
    expect((await list({ resourceType: '2' })).total).toBe(0);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await list({ startDate: today, endDate: today })).total).toBe(all.total);
    expect((await list({ month: today.slice(0, 7) })).total).toBe(all.total);
    expect((await list({ endDate: '2000-01-01' })).total).toBe(0);
    expect((await list({ orderId: '3', limit: 1 })).list).toHaveLength(1);
    const bad = await call(
      test.app,
      api.getUserPapers,
      { ...fx.owners.teacherA, month: '2024-13' },
      { session: fx.teacherA },
    );
    expect(bad).toMatchObject({ status: 400, message: '月份格式应为 YYYY-MM' });
    // Another teacher sees none of them.
    const other = await call<{ total: number }>(test.app, api.getUserPapers, fx.owners.otherTeacherA, {
      session: fx.otherTeacherA,
    });
    expect(other.data.total).toBe(0);
  });

  it('refuses bad papers naming the field', async () => {
    expect(await add({ title: '' })).toMatchObject({ status: 400, message: '试卷标题不能为空' });
    const negative = await add({ sections: [{ title: '一', questions: [{ quesId: fx.ids.q1, score: -1 }] }] });
    expect(negative).toMatchObject({ status: 400, message: '分值不能小于0' });
    const decimals = await add({ sections: [{ title: '一', questions: [{ quesId: fx.ids.q1, score: 1.234 }] }] });
    expect(decimals).toMatchObject({ status: 400, message: '分值最多两位小数' });
    const twice = await add({
      sections: [
        {
          title: '一',
          questions: [
            { quesId: fx.ids.q1, score: 1 },
            { quesId: fx.ids.q1, score: 1 },
          ],
        },
      ],
    });
    expect(twice).toMatchObject({ status: 400, message: `试题在试卷中重复：${fx.ids.q1}` });
    const english = await add({ sections: [{ title: '一', questions: [{ quesId: fx.ids.q5, score: 1 }] }] });
    expect(english).toMatchObject({ status: 400, message: `试题 ${fx.ids.q5} 不属于该试卷的学科` });
    const missing = await add({ sections: [{ title: '一', questions: [{ quesId: '99999999', score: 1 }] }] });
    expect(missing).toMatchObject({ status: 404, message: '试题不存在：99999999' });
    expect(await add({ sections: [] })).toMatchObject({ status: 400, message: '试卷至少要有一个大题' });
    const layout = await add({ layout: { paperSize: 'B5' } });
    expect(layout).toMatchObject({ status: 400, message: '纸张只能是 A4 或 A3' });
    const noPaper = await call(test.app, api.addUserPaper, fx.owners.teacherA, { session: fx.teacherA });
    expect(noPaper.status).toBe(400);
  });

  it('refuses another user’s papers and another school’s questions (403), and deletes its own', async () => {
    const { data: saved } = await add({ title: '我的卷' });
    const asOther = { paperId: saved.paperId, ...fx.owners.otherTeacherA };
    for (const endpoint of [api.getUserPaperDetail, api.deleteUserPaper]) {
      expect((await call(test.app, endpoint, asOther, { session: fx.otherTeacherA })).http).toBe(403);
    }
    // Naming the owner's userId does not help another caller.
    const spoofed = await call(
      test.app,
      api.getUserPaperDetail,
      { paperId: saved.paperId, ...fx.owners.teacherA },
      { session: fx.otherTeacherA },
    );
    expect(spoofed.http).toBe(403);
    expect((await call(test.app, api.getUserPapers, fx.owners.teacherA, { session: fx.adminB })).http).toBe(403);
    const foreign = await add(
      { sections: [{ title: '一', questions: [{ quesId: fx.ids['school-a'], score: 1 }] }] },
      fx.adminB,
      fx.owners.adminB,
    );
    expect(foreign.http).toBe(403);

    const deleted = await call(
      test.app,
      api.deleteUserPaper,
      { paperId: saved.paperId, ...fx.owners.teacherA },
      { session: fx.teacherA },
    );
    expect(deleted.status).toBe(200);
    const gone = await call(
      test.app,
      api.getUserPaperDetail,
      { paperId: saved.paperId, ...fx.owners.teacherA },
      { session: fx.teacherA },
    );
    expect(gone).toMatchObject({ status: 404, message: '试卷不存在' });
  });
});
