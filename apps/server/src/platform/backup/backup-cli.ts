// npm run backup [-- --to <folder>]: the embedded database and the file store into a new folder
// with a manifest of checksums (backup-archive.ts). Consistent either way: with the server stopped
// the command opens the database itself; while it runs, the server dumps it (local-admin.ts).
// With PostgreSQL, pg_dump does the database (docs/deployment.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { DATA_DIR_BUSY, DataDirBusyError } from '../data-dir-lock.ts';
import { openDatabase } from '../db.ts';
import { callLocalAdmin, callLocalAdminForBytes, LocalAdminError, readLocalAdmin } from '../local-admin.ts';
import { BackupError, type BackupManifest, writeBackup } from './backup-archive.ts';

const USAGE = '用法：npm run backup [-- --to 备份目录]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let to: string | undefined;
try {
  to = parseArgs({ options: { to: { type: 'string' } } }).values.to;
} catch (error) {
  fail(`参数错误：${(error as Error).message}\n${USAGE}`);
}
const config = loadConfig();
if (config.databaseUrl) fail('使用 PostgreSQL（DATABASE_URL）时请用 pg_dump 备份数据库，见 docs/deployment.md「备份」');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(to ?? path.join(path.dirname(config.dataDir), 'backups', `huikao-${stamp}`));

let databaseDump: Buffer;
let migrations: BackupManifest['migrations'];
let takenFrom: BackupManifest['takenFrom'];
try {
  const database = await openDatabase(config);
  try {
    databaseDump = await database.dump!();
    const { level, latest } = await database.migrationLevel();
    migrations = { level, latest };
    takenFrom = 'stopped-server';
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  const server = readLocalAdmin(config.dataDir, error.holder.pid);
  if (!server) fail(DATA_DIR_BUSY);
  console.log(`服务正在运行：由服务导出数据库（${server.url}）`);
  try {
    databaseDump = await callLocalAdminForBytes(server, 'backup/database', {});
    migrations = await callLocalAdmin(server, 'backup/migrations', {});
  } catch (callError) {
    if (callError instanceof LocalAdminError) fail(callError.message);
    throw callError;
  }
  takenFrom = 'running-server';
}

try {
  const manifest = await writeBackup(target, {
    databaseDump,
    filesRoot: config.storageUrl ? null : path.join(config.dataDir, 'files'),
    takenFrom,
    migrations,
  });
  const megabytes = (manifest.database.bytes / 1024 / 1024).toFixed(1);
  console.log(`备份完成：${target}`);
  console.log(
    `数据库 ${megabytes} MB；${manifest.filesInObjectStorage ? '文件在对象存储中，请用其自身的备份（见 docs/deployment.md）' : `文件 ${manifest.files.length} 个`}`,
  );
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
