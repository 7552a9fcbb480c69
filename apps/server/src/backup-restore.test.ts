import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchool } from './db/seed/demo-school.ts';
import { createAnalysisModule } from './modules/analysis/index.ts';
import { type BackupManifest, MANIFEST, sha256Of } from './platform/backup/backup-archive.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { localFileStorage } from './platform/storage.ts';
import { runCommand, startServer, tempDataDir } from './test/commands.ts';

// Issue #20 item 4: npm run backup / npm run restore as README writes them, in real processes:
// backup, wipe the data folder, restore → the same rows in every table and the same files.
// (Beside app.ts rather than in platform/backup/: it fills the database through the modules.)
const BACKUP = 'apps/server/src/platform/backup/backup-cli.ts';
const RESTORE = 'apps/server/src/platform/backup/restore-cli.ts';

/** Row counts of every table the migrations made, the migrations' own journal included. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = (await database.db.execute(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  )) as { rows: { schema: string; name: string }[] };
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    const result = (await database.db.execute(sql.raw(`select count(*)::int as n from "${schema}"."${name}"`))) as {
      rows: { n: number }[];
    };
    counts[`${schema}.${name}`] = result.rows[0]!.n;
  }
  return counts;
}

async function checksums(filesRoot: string, keys: string[]): Promise<string[]> {
  return Promise.all(keys.map((key) => sha256Of(path.join(filesRoot, key))));
}

interface Populated {
  dataDir: string;
  counts: Record<string, number>;
  keys: string[];
  sums: string[];
}
let original: Populated;

/** A data folder with the demo school (many tables with rows) and a few stored files, made once. */
async function populate(): Promise<Populated> {
  const dataDir = tempDataDir('huikao-backup-');
  const database = await openDatabase({ dataDir });
  const storage = localFileStorage(path.join(dataDir, 'files'));
  try {
    await seedDemoSchool(database.db);
    // The demo exams' reports computed now, so a server started on a copy has nothing left to write.
    while ((await createAnalysisModule(database.db, { storage }).runs.runPending()) > 0);
    const keys = [
      await storage.put('exam-docs', '试卷.pdf', Buffer.from('%PDF-1.7 试卷')),
      await storage.put('scans', 'page.png', Buffer.alloc(50_000, 7)),
      await storage.put('reports', '成绩.xlsx', Buffer.from('PK 成绩')),
    ];
    const counts = await rowCounts(database);
    return { dataDir, counts, keys, sums: await checksums(path.join(dataDir, 'files'), keys) };
  } finally {
    await database.close();
  }
}

/** A copy of it for one test (the lock file aside: no process holds the copy). */
function populated(): Populated {
  const dataDir = tempDataDir('huikao-backup-');
  cpSync(original.dataDir, dataDir, { recursive: true });
  return { ...original, dataDir };
}

async function expectRestored(dataDir: string, before: Populated) {
  const database = await openDatabase({ dataDir });
  try {
    expect(await rowCounts(database)).toEqual(before.counts);
  } finally {
    await database.close();
  }
  expect(await checksums(path.join(dataDir, 'files'), before.keys)).toEqual(before.sums);
}

// The commands always run on the embedded database, whatever TEST_DATABASE_URL says: the
// PostgreSQL pass of the server tests would only repeat them.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore', () => {
  beforeAll(async () => {
    original = await populate();
  }, 300_000);

  it('with the server stopped: backup, wipe, restore gives the same rows and files', { timeout: 300_000 }, async () => {
    const before = populated();
    expect(Object.values(before.counts).filter((n) => n > 0).length).toBeGreaterThan(10);
    const target = path.join(tempDataDir('huikao-backups-'), 'nightly');

    const backup = await runCommand(BACKUP, ['--to', target], { dataDir: before.dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`备份完成：${target}`);
    const manifest = JSON.parse(readFileSync(path.join(target, MANIFEST), 'utf8')) as BackupManifest;
    expect(manifest.takenFrom).toBe('stopped-server');
    expect(manifest.files.map((f) => f.path).sort()).toEqual([...before.keys].sort());

    rmSync(before.dataDir, { recursive: true, force: true });
    const restore = await runCommand(RESTORE, [target], { dataDir: before.dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await expectRestored(before.dataDir, before);
  });

  it('from the running server; restore refuses while it runs, then restores once stopped', {
    timeout: 300_000,
  }, async () => {
    const before = populated();
    const target = path.join(tempDataDir('huikao-backups-'), 'live');
    const server = await startServer({ dataDir: before.dataDir });
    try {
      const backup = await runCommand(BACKUP, ['--to', target], { dataDir: before.dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('服务正在运行：由服务导出数据库');

      const refused = await runCommand(RESTORE, [target], { dataDir: before.dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe('服务正在运行：恢复前请先停止服务（数据目录正被使用）');
    } finally {
      // Its exit code is tsx's business under load (it may force the stop); the restore is ours.
      await server.stop();
    }
    expect(JSON.parse(readFileSync(path.join(target, MANIFEST), 'utf8')).takenFrom).toBe('running-server');

    // Wiped but for what the restore moves aside: the whole folder is emptied of data.
    rmSync(path.join(before.dataDir, 'pglite'), { recursive: true, force: true });
    rmSync(path.join(before.dataDir, 'files'), { recursive: true, force: true });
    const restore = await runCommand(RESTORE, [target], { dataDir: before.dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await expectRestored(before.dataDir, before);
  });

  it('refuses a backup that does not match its manifest, and leaves the data folder as it was', {
    timeout: 300_000,
  }, async () => {
    const before = populated();
    const target = path.join(tempDataDir('huikao-backups-'), 'tampered');
    expect((await runCommand(BACKUP, ['--to', target], { dataDir: before.dataDir })).code).toBe(0);

    const altered = path.join(tempDataDir('huikao-backups-'), 'altered');
    cpSync(target, altered, { recursive: true });
    writeFileSync(path.join(altered, 'files', before.keys[0]!), 'changed');
    const refused = await runCommand(RESTORE, [altered], { dataDir: before.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`备份校验失败，文件已损坏或被修改：${before.keys[0]}`);

    rmSync(path.join(target, 'database.tar.gz'));
    const incomplete = await runCommand(RESTORE, [target], { dataDir: before.dataDir });
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr.trim()).toBe('备份不完整，缺少文件：database.tar.gz');

    const notBackup = await runCommand(RESTORE, [before.dataDir], { dataDir: before.dataDir });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('不是有效的备份');

    expect(existsSync(path.join(before.dataDir, 'pglite'))).toBe(true);
    await expectRestored(before.dataDir, before);
  });
});
