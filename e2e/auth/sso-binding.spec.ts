import { ssoApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SSO_PROVIDER_NAME } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs } from '../support/exams-api.ts';

// Issue #19 part 4, the administrator's side: in 任课教师's teacher list (shown because a provider is
// configured) admin01 binds the provider's account sso-stranger (bound to nobody) to their own
// account; a sign-in through the in-process provider as sso-stranger then lands as admin01. Unbound
// again on the screen (and after the test through the call), so sso.spec.ts's stranger stays unknown.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(async () => {
  const admin = await loginAs('admin01');
  await callApi(ssoApi.oauthBind, { loginName: 'admin01', provider: 'campus', subject: null }, admin);
  await closeBrowser();
});

describe('第三方账号 binding', () => {
  it('admin01 binds an external account, signs in with it, and unbinds it', { timeout: 120_000 }, async () => {
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/school-class-teacher');
    const table = page.getByRole('region', { name: '教师' });
    await table.getByPlaceholder('搜索姓名或手机号').fill('王建国');
    const row = table.getByRole('row').filter({ hasText: 'admin01' });
    await row.getByRole('button', { name: '第三方账号' }).click();
    const dialog = page.getByRole('dialog', { name: '第三方账号：王建国（admin01）' });
    await dialog.getByText('尚未绑定第三方账号').waitFor();
    await dialog.getByLabel('外部账号标识').fill('sso-stranger');
    await dialog.getByRole('button', { name: '绑定' }).click();
    const binding = dialog.getByLabel(`${SSO_PROVIDER_NAME}绑定`);
    await binding.getByText(`${SSO_PROVIDER_NAME}：sso-stranger`).waitFor();

    // The bound account signs in as admin01 through the provider.
    const other = await newPage();
    try {
      await other.page.goto('/login');
      await other.page.getByRole('link', { name: `${SSO_PROVIDER_NAME}登录` }).click();
      await other.page.waitForURL(/\/interaction\//);
      await other.page.locator('input[name="login"]').fill('sso-stranger');
      await other.page.locator('input[name="password"]').fill('any');
      await other.page.locator('button[type="submit"]').click();
      await other.page.waitForURL('**/teacher/**', { timeout: 30_000 });
      expect(await other.page.evaluate(() => JSON.stringify(localStorage))).toContain('admin01');
    } finally {
      await other.context.close();
    }

    // 解绑, confirmed: the list is empty again, and so is the server's.
    await binding.getByRole('button', { name: '解绑' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await dialog.getByText('尚未绑定第三方账号').waitFor();
    const admin = await loginAs('admin01');
    const stored = await callApi(ssoApi.oauthUserInfo57, { loginName: 'admin01' }, admin);
    expect(stored.data).toEqual([]);
  });
});
