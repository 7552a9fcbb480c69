import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { pickJuniorMath } from './school-bank-support.ts';

// Issue #6, 我的收藏: teacher01 makes a folder for 数学 and renames it.

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

describe('my-collection', () => {
  it('adds a folder and renames it', async () => {
    const name = `期中复习${Date.now() % 100_000}`;
    await page.goto('/teacher/questionBank/my-collection');
    await pickJuniorMath(page);
    await page.getByRole('button', { name: '新建目录' }).click();
    await page.getByLabel('目录名称').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    const folders = page.getByRole('region', { name: '收藏目录' });
    const folder = folders.locator('.ant-tree-title', { hasText: `${name}（0）` });
    await folder.waitFor();

    await folder.click();
    await expect.poll(() => page.locator('.ant-card-head-title', { hasText: name }).count()).toBe(1);
    await page.getByRole('button', { name: '重命名' }).click();
    const input = page.getByLabel('目录名称');
    await expect.poll(() => input.inputValue()).toBe(name);
    await input.fill(`${name}（改）`);
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await folders.locator('.ant-tree-title', { hasText: `${name}（改）（0）` }).waitFor();
    expect(await folders.locator('.ant-tree-title', { hasText: new RegExp(`^${name}（0）$`) }).count()).toBe(0);
    // The name is the server's: it is still there after a reload.
    await page.reload();
    await page
      .getByRole('region', { name: '收藏目录' })
      .locator('.ant-tree-title', { hasText: `${name}（改）` })
      .waitFor();
  });
});
