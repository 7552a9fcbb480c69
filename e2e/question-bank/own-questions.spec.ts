import { authApi, questionBankApi, questionBankSchoolApi } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { pickJuniorMath, teacherWithEmptyBasket } from './school-bank-support.ts';

// Issue #6, 我上传的试题: teacher01's own imported question (imported through the API, as the
// screen's Excel import saves it) is listed on 我的试卷 → 我上传的试题, goes into the basket from
// there, and the basket and the paper editor opened from it show it.

const flow = teacherWithEmptyBasket();

async function importOwnQuestion(stem: string): Promise<string> {
  // The owner's id, as the web reads it (findUserInfo: the stored user has none).
  const me = (await callApi(authApi.findUserInfo, {}, flow.teacher)).data as {
    user: { userId: string; schoolId: string };
  };
  const base = (await callApi(questionBankApi.getBase, { courseId: flow.mathId }, flow.teacher)).data as {
    questionTypes: { id: string; name: string }[];
  };
  const imported = await callApi(
    questionBankSchoolApi.importUserQuestions,
    {
      userId: me.user.userId,
      schoolId: me.user.schoolId,
      courseId: flow.mathId,
      questions: [
        {
          questionTypeId: base.questionTypes.find((t) => t.name === '单选题')!.id,
          difficulty: 2,
          stem,
          options: ['6', '9', '12'],
          answer: 'B',
          explanation: '边长乘边长',
        },
      ],
    },
    flow.teacher,
  );
  expect(imported.status, imported.message).toBe(200);
  return (imported.data as { quesIds: string[] }).quesIds[0]!;
}

describe('own questions', () => {
  it('adds an own question to the basket from 我上传的试题; the basket and the editor show it', async () => {
    const stem = `E2E自编题${Date.now() % 100_000}：边长为3的正方形面积是多少`;
    const quesId = await importOwnQuestion(stem);

    await flow.page.goto('/teacher/questionBank/my-paper');
    await flow.page.getByRole('tab', { name: '我上传的试题' }).click();
    await pickJuniorMath(flow.page);
    const row = flow.page.getByTestId('data-table-我上传的试题').locator('tr.ant-table-row', { hasText: stem });
    await row.waitFor();
    await row.getByRole('button', { name: '加入试题篮' }).click();
    await row.getByRole('button', { name: '移出试题篮' }).waitFor();

    await flow.page.getByRole('button', { name: '试题篮', exact: true }).click();
    const drawer = flow.page.locator('.ant-drawer', { hasText: '清空试题篮' });
    await expect.poll(() => drawer.innerText()).toMatch(/共\s*1\s*题/);
    expect(await drawer.innerText()).toContain('单选题');

    // 生成试卷: the editor reads the basket's questions, the own one included.
    await drawer.getByRole('button', { name: '生成试卷' }).click();
    await flow.page.waitForURL(/\/teacher\/questionBank\/paper-editor\?from=basket/);
    const question = flow.page.locator(`.qb-editor-question[data-ques-id="${quesId}"]`);
    await question.waitFor({ timeout: 10_000 });
    expect(await question.innerText()).toContain('边长为3的正方形面积是多少');
  });
});
