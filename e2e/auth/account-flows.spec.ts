import { authApi, type StoredUser } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, FIXTURE_ACCOUNTS } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const storedUser = (p: Page) =>
  p.evaluate(() => JSON.parse(localStorage.getItem('huikao.user') ?? 'null') as StoredUser | null);

async function openChangePassword(p: Page) {
  await p.getByText('修改密码').first().click();
  await p.getByLabel('原始密码').waitFor();
}

describe('change password', () => {
  it('checks on blur, refuses a wrong old password, succeeds, and the new password logs in', async () => {
    const { loginName } = FIXTURE_ACCOUNTS.passwordChanger;
    await loginThroughPage(page, loginName, DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await openChangePassword(page);

    const dialog = page.getByRole('dialog');
    const oldInput = dialog.getByLabel('原始密码');
    const newInput = dialog.getByLabel('新密码');
    const confirmInput = dialog.getByLabel('确认密码');

    await oldInput.focus();
    await oldInput.blur();
    await dialog.getByText('请输入原始密码').waitFor();
    expect(await newInput.isDisabled()).toBe(true);

    await oldInput.fill(DEMO_PASSWORD);
    await newInput.fill('abc');
    await newInput.blur();
    await dialog.getByText('密码长度为8 - 16位,包含大小写字母,数字,特殊字符中的至少3种').waitFor();
    await newInput.fill(DEMO_PASSWORD);
    await newInput.blur();
    await dialog.getByText('新密码与原始密码一致').waitFor();
    await newInput.fill('Changed@2027');
    await confirmInput.fill('Changed@2028');
    await confirmInput.blur();
    await dialog.getByText('两次输入密码不一致!').waitFor();

    // A wrong old password: the server refuses, the client says 密码修改失败 with its message.
    await oldInput.fill('Wrong@2026x');
    await confirmInput.fill('Changed@2027');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码修改失败').first().waitFor();
    await page.getByText('原始密码错误').first().waitFor();

    await oldInput.fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码修改成功').first().waitFor();
    // The alert that requires logging in again.
    const alert = page.getByRole('dialog').filter({ hasText: '重新登录' });
    await alert
      .getByRole('button', { name: /确\s*定|知道了|重新登录/ })
      .first()
      .click();
    await page.waitForURL('**/login**');
    expect(await storedUser(page)).toBeNull();

    await loginThroughPage(page, loginName, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: '账号或密码错误' }).first().waitFor();
    await loginThroughPage(page, loginName, 'Changed@2027');
    await page.waitForURL('**/teacher/**');
  });

  it('asks before closing the dialog with something typed', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await openChangePassword(page);
    await page.getByRole('dialog').getByLabel('原始密码').fill('something');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await page.getByText('确定放弃修改密码吗？').waitFor();
  });
});

describe('session problems', () => {
  it('shows the 系统提示 dialog when the session was revoked elsewhere', async () => {
    const { loginName } = FIXTURE_ACCOUNTS.revoked;
    await loginThroughPage(page, loginName, DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    // A quiet page: 我的阅卷任务 (the landing) refreshes its tasks, and that call alone would raise the
    // dialog before the password change does.
    await page.goto('/teacher/initData/user-info');
    await page.waitForLoadState('networkidle');
    const session = await storedUser(page);
    expect(session).not.toBeNull();
    // Another device logs this session out.
    expect((await callApi(authApi.logout, {}, session!)).status).toBe(200);

    await openChangePassword(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('原始密码').fill(DEMO_PASSWORD);
    await dialog.getByLabel('新密码').fill('Another@2027');
    await dialog.getByLabel('确认密码').fill('Another@2027');
    await dialog.getByRole('button', { name: '确定' }).click();

    const expired = page.getByRole('dialog').filter({ hasText: '系统提示' });
    await expired.getByText('登录状态已过期，您可以继续留在该页面，或者重新登录').waitFor();
    expect(await expired.getByRole('button', { name: '取消' }).count()).toBe(1);
    await expired.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/login**');
  });

  it('locks the account after five wrong passwords', async () => {
    const { loginName } = FIXTURE_ACCOUNTS.lockout;
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('账号').fill(loginName);
      await page.getByLabel('密码').fill(`Wrong@${i}abc`);
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByRole('alert').first().waitFor();
    }
    await page.getByRole('alert').filter({ hasText: '账号已锁定15分钟' }).first().waitFor();
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').filter({ hasText: '账号已锁定，请于' }).first().waitFor();
    expect(page.url()).toContain('/login');
  });

  it('logs in once with a one-time ticket on /autoLogin', async () => {
    const admin = (await callApi(authApi.userLogin, { loginName: 'admin01', password: DEMO_PASSWORD }))
      .data as StoredUser;
    const issued = await callApi(authApi.issueLoginTicket, { loginName: 'student01' }, admin);
    const { url } = issued.data as { url: string };
    await page.goto(url);
    await page.waitForURL('**/student/**');

    const second = await newPage();
    await second.page.goto(url);
    await second.page.getByText('登录票据已使用，每张票据只能登录一次').first().waitFor();
    await second.context.close();
  });

  it('makes a user whose password was reset change it before anything else', async () => {
    await loginThroughPage(page, FIXTURE_ACCOUNTS.forcedChange.loginName, DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('原始密码').waitFor();
    await dialog.getByText('管理员已重置您的密码').first().waitFor();
    expect(await dialog.getByRole('button', { name: '取消' }).count()).toBe(0);
  });
});
