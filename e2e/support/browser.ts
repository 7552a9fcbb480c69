import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Debian's Chromium, never a downloaded browser. The flags keep it off the closed network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const baseURL = () => inject('baseURL');

/** A fresh browser profile (cookies, storage) for one flow. */
export async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await launchBrowser()).newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the login page as a user would. */
export async function loginThroughPage(page: Page, loginName: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('账号').fill(loginName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}
