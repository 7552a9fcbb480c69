import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { closeBrowser, launchBrowser } from '../support/browser.ts';

// Issue #20: a platform started on an empty database, with its own APP_KEY (the web reads it from
// the served page, no rebuild), is set up from the browser and its administrator signs in.
// Its own app instance: the shared one is seeded.
const RUNTIME_APP_KEY = 'E2eRuntimeKey_0123456789abcdefgh';
let app: FastifyInstance;
let dataDir: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-e2e-first-run-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    APP_KEY: RUNTIME_APP_KEY,
    JWT_SECRET: 'e2e-first-run-jwt-secret-0123456789abcdef',
    PORT: '0',
  });
  app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  context = await (await launchBrowser()).newContext({
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
  });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await closeBrowser();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('first run', () => {
  it('creates the school from the first-run page, and its administrator signs in and must change the password', async () => {
    await page.goto('/login');
    await page.waitForURL('**/setup');
    await page.getByRole('button', { name: '创建学校' }).click();
    await page.getByText('学校名称至少 2 个字').waitFor();

    await page.getByLabel('学校名称').fill('青山中学');
    await page.getByLabel('学校代码').fill('qszx');
    await page.getByLabel('管理员账号').fill('qsadmin');
    await page.getByLabel('高一').check();
    await page.getByRole('button', { name: '创建学校' }).click();

    await page.getByText('已创建学校：青山中学').waitFor();
    expect(await page.getByText('七年级、八年级、九年级、高一').count()).toBe(1);
    const password = (await page.getByTestId('one-time-password').innerText()).trim();
    expect(password).toMatch(/^.{12}$/);

    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('账号').fill('qsadmin');
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/teacher/**');
    await page.getByRole('dialog').getByLabel('原始密码').waitFor();
  });

  it('is gone once the platform has a school', async () => {
    const fresh = await context.browser()!.newContext({ baseURL: page.url().replace(/\/teacher.*$/, '') });
    const visitor = await fresh.newPage();
    await visitor.goto('/setup');
    await visitor.waitForURL('**/login');
    await visitor.getByLabel('账号').waitFor();
    await fresh.close();
  });
});
