import {
  type LeasedPaper,
  markingAnswersApi,
  markingApi,
  markingDeskApi,
  markingMonitorApi,
  type QuestionAnswer,
  type ReviewedMark,
  type StoredUser,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';
import { ARBITRATION_BLOCK_NAME, DESK_BLOCK_NAME } from '../support/marking-desk-seed.ts';

// Issue #17's desk flow: teacher01 lands on 我的阅卷任务, enters the desk, marks five papers by
// keyboard, opens the standard answer (A) admin01 entered, flags one 问题卷 and re-marks one in 回评; admin01 (题组长) arbitrates a paper whose two
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

    // admin01 enters the desk 题块's standard answer (its first subjective question) on 阅卷设置.
    const admin01 = await loginAs('admin01');
    const deskTask = (await ok<{ blockName: string; seId: string }[]>(markingApi.myTasks, {}, teacher)).find(
      (t) => t.blockName === DESK_BLOCK_NAME,
    )!;
    const [deskQuestion] = await ok<QuestionAnswer[]>(
      markingAnswersApi.findStandardAnswers,
      { seId: deskTask.seId },
      admin01,
    );
    await ok(
      markingAnswersApi.saveStandardAnswer,
      {
        seId: deskTask.seId,
        questionId: deskQuestion!.questionId,
        answer: '解得 $x=\\frac{1}{2}$',
        notes: '列出方程得 2 分',
        version: deskQuestion!.version,
      },
      admin01,
    );

    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\/examMark\/my-mark-task/);
    const row = page.locator('tr', { hasText: DESK_BLOCK_NAME });
    await row.getByRole('button', { name: '进入阅卷' }).click();
    await page.waitForURL(/\/markDetail\?blockId=/);

    const image = page.getByAltText('答题图像');
    const score = page.getByLabel(/^第.*题得分$/);
    const deskBlockId = new URL(page.url()).searchParams.get('blockId')!;
    // The paper on screen, as the desk marks it once its crop is decoded and painted.
    const shownPaper = () => page.evaluate(() => document.documentElement.dataset.deskShown ?? '');
    const marked: string[] = [];
    for (let i = 0; i < 5; i++) {
      await image.waitFor();
      await expect.poll(shownPaper).not.toBe(marked.at(-1) ?? '');
      const shown = await image.getAttribute('src');
      const paperId = await shownPaper();
      // Prefetch: the desk holds the paper on screen and the next two (the same teacher's call
      // renews the held leases and gives them back oldest first); Enter shows the second at once.
      const held = await expect
        .poll(async () => (await ok<LeasedPaper[]>(markingApi.claimQueue, { blockId: deskBlockId }, teacher)).length)
        .toBe(3)
        .then(() => ok<LeasedPaper[]>(markingApi.claimQueue, { blockId: deskBlockId }, teacher));
      expect(held[0]!.paperId).toBe(paperId);
      expect(marked).not.toContain(paperId);
      marked.push(paperId);
      await expect.poll(async () => score.evaluate((el) => el === document.activeElement)).toBe(true);
      // Digits then Enter; the second paper gets 满分 by its key.
      if (i === 1) await page.keyboard.press('f');
      else await page.keyboard.type(String(i));
      await page.keyboard.press('Enter');
      await expect.poll(() => image.getAttribute('src')).not.toBe(shown);
      await expect.poll(shownPaper).toBe(held[1]!.paperId);
      await expect.poll(() => statistic(page, '我已评').textContent()).toBe(String(i + 1));
    }
    expect(new Set(marked).size).toBe(5);
    // 标准答案: A shows the answer with its formula typeset, the score field keeps the focus; A hides it.
    await expect.poll(async () => score.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('a');
    const answerPanel = page.getByRole('complementary', { name: '标准答案' });
    await answerPanel.getByText('列出方程得 2 分').waitFor();
    await answerPanel.getByText(/^解得/).waitFor();
    await answerPanel.locator('.katex').first().waitFor();
    expect(await score.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('a');
    await answerPanel.waitFor({ state: 'detached' });

    // The crop really loads (a signed URL the holder alone received).
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // 问题卷: P opens the dialog; the paper leaves the queue and the next one shows.
    const flagged = await image.getAttribute('src');
    expect(marked).not.toContain(await shownPaper());
    await page.keyboard.press('p');
    const dialog = page.locator('.ant-modal').filter({ hasText: '标记问题卷' });
    await dialog.getByText('答题错位').click();
    await dialog.getByLabel('问题说明').fill('答在了下一题的位置');
    await dialog.getByRole('button', { name: '提交问题卷' }).click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(flagged);

    // A submission refused in the background (the 题组长 paused teacher01 meanwhile) stays on the
    // desk with the reason, though the next paper already shows (admin01 as above).
    const [seat] = await ok<{ userId: string }[]>(markingApi.getExamTasks, { blockId: deskBlockId }, admin01);
    const pause = (paused: boolean) =>
      ok(markingMonitorApi.pauseMarker, { blockId: deskBlockId, userId: seat!.userId, paused }, admin01);
    await pause(true);
    await score.focus();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    const refused = page.getByLabel('未提交成功的评分');
    await refused.getByText(/评分未提交成功/).waitFor();
    await refused.getByText(/暂停/).waitFor();
    await refused.getByRole('button', { name: '知道了' }).click();
    await refused.waitFor({ state: 'detached' });
    await pause(false);

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
