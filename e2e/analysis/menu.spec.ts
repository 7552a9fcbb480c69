import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// Issue #22 item 8 as a teacher meets it: the 21 analysis reports are grouped, the collapse
// control covers none of them, and a collapsed menu stays collapsed after a reload (the
// persisted application state).

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(closeBrowser);

describe("the teacher's analysis menu", () => {
  it('is grouped, its collapse control covers no item, and a collapsed menu stays so after a reload', {
    timeout: 90_000,
  }, async () => {
    let page: Page;
    ({ context, page } = await newPage());
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/teacher-analysis-main/grade-whole-analysis');
    const sider = page.locator('.ant-layout-sider');
    const titles = sider.locator('.ant-menu-item-group-title');
    await titles.first().waitFor();
    expect(await titles.allTextContents()).toEqual(['年级', '班级', '学科', '学生']);
    expect(await sider.locator('.ant-menu-item').count()).toBe(21);

    // The last item, scrolled to, is what the user hits there: nothing lies on top of it.
    const last = sider.locator('.ant-menu-item').filter({ hasText: '错题推荐' });
    await last.scrollIntoViewIfNeeded();
    const hit = await last.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && el.contains(top);
    });
    expect(hit).toBe(true);
    await last.click();
    await page.waitForURL('**/mis-recommend**');

    await sider.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(100);
    await page.reload();
    await sider.getByRole('button', { name: '展开菜单' }).waitFor();
    expect(await sider.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(100);
  });
});
