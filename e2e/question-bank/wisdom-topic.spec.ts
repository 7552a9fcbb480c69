import { questionBankUserApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { apiSession, mathCourseId, pickJuniorMath } from './school-bank-support.ts';

// Issue #6, 智能组卷: teacher01 ticks knowledge points, asks for single-choice questions near a
// difficulty, gets a paper with its difficulty and coverage, swaps a question for a similar one,
// and sends the paper to the basket.

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Other flows fill teacher01's basket; this one starts from an empty 数学 basket.
  const teacher = await apiSession('teacher01');
  await callApi(questionBankUserApi.clearBasket, { courseId: await mathCourseId(teacher) }, teacher);
});
afterAll(closeBrowser);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/\/teacher\//);
});
afterEach(async () => {
  await context.close();
});

const proposed = (p: Page) => p.locator('.qb-wisdom-question');

describe('wisdom-topic', () => {
  it('proposes a paper over the chosen points, swaps a question and sends the paper to the basket', async () => {
    await page.goto('/teacher/questionBank/wisdom-topic');
    await pickJuniorMath(page);
    const tree = page.getByRole('region', { name: '知识点树' });
    const checkboxes = tree.locator('.ant-tree-checkbox');
    await expect.poll(() => checkboxes.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // Every top-level knowledge area of the course: a point covers the points below it.
    const areas = await checkboxes.count();
    for (let i = 0; i < areas; i++) await checkboxes.nth(i).click();
    await expect.poll(() => page.getByText(`已选 ${areas} 个`).count()).toBe(1);

    const counts = page.getByLabel('题型题量');
    await counts.getByRole('spinbutton').first().fill('4');
    await page.getByRole('button', { name: '生成试卷' }).click();
    await expect.poll(() => proposed(page).count(), { timeout: 10_000 }).toBe(4);
    await expect.poll(() => page.getByTestId('wisdom-count').innerText()).toBe('4');
    const coverage = page.getByLabel('知识点覆盖');
    expect(await coverage.locator('.ant-tag').count()).toBe(areas);
    const summary = await page.locator('.ant-descriptions').innerText();
    expect(summary).toMatch(/平均难度\s*[1-5](\.\d)?/);

    // 换一题: the question in that place is now another one, of the same type.
    const ids = async () =>
      proposed(page).evaluateAll((nodes) =>
        nodes.map((node) => node.querySelector('.qb-question-card')?.getAttribute('data-ques-id')),
      );
    const before = await ids();
    const first = proposed(page).first();
    const typeBefore = await first.locator('.ant-tag').first().innerText();
    await first.getByRole('button', { name: '换一题' }).click();
    await expect.poll(async () => (await ids())[0], { timeout: 10_000 }).not.toBe(before[0]);
    const after = await ids();
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(new Set(after).size).toBe(4);
    expect(await proposed(page).first().locator('.ant-tag').first().innerText()).toBe(typeBefore);

    await page.getByRole('button', { name: '全部加入试题篮' }).click();
    await page.locator('.ant-notification-notice', { hasText: '已加入试题篮' }).waitFor();
    await expect.poll(() => proposed(page).getByRole('button', { name: '移出试题篮' }).count()).toBe(4);
  });
});
