import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  REPO_ROOT,
  type RunningServer,
  runCommand,
  startServer,
  tempDataDir,
} from '../../apps/server/src/test/commands.ts';
import { closeBrowser, launchBrowser } from '../support/browser.ts';

// Issue #20 as a school's IT staff runs it: production settings, a school made with the command,
// `npm start`'s compiled server (apps/server/dist, no tsx), and its administrator signing in through the browser (the web encrypts with
// the APP_KEY the server put in the page, not one baked into the build).
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_KEY: 'SchoolOwnProductionKey_012345678',
  JWT_SECRET: 'e2e-production-jwt-secret-0123456789abcdef',
};
const dataDir = tempDataDir('huikao-e2e-production-');
let server: RunningServer | undefined;
let context: BrowserContext | undefined;

afterAll(async () => {
  await context?.close();
  await closeBrowser();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('production mode', () => {
  it('creates a school with the command, starts without the demo school, and its administrator signs in', {
    timeout: 240_000,
  }, async () => {
    const created = await runCommand(
      'apps/server/src/modules/school-base/setup/school-create-cli.ts',
      ['--name', '某某中学', '--code', 'ABCD', '--admin', 'admin', '--grades', '七年级,八年级,九年级'],
      { dataDir, env: PRODUCTION },
    );
    expect(created.stderr).toBe('');
    const password = /一次性密码：(\S+)/.exec(created.stdout)?.[1] ?? '';

    const port = await freePort();
    server = await startServer({
      compiled: true,
      dataDir,
      env: {
        ...PRODUCTION,
        PORT: String(port),
        SEED_DEMO: undefined,
        WEB_DIST: path.join(REPO_ROOT, 'apps/web/dist'),
      },
    });
    expect(server.output()).not.toContain('demo school');

    context = await (await launchBrowser()).newContext({ baseURL: `http://127.0.0.1:${port}`, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('账号').fill('admin01');
    await page.getByLabel('密码').fill('Huikao@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').waitFor();

    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/teacher/**');
    await page.getByRole('dialog').getByLabel('原始密码').waitFor();
  });
});
