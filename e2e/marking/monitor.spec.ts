import {
  type LeasedPaper,
  type MonitorSubject,
  markingApi,
  markingMonitorApi,
  type StoredUser,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';
import { MONITOR_BLOCK_NAME, MONITOR_MARKERS } from '../support/marking-monitor-seed.ts';

// Issue #17's monitor flow: two markers mark papers of a double-marked 题块 through the claim and
// submit calls; admin01 (the 阅卷管理员) opens 题目监控, sees the progress and a marker's row
// refresh, pauses and resumes that marker, and corrects one finished paper in 抽查 with a reason.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

async function markSome(session: StoredUser, blockId: string, count: number, score: number) {
  for (let i = 0; i < count; i++) {
    const paper = await ok<LeasedPaper | null>(markingApi.claim, { blockId }, session);
    if (!paper) return;
    const scores = Object.fromEntries(paper.questions.map((q) => [q.questionId, Math.min(score, q.fullMarks)]));
    await ok(markingApi.submit, { blockId, paperId: paper.paperId, token: paper.token, scores, seconds: 7 }, session);
  }
}

describe('阅卷监控', () => {
  it('admin01 watches a 题块, pauses and resumes a marker, and corrects a paper in 抽查', async () => {
    const admin = await loginAs('admin01');
    const exams = await ok<{ meId: string; name: string }[]>(markingMonitorApi.exams, {}, admin);
    const exam = exams.find((e) => e.name === '九年级11月月考');
    expect(exam, JSON.stringify(exams)).toBeDefined();
    if (!exam) return;
    const subjects = await ok<MonitorSubject[]>(markingMonitorApi.examSummary, { meId: exam.meId }, admin);
    const block = subjects.flatMap((s) => s.blocks).find((b) => b.blockName === MONITOR_BLOCK_NAME)!;
    const [a, b] = await Promise.all(MONITOR_MARKERS.map((name) => loginAs(name)));
    await markSome(a!, block.blockId, 4, 1);
    await markSome(b!, block.blockId, 4, 1);

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto(`/teacher/examMark/mark-monitor?meId=${exam.meId}`);
    await page
      .getByText(MONITOR_BLOCK_NAME)
      .first()
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/mark-monitor-e2e.png' });
        throw error;
      });
    await page.goto(`/teacher/examMark/ques-monitor?blockId=${block.blockId}`);
    const progress = page.locator('.ant-statistic').filter({ hasText: '已评完' });
    await expect.poll(() => progress.locator('.ant-statistic-content').textContent()).toBe('4');

    // Live: more marks arrive and the page follows without a reload.
    await markSome(a!, block.blockId, 2, 1);
    await markSome(b!, block.blockId, 2, 1);
    await expect.poll(() => progress.locator('.ant-statistic-content').textContent(), { timeout: 15_000 }).toBe('6');

    // Marker A's row: both markers gave the same scores, so agreement is 100 %.
    const markerRow = page.locator('tr', { hasText: '测试markerA' }).filter({ hasText: '100.0%' }).first();
    await markerRow.waitFor();

    await markerRow.getByRole('button', { name: '暂停' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText(/已暂停，收回/).waitFor();
    await markerRow.getByText('已暂停').waitFor();
    const refused = await callApi(markingApi.claim, { blockId: block.blockId }, a!);
    expect(refused.message).toMatch(/暂停/);
    await markerRow.getByRole('button', { name: '恢复' }).click();
    await page.getByText('已恢复阅卷').waitFor();
    await expect.poll(() => markerRow.getByText('已暂停').count()).toBe(0);

    await page.goto(`/markCensorInfo?blockId=${block.blockId}`);
    await page.getByRole('button', { name: '随机抽取' }).click();
    const first = page.locator('.ant-card').filter({ hasText: '第 1 份' });
    await first.getByRole('button', { name: '更正得分' }).click();
    await first.getByLabel('更正得分').fill('0');
    await first.getByLabel('更正原因').fill('步骤分给多了');
    await first.getByRole('button', { name: '提交更正' }).click();
    await page.getByText('已更正得分').waitFor();
    await first.getByText('抽查更正').waitFor();
    await first.getByText('终分 0').waitFor();
    await page.getByText('已抽查 1 /').waitFor();
  }, 120_000);
});
