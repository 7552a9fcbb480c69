import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// Issue #22 item 8: question search opens on the teacher's own course. teacher01 teaches 数学 in
// 八年级 (初中), and 初中's first course is another one, so a fresh profile must land on 数学.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

describe('question search', () => {
  it("opens on the teacher's own course, and keeps the teacher's pick after that", async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/questionBank/know-topic');
    const picker = page.locator('[aria-label="学科选择"]');
    const chosen = picker.locator('.ant-radio-button-wrapper-checked');
    await expect.poll(() => chosen.textContent(), { timeout: 15_000 }).toBe('数学');
    expect(await picker.locator('.ant-segmented-item-selected').textContent()).toBe('初中');
    const first = (await picker.locator('.ant-radio-button-wrapper').first().textContent()) ?? '';
    expect(first).not.toBe('数学');

    // The teacher's own pick is kept from then on.
    await picker.locator('.ant-radio-button-wrapper').first().click();
    await expect.poll(() => chosen.textContent()).toBe(first);
    await page.reload();
    await expect.poll(() => chosen.textContent(), { timeout: 15_000 }).toBe(first);
  });
});
