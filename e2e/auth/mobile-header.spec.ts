import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { baseURL, closeBrowser, launchBrowser, loginThroughPage } from '../support/browser.ts';

// Issue #22 item 8 as a student meets it: on a 390 px phone the student area's header fits the
// screen and 退出登录 can be pressed.

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(closeBrowser);

async function phone(): Promise<Page> {
  context = await (await launchBrowser()).newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

describe('the student header on a 390 px phone', () => {
  it('fits the screen, and 退出登录 is on it and logs out', { timeout: 60_000 }, async () => {
    const page = await phone();
    await loginThroughPage(page, 'student01', DEMO_PASSWORD);
    await page.waitForURL('**/student/**');
    const header = page.getByTestId('app-header');
    await header.waitFor();
    // Nothing of the header runs past the right edge, and the page does not scroll sideways for it.
    const overflow = await header.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    const logout = header.getByRole('button', { name: '退出登录' });
    const box = (await logout.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThan(0);
    await logout.click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '确定注销并退出系统吗？' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/login');
  });
});
