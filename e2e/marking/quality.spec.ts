import { type LeasedPaper, markingApi, markingDeskApi, markingQualityApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';
import { QUALITY_BLOCK_NAME } from '../support/marking-quality-seed.ts';

// Issue #17's marker quality (marking.md "Quality", 匿名阅卷): a 题组长 sets a paper they marked as
// 标准卷 from 回评; a marker meets it unannounced and 题目监控 shows their deviation in the quality
// columns; the 题组长 reveals who wrote a 问题卷 (logged). The 题块: e2e/support/marking-quality-seed.ts.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const scoresOf = (paper: LeasedPaper, points: number) =>
  Object.fromEntries(paper.questions.map((q) => [q.questionId, Math.min(points, q.fullMarks)]));

describe('阅卷质量', () => {
  it('a 题组长 sets a 标准卷 and sees the quality columns, and reveals a 问题卷’s student', async () => {
    const lead = await loginAs('e2e_quality_lead');
    const marker = await loginAs('e2e_marker_a');
    const tasks = await ok<{ blockId: string; blockName: string }[]>(markingApi.myTasks, {}, lead);
    const blockId = tasks.find((t) => t.blockName === QUALITY_BLOCK_NAME)!.blockId;
    // The 题组长 marks one paper first (3 分): the one to declare.
    const reference = (await ok<LeasedPaper>(markingApi.claim, { blockId }, lead))!;
    await ok(
      markingApi.submit,
      { blockId, paperId: reference.paperId, token: reference.token, scores: scoresOf(reference, 3), seconds: 9 },
      lead,
    );

    await loginThroughPage(page, 'e2e_quality_lead', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto(`/markDetail?blockId=${blockId}`);
    await page.getByRole('button', { name: /回评/ }).first().click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '回评（最近50份）' });
    await drawer.getByLabel('回评第1份').getByRole('button', { name: '设为标准卷' }).click();
    await page.getByText('已设为标准卷（参考分 3）').waitFor();

    // The marker meets it among their papers, unannounced, and gives 5: deviation +2.
    let met = false;
    let flagged = false;
    for (let i = 0; i < 11; i++) {
      const paper = await ok<LeasedPaper | null>(markingApi.claim, { blockId }, marker);
      if (!paper) break;
      if (paper.paperId === reference.paperId) met = true;
      if (!flagged && paper.paperId !== reference.paperId) {
        flagged = true;
        await ok(
          markingDeskApi.flagProblem,
          { blockId, paperId: paper.paperId, token: paper.token, reason: '疑似雷同', note: '' },
          marker,
        );
        continue;
      }
      const points = paper.paperId === reference.paperId ? 5 : 2;
      const ask = { blockId, paperId: paper.paperId, token: paper.token, scores: scoresOf(paper, points), seconds: 4 };
      await ok(markingApi.submit, ask, marker);
    }
    expect(met).toBe(true);
    const figures = await ok<{ seededChecks: number }[]>(markingQualityApi.markerQuality, { blockId }, lead);
    expect(figures.map((f) => f.seededChecks)).toEqual([1]);

    await page.goto(`/teacher/examMark/ques-monitor?blockId=${blockId}`);
    const seeded = page.locator('.ant-card').filter({ hasText: '标准卷（1 份）' });
    await seeded.getByRole('cell', { name: '3', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: '标准卷偏差' }).waitFor();
    await page.getByRole('columnheader', { name: '回评抽检' }).waitFor();
    // The marker's 标准卷偏差 cell: 5 given against a reference of 3.
    const table = page.locator('.ant-table').filter({ hasText: '测试markerA' });
    const column = await table
      .locator('thead th')
      .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.trim() === '标准卷偏差'));
    const row = table.locator('tbody tr', { hasText: '测试markerA' });
    await expect.poll(() => row.locator('td').nth(column).textContent()).toBe('2');

    // 揭示身份 of the 问题卷, confirmed, shown in a dialog.
    await page.goto(`/markDetail?blockId=${blockId}`);
    await page.getByRole('tab', { name: '问题卷' }).click();
    await page.getByRole('button', { name: '揭示身份' }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '揭示该问题卷的考生身份？' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    const shown = page.locator('.ant-modal-confirm').filter({ hasText: '考生身份' });
    await shown.getByText('姓名').waitFor();
    await shown.getByText('考号').waitFor();
  }, 180_000);
});
