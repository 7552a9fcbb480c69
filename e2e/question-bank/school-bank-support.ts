import { authApi, type QbCourse, questionBankApi, questionBankUserApi, type StoredUser } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// What the school bank and assembly flows share: a demo account's session for API set-up, the
// 数学 course id, picking 初中 数学 on a question screen, and teacher01's page with an empty basket.

export async function apiSession(loginName: string): Promise<StoredUser> {
  const login = await callApi(authApi.userLogin, { loginName, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`login ${loginName}: ${login.message}`);
  return login.data as StoredUser;
}

export async function mathCourseId(session: StoredUser): Promise<string> {
  const courses = (await callApi(questionBankApi.getCourses, { stageCode: 2 }, session)).data as QbCourse[];
  return courses.find((c) => c.name === '数学')!.courseId;
}

/** 初中 → 数学 in the course picker of the screen. */
export async function pickJuniorMath(page: Page) {
  await page.locator('.ant-segmented-item', { hasText: '初中' }).first().click();
  await page
    .locator('.ant-radio-button-wrapper', { hasText: /^数学$/ })
    .first()
    .click();
}

export interface BasketFlow {
  page: Page;
  context: BrowserContext;
  /** teacher01's session, for API set-up. */
  teacher: StoredUser;
  mathId: string;
}

/**
 * For each test of the file: teacher01 signed in on a fresh page, with an empty 数学 basket before
 * and after (the basket lives on the server and other flows fill it). The fields are set before
 * each test.
 */
export function teacherWithEmptyBasket(): BasketFlow {
  const flow = {} as BasketFlow;
  afterAll(closeBrowser);
  beforeEach(async () => {
    flow.teacher = await apiSession('teacher01');
    flow.mathId = await mathCourseId(flow.teacher);
    const cleared = await callApi(questionBankUserApi.clearBasket, { courseId: flow.mathId }, flow.teacher);
    expect(cleared.status).toBe(200);
    ({ context: flow.context, page: flow.page } = await newPage());
    await loginThroughPage(flow.page, 'teacher01', DEMO_PASSWORD);
    await flow.page.waitForURL(/\/teacher\//);
  });
  afterEach(async () => {
    await flow.context.close();
    await callApi(questionBankUserApi.clearBasket, { courseId: flow.mathId }, flow.teacher);
  });
  return flow;
}
