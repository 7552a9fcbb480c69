import { authApi, type QbCourse, questionBankApi, type StoredUser } from '@huikao/contracts';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';

// What the school bank and assembly flows share: a demo account's session for API set-up, the
// 数学 course id, and picking 初中 数学 on a question screen.

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
