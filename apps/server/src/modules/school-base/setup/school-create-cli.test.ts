import { authApi, type StoredUser } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/db.ts';
import { TEST_JWT_SECRET } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { runCommand, tempDataDir } from '../../../test/commands.ts';

// `npm run school:create` as README writes it, spawned on an empty data folder.
const CLI = 'apps/server/src/modules/school-base/setup/school-create-cli.ts';

describe('school:create', () => {
  it('creates a school from flags and prints the one-time password, which logs in once and must be changed', {
    timeout: 180_000,
  }, async () => {
    const dataDir = tempDataDir();
    const result = await runCommand(
      CLI,
      ['--name', '某某中学', '--code', 'mmzx', '--admin', 'mmadmin', '--grades', '七年级,八年级，九年级'],
      { dataDir },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('已创建学校：某某中学（MMZX），年级：七年级、八年级、九年级');
    const password = /一次性密码：(\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^.{12}$/);

    const database = await openDatabase({ dataDir });
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, WEB_DIST: '/nonexistent' }),
      { database, logger: false },
    );
    try {
      const login = await call<StoredUser>(app, authApi.userLogin, { loginName: 'mmadmin', password });
      expect(login.status).toBe(200);
      expect(login.data.mustChangePsw).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('asks for what is missing on a terminal, and without one says what is missing', { timeout: 60_000 }, async () => {
    const result = await runCommand(CLI, ['--name', '某某中学'], { dataDir: tempDataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('缺少 --code、--admin、--grades');
  });

  it('refuses bad input with the same Chinese messages as the first-run page', { timeout: 60_000 }, async () => {
    const result = await runCommand(
      CLI,
      ['--name', '某某中学', '--code', '中文', '--admin', 'mmadmin', '--grades', '七年级'],
      { dataDir: tempDataDir() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('学校代码为 2–16 位字母或数字');
  });
});
