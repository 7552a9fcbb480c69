import {
  authApi,
  type OnlineExamSummary,
  onlineExamApi,
  type QuestionPage,
  questionBankApi,
  questionBankUserApi,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiSession, mathCourseId } from '../question-bank/school-bank-support.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// Issue #18: 建在线考试 on a 我的试卷 row (question-bank's page, the dialog handed in by router.tsx)
// opens the make dialog with the paper chosen; teacher01 gives it to their class 八年级(2)班.

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

describe('在线考试 from 我的试卷', () => {
  it('makes an online exam from a paper row', async () => {
    const teacher = await apiSession('teacher01');
    const courseId = await mathCourseId(teacher);
    const questions = (await callApi(questionBankApi.getFast, { courseId, pageSize: 2 }, teacher)).data as QuestionPage;
    const me = (await callApi(authApi.findUserInfo, {}, teacher)).data as {
      user: { userId: string; schoolId: string };
    };
    const title = `E2E在线${Date.now() % 100_000}`;
    const saved = await callApi(
      questionBankUserApi.addUserPaper,
      {
        userId: me.user.userId,
        schoolId: me.user.schoolId,
        paper: {
          title,
          courseId,
          sections: [{ title: '一、选择题', questions: questions.list.map((q) => ({ quesId: q.quesId, score: 5 })) }],
        },
      },
      teacher,
    );
    expect(saved.status, saved.message).toBe(200);

    await page.goto('/teacher/questionBank/my-paper');
    const row = page.getByTestId('data-table-我的试卷列表').locator('tr.ant-table-row', { hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: '建在线考试' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建在线考试' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('考试名称').inputValue()).toBe(title);
    await dialog.getByLabel('参加班级').click();
    await page.locator('.ant-select-item-option', { hasText: '八年级(2)班' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    const made = (await callApi(onlineExamApi.findOnlineExams, { schoolId: me.user.schoolId }, teacher))
      .data as OnlineExamSummary[];
    const exam = made.find((e) => e.name === title);
    expect(exam).toMatchObject({ courseName: '数学', durationMinutes: 40 });
    expect(exam!.studentCount).toBeGreaterThan(0);
  });
});
