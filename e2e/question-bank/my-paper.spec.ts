import { authApi, type QuestionPage, questionBankApi, questionBankUserApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { apiSession, mathCourseId } from './school-bank-support.ts';

// Issue #6, 我的试卷: a paper teacher01 saved (through the API, as the paper editor does) is listed,
// opens with its questions, links to the editor, and its use status is kept.

let context: BrowserContext;
let page: Page;

afterAll(closeBrowser);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/\/teacher\//);
});
afterEach(async () => {
  await context.close();
});

describe('my-paper', () => {
  it('lists a saved paper, opens it, links to the editor and keeps its use status', async () => {
    const teacher = await apiSession('teacher01');
    const courseId = await mathCourseId(teacher);
    const questions = (await callApi(questionBankApi.getFast, { courseId, pageSize: 3 }, teacher)).data as QuestionPage;
    // The owner's id, as the web reads it (findUserInfo: the stored user has none).
    const me = (await callApi(authApi.findUserInfo, {}, teacher)).data as {
      user: { userId: string; schoolId: string };
    };
    const owner = { userId: me.user.userId, schoolId: me.user.schoolId };
    const title = `E2E我的试卷${Date.now() % 100_000}`;
    const saved = await callApi(
      questionBankUserApi.addUserPaper,
      {
        ...owner,
        paper: {
          title,
          courseId,
          sections: [{ title: '一、选择题', questions: questions.list.map((q) => ({ quesId: q.quesId, score: 5 })) }],
        },
      },
      teacher,
    );
    expect(saved.status, saved.message).toBe(200);
    const paperId = (saved.data as { paperId: string }).paperId;

    await page.goto('/teacher/questionBank/my-paper');
    const table = page.getByTestId('data-table-我的试卷列表');
    const row = table.locator('tr.ant-table-row', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('15');
    const edit = row.getByRole('link', { name: '编辑' });
    expect(await edit.getAttribute('href')).toBe(`/teacher/questionBank/paper-editor?paperId=${paperId}`);

    await row.getByRole('button', { name: '查看' }).click();
    const content = page.getByRole('article', { name: '试卷内容' });
    await content.waitFor();
    expect(await content.innerText()).toContain(title);
    await expect.poll(() => content.locator('.qb-stem').count()).toBe(3);
    await page.keyboard.press('Escape');

    await row.getByRole('switch', { name: `${title}已使用` }).click();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.reload();
    const again = page.getByTestId('data-table-我的试卷列表').locator('tr.ant-table-row', { hasText: title });
    await expect.poll(() => again.getByRole('switch').getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
  });
});
