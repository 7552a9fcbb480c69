import {
  type Endpoint,
  type LeasedPaper,
  markingApi,
  markingDeskApi,
  type ReviewedMark,
  type StoredUser,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { baseURL, closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs } from '../support/exams-api.ts';
import { ARBITRATION_BLOCK_NAME, DESK_BLOCK_NAME } from '../support/marking-desk-seed.ts';

// Issue #17's desk flow: teacher01 lands on 我的阅卷任务, enters the desk, marks five papers by
// keyboard, flags one 问题卷 and re-marks one in 回评; admin01 (题组长) arbitrates a paper whose two
// blind marks and 三评 differ beyond the tolerance. The 题块 come from e2e/support/marking-desk-seed.ts.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

async function ok<T>(endpoint: Endpoint, params: Record<string, unknown>, session: StoredUser): Promise<T> {
  const response = await fetch(baseURL() + endpoint.path, {
    method: 'POST',
    headers: { loginName: session.loginName, jwtToken: session.jwtToken, 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const answer = (await response.json()) as { status: number; message: string; data: unknown };
  if (answer.status !== 200) throw new Error(`${endpoint.path}: ${answer.status} ${answer.message}`);
  return answer.data as T;
}

async function markOne(session: StoredUser, blockId: string, score: (full: number) => number) {
  const paper = await ok<LeasedPaper | null>(markingApi.claim, { blockId }, session);
  if (!paper) throw new Error(`${session.loginName} got no paper`);
  const scores = Object.fromEntries(paper.questions.map((q) => [q.questionId, score(q.fullMarks)]));
  await ok(markingApi.submit, { blockId, paperId: paper.paperId, token: paper.token, scores, seconds: 5 }, session);
  return paper;
}

const statistic = (p: Page, title: string) =>
  p.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

describe('阅卷台', () => {
  it('teacher01 marks by keyboard, flags a 问题卷 and re-marks in 回评; a 题组长 arbitrates', async () => {
    // The 仲裁 paper (tolerance 0): 0 and full from the blind markers, 1 from teacher01's 三评.
    const teacher = await loginAs('teacher01');
    const tasks = await ok<{ blockId: string; blockName: string }[]>(markingApi.myTasks, {}, teacher);
    const arbitrationBlock = tasks.find((t) => t.blockName === ARBITRATION_BLOCK_NAME)!;
    expect(arbitrationBlock, JSON.stringify(tasks)).toBeDefined();
    const [a, b] = await Promise.all(['e2e_marker_a', 'e2e_marker_b'].map((name) => loginAs(name)));
    await markOne(a!, arbitrationBlock.blockId, () => 0);
    await markOne(b!, arbitrationBlock.blockId, (full) => full);
    const third = await markOne(teacher, arbitrationBlock.blockId, () => 1);
    expect(third.kind).toBe('third');

    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\/examMark\/my-mark-task/);
    const row = page.locator('tr', { hasText: DESK_BLOCK_NAME });
    await row.getByRole('button', { name: '进入阅卷' }).click();
    await page.waitForURL(/\/markDetail\?blockId=/);

    const image = page.getByAltText('答题图像');
    const score = page.getByLabel(/^第.*题得分$/);
    for (let i = 0; i < 5; i++) {
      await image.waitFor();
      const shown = await image.getAttribute('src');
      await expect.poll(async () => score.evaluate((el) => el === document.activeElement)).toBe(true);
      // Digits then Enter; the second paper gets 满分 by its key.
      if (i === 1) await page.keyboard.press('f');
      else await page.keyboard.type(String(i));
      await page.keyboard.press('Enter');
      await expect.poll(() => image.getAttribute('src')).not.toBe(shown);
      await expect.poll(() => statistic(page, '我已评').textContent()).toBe(String(i + 1));
    }
    // The crop really loads (a signed URL the holder alone received).
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // 问题卷: P opens the dialog; the paper leaves the queue and the next one shows.
    const flagged = await image.getAttribute('src');
    await page.keyboard.press('p');
    const dialog = page.locator('.ant-modal').filter({ hasText: '标记问题卷' });
    await dialog.getByText('答题错位').click();
    await dialog.getByLabel('问题说明').fill('答在了下一题的位置');
    await dialog.getByRole('button', { name: '提交问题卷' }).click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(flagged);

    // 回评: R opens the last marks; the newest (4 分) is changed to 2.
    await score.focus();
    await page.keyboard.press('r');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '回评（最近50份）' });
    const first = drawer.getByLabel('回评第1份');
    await first.getByText('4 分').waitFor();
    await first.getByRole('button', { name: '重评' }).click();
    await first.getByLabel('重评得分').fill('2');
    await first.getByRole('button', { name: '保存' }).click();
    await page.getByText('已重评').waitFor();
    await drawer.getByLabel('回评第1份').getByText('2 分').waitFor();
    await expect.poll(() => drawer.locator('.ant-list-item').count()).toBe(5);

    // A 题组长 arbitrates: the desk gives them the 仲裁 paper first, with the earlier scores.
    const leader = await newPage();
    try {
      await loginThroughPage(leader.page, 'admin01', DEMO_PASSWORD);
      await leader.page.waitForURL(/\/(teacher|school)\//);
      await leader.page.goto(`/markDetail?blockId=${arbitrationBlock.blockId}`);
      await leader.page
        .getByLabel('此前评分')
        .waitFor()
        .catch(async (error) => {
          await leader.page.screenshot({ path: '/tmp/desk-web-leader.png' });
          throw error;
        });
      await leader.page.getByText('仲裁', { exact: true }).first().waitFor();
      await leader.page.getByLabel('此前评分').waitFor();
      const field = leader.page.getByLabel(/^第.*题得分$/);
      await field.fill('1');
      await field.press('Enter');
      await leader.page.getByText('当前没有待评的试卷').waitFor();
    } finally {
      await leader.context.close();
    }
    const admin = await loginAs('admin01');
    const reviewed = await ok<ReviewedMark[]>(markingDeskApi.reviewList, { blockId: arbitrationBlock.blockId }, admin);
    expect(reviewed.map((m) => m.kind)).toEqual(['arbitration']);
  }, 180_000);
});
