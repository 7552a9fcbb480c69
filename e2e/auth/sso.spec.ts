import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SSO_PROVIDER_NAME } from '../support/accounts.ts';
import { closeBrowser, newPage } from '../support/browser.ts';

// Issue #19 part 4: single sign-on through a real OpenID Connect provider running in the test
// process (global-setup.ts): the login page's button, the provider's own sign-in form, and back
// signed in as teacher01 (bound on first login by 工号); an unknown account comes back refused.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

/** The provider's development sign-in form: any password, the account id as login. */
async function signInAtProvider(p: Page, account: string) {
  await p.waitForURL(/\/interaction\//);
  await p.locator('input[name="login"]').fill(account);
  await p.locator('input[name="password"]').fill('any');
  await p.locator('button[type="submit"]').click();
}

describe('single sign-on', () => {
  it('signs teacher01 in through the provider and lands on the redirect', { timeout: 90_000 }, async () => {
    await page.goto('/login?redirect=%2Fteacher%2FinitData%2Fuser-info');
    await page.getByRole('link', { name: `${SSO_PROVIDER_NAME}登录` }).click();
    await signInAtProvider(page, 'sso-teacher01');
    await page.waitForURL('**/teacher/initData/user-info', { timeout: 30_000 });
    await page.getByText('李明华').first().waitFor();
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('teacher01');
  });

  it('sends an account bound to nobody back to the login page with the reason', { timeout: 90_000 }, async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: `${SSO_PROVIDER_NAME}登录` }).click();
    await signInAtProvider(page, 'sso-stranger');
    await page.waitForURL('**/login?ssoError=*');
    await page
      .getByRole('alert')
      .getByText(`该${SSO_PROVIDER_NAME}账号尚未绑定本平台账号，请联系教务管理员绑定`)
      .waitFor();
  });
});
