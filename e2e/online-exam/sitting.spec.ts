import {
  authApi,
  type MarkBlock,
  markingApi,
  type OnlineExamSummary,
  onlineExamApi,
  type SittingRow,
  type StoredUser,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';

// Issue #18's browser test: student01 sits the demo 八年级数学在线练习 (a choice, a 填空, a typed
// answer), reloads half-way and carries on with nothing lost, and submits; teacher01 marks the
// subjective answers at the marking desk (我的阅卷任务 → 进入阅卷, by keyboard); admin01 releases; student01 then sees the score, their answers and the key.

const EXAM = '八年级数学在线练习';
const LIST = '/student/student-exam-main/student-exam-list';

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const examRow = (p: Page) => p.locator('.ant-table-row').filter({ hasText: EXAM });
const card = (p: Page) => p.getByTestId('online-sitting');

/** Answers the question on screen: the first option of a choice, or the given text. */
async function answerShown(p: Page, text: string) {
  const radio = card(p).locator('.ant-radio-wrapper').first();
  if ((await radio.count()) > 0) await radio.click();
  else await card(p).getByLabel('作答', { exact: true }).fill(text);
}

async function waitSaved(p: Page) {
  await expect.poll(async () => p.getByTestId('save-state').textContent(), { timeout: 15_000 }).toBe('已保存');
}

const TYPED = '设一次函数 y=kx+b，代入两点得 k=2，b=1';

/**
 * teacher01 marks every paper of the exam's 题块 at the desk (我的阅卷任务 → 进入阅卷), full marks by
 * the F key then Enter, reading the typed answer and its photo on screen. The administrator's
 * set-up of the 题块 (teacher01 as marker, marking started) goes through the API: it is not the
 * flow under test.
 */
async function markAtTheDesk(admin: StoredUser, seId: string) {
  const teacher = await loginAs('teacher01');
  const info = await ok<{ user: { userId: string } }>(authApi.findUserInfo, {}, teacher);
  const blocks = await ok<MarkBlock[]>(markingApi.findBlocks, { seId }, admin);
  for (const block of blocks) {
    await ok(markingApi.saveTasks, { blockId: block.id, markers: [{ userId: info.user.userId }] }, admin);
    if (block.status === 1) await ok(markingApi.setBlockStatus, { blockId: block.id, action: 'start' }, admin);
  }
  const desk = await newPage();
  let marked = 0;
  let typedSeen = false;
  try {
    const p = desk.page;
    await loginThroughPage(p, 'teacher01', DEMO_PASSWORD);
    await p.waitForURL(/\/teacher\/examMark\/my-mark-task/);
    for (const block of blocks) {
      await p.goto('/teacher/examMark/my-mark-task');
      const row = p.locator('tr.ant-table-row', { hasText: EXAM }).filter({ hasText: block.name });
      await row.getByRole('button', { name: '进入阅卷' }).click();
      await p.waitForURL(/\/markDetail\?blockId=/);
      const answer = p.getByLabel('作答内容');
      const none = p.getByText('当前没有待评的试卷');
      for (let n = 1; ; n++) {
        await answer.or(none).first().waitFor({ timeout: 20_000 });
        if (await none.isVisible()) break;
        if ((await answer.textContent())?.includes(TYPED)) {
          typedSeen = true;
          // The photo taken with the answer is shown beside the text.
          await expect.poll(() => p.getByAltText('作答图片1').count(), { timeout: 15_000 }).toBe(1);
        }
        const score = p.getByLabel(/^第.*题得分$/);
        await expect.poll(async () => score.evaluate((el) => el === document.activeElement)).toBe(true);
        await p.keyboard.press('f');
        await p.keyboard.press('Enter');
        await expect.poll(() => statistic(p, '我已评').textContent(), { timeout: 15_000 }).toBe(String(n));
        marked++;
      }
    }
  } catch (error) {
    await desk.page.screenshot({ path: '/tmp/online-exam-desk.png' });
    throw error;
  } finally {
    await desk.context.close();
  }
  expect(typedSeen).toBe(true);
  return marked;
}

const statistic = (p: Page, title: string) =>
  p.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

describe('在线考试', () => {
  it('student01 sits, reloads, submits; the answers are marked and released; the result is shown', async () => {
    await loginThroughPage(page, 'student01', DEMO_PASSWORD);
    await page.waitForURL(/\/student\//);
    await page.goto(LIST);
    await examRow(page).getByRole('button', { name: '开始作答' }).click();
    await card(page).waitFor();
    await expect.poll(async () => card(page).getByTestId('countdown').textContent()).toMatch(/剩余 (39|40):\d\d/);

    const cardButtons = card(page).locator('.ant-card').nth(1).getByRole('button');
    expect(await cardButtons.count()).toBe(3);
    await cardButtons.nth(0).click();
    await answerShown(page, '答案一');
    await cardButtons.nth(1).click();
    await answerShown(page, '第二题的作答');
    await waitSaved(page);

    // Mid-way: the page reloads; the answers come back and the clock keeps running.
    await page.reload();
    await card(page).waitFor();
    await expect.poll(async () => card(page).getByRole('button', { name: /已答/ }).count()).toBe(2);
    // Leaving the window (blur, here twice as when a tab switch also hides the page) counts once.
    const admin = await loginAs('admin01');
    const exams = await ok<OnlineExamSummary[]>(onlineExamApi.findOnlineExams, { schoolId: admin.schoolId }, admin);
    const exam = exams.find((e) => e.name === EXAM)!;
    const leaves = async () =>
      (
        await ok<SittingRow[]>(onlineExamApi.findOnLineExamStuInfoBySeId, { onlineExamId: exam.onlineExamId }, admin)
      ).reduce((n, r) => n + r.leaveCount, 0);
    const before = await leaves();
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('blur'));
    });
    await expect.poll(leaves, { timeout: 15_000 }).toBe(before + 1);
    await page.waitForTimeout(500);
    expect(await leaves()).toBe(before + 1);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await cardButtons.nth(2).click();
    await answerShown(page, TYPED);
    // A photo of the working, taken or chosen: uploaded, shown as a thumbnail, saved with the answer.
    await card(page).getByLabel('作答图片').setInputFiles({ name: '作答.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(async () => card(page).getByAltText('作答图片1').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/\/files\/|https?:/);
    await waitSaved(page);
    await card(page)
      .getByRole('button', { name: /^交\s*卷$/ })
      .click();
    await page.locator('.ant-modal').filter({ hasText: '确认交卷' }).getByRole('button', { name: '确认交卷' }).click();
    await expect.poll(async () => card(page).textContent()).toMatch(/已交卷/);

    const submitted = (
      await ok<OnlineExamSummary[]>(onlineExamApi.findOnlineExams, { schoolId: admin.schoolId }, admin)
    ).find((e) => e.name === EXAM)!;
    expect(submitted.submittedCount).toBeGreaterThanOrEqual(1);
    expect(await markAtTheDesk(admin, exam.seId)).toBeGreaterThanOrEqual(2);
    await ok(onlineExamApi.releaseOnlineExam, { onlineExamId: exam.onlineExamId }, admin);

    await page.goto(LIST);
    await examRow(page).getByRole('button', { name: '查看成绩与答案' }).click();
    await page.getByTestId('online-total').waitFor();
    // Full marks on the two subjective questions (16) plus the choice if its first option was right.
    await expect.poll(async () => page.getByTestId('online-total').textContent()).toMatch(/得分：(16|20) \/ 20/);
    await expect.poll(async () => page.getByText(TYPED).count()).toBe(1);
    expect(await page.getByText('参考答案').count()).toBe(3);
  }, 180_000);
});
