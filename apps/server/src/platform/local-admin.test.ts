import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbQuestions, schools } from '../db/schema.ts';
import { type RunningServer, runCommand, startServer, tempDataDir } from '../test/commands.ts';
import { openDatabase } from './db.ts';
import { LOCAL_ADMIN_FILE, LOCAL_ADMIN_HEADER, type LocalAdminEndpoint } from './local-admin.ts';

// Issue #20 item 1: README's commands while the server runs go through it (its local
// administration channel), with the same output; nobody without the token gets anything done.
const IMPORT = 'apps/server/src/modules/question-bank/import/import-cli.ts';
const CREATE = 'apps/server/src/modules/school-base/setup/school-create-cli.ts';
const dataDir = tempDataDir();
let server: RunningServer;
let endpoint: LocalAdminEndpoint;

function importFixture(dir: string): string[] {
  const tree = path.join(dir, 'tree.json');
  writeFileSync(tree, JSON.stringify([{ name: '课内体系', children: [{ name: '加法', children: [] }] }]));
  const tal = path.join(dir, 'tal.jsonl');
  writeFileSync(
    tal,
    JSON.stringify({
      queId: 'admin-1',
      difficulty: '1',
      qtype: 'single_choice',
      problem: '计算：$$1+2$$的结果是．',
      answer_option_list: [[{ aoVal: 'A', content: '$$2$$' }], [{ aoVal: 'B', content: '$$3$$' }]],
      knowledge_point_routes: ['课内体系->加法'],
      answer_analysis: ['$$1+2=3$$'],
      answer_value: 'B',
    }),
  );
  return [tree, tal];
}

/** The output without its timing, which differs between two runs. */
const lines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('服务正在运行'))
    .map((line) => line.replace(/ in [\d.]+ s$/, ''));

beforeAll(async () => {
  server = await startServer({ dataDir });
  endpoint = JSON.parse(
    await import('node:fs/promises').then((fs) => fs.readFile(path.join(dataDir, LOCAL_ADMIN_FILE), 'utf8')),
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('commands while the server runs', () => {
  it('publishes its channel readable by its own user only', () => {
    expect(statSync(path.join(dataDir, LOCAL_ADMIN_FILE)).mode & 0o777).toBe(0o600);
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('imports questions through the server, with the same output as on a stopped one', {
    timeout: 180_000,
  }, async () => {
    const files = importFixture(tempDataDir());
    const through = await runCommand(IMPORT, files, { dataDir });
    expect(through.stderr).toBe('');
    expect(through.code).toBe(0);
    expect(through.stdout).toContain('服务正在运行：由服务导入');

    const direct = await runCommand(IMPORT, files, { dataDir: tempDataDir() });
    expect(direct.code).toBe(0);
    expect(lines(through.stdout)).toEqual(lines(direct.stdout));
    expect(lines(through.stdout)).toContain('imported 1 questions from 2 files');
  });

  it('creates a school through the server, and refuses a taken code in Chinese', { timeout: 120_000 }, async () => {
    const args = ['--name', '某某中学', '--code', 'RUN1', '--admin', 'runadmin', '--grades', '七年级,八年级'];
    // As README writes it: npm run school:create runs scripts/command.mjs.
    const created = await runCommand('scripts/command.mjs', ['modules/school-base/setup/school-create-cli', ...args], {
      dataDir,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('已创建学校：某某中学（RUN1），年级：七年级、八年级');
    expect(created.stdout).toMatch(/一次性密码：\S{12}/);

    const again = await runCommand(CREATE, args, { dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).not.toBe('');
    expect(again.stderr).not.toContain('Error');
  });

  it('says in Chinese what the server could not read', { timeout: 60_000 }, async () => {
    const result = await runCommand(IMPORT, ['/nonexistent/questions.json'], { dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('服务无法读取文件：/nonexistent/questions.json');
  });

  it('refuses a call without the token, with a wrong one, or with another start’s', async () => {
    const url = `${endpoint.url}/local-admin/question-bank/import`;
    const body = JSON.stringify({ targets: ['/etc'] });
    const tries: Record<string, string>[] = [
      {},
      { [LOCAL_ADMIN_HEADER]: '' },
      { [LOCAL_ADMIN_HEADER]: `${endpoint.token.slice(0, -1)}x` },
      { [LOCAL_ADMIN_HEADER]: 'a'.repeat(43) },
      { authorization: `Bearer ${endpoint.token}` },
      // The right token, but through a proxy: not a command on this machine.
      { [LOCAL_ADMIN_HEADER]: endpoint.token, 'x-forwarded-for': '203.0.113.9' },
    ];
    for (const headers of tries) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe('本机管理通道：凭据无效');
    }
    const dump = await fetch(`${endpoint.url}/local-admin/backup/database`, { method: 'POST', body: '{}' });
    expect(dump.status).toBe(403);
  });

  it('leaves the database whole: after the server stops it opens with what the commands wrote', {
    timeout: 120_000,
  }, async () => {
    expect(await server.stop()).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const [schoolRows] = await database.db.select({ n: count() }).from(schools);
      const [questionRows] = await database.db.select({ n: count() }).from(qbQuestions);
      expect(schoolRows!.n).toBe(1);
      expect(questionRows!.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
