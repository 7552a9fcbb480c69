// npm run restore -- <backup folder>: puts a backup (backup-cli.ts) back into DATA_DIR. Refuses
// while the server runs (it takes the data folder's lock), and checks every file against the
// manifest before touching anything. What the data folder held is moved aside, not deleted.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { loadConfig } from '../config.ts';
import { DataDirBusyError, lockDataDir } from '../data-dir-lock.ts';
import { BackupError, DATABASE_DUMP, FILES_FOLDER, verifyBackup } from './backup-archive.ts';

const USAGE = '用法：npm run restore -- 备份目录';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const folder = process.argv[2];
if (!folder || process.argv.length > 3) fail(USAGE);
const config = loadConfig();
if (config.databaseUrl)
  fail('使用 PostgreSQL（DATABASE_URL）时请用 pg_restore 恢复数据库，见 docs/deployment.md「备份」');

let lock: { release(): void };
try {
  lock = lockDataDir(config.dataDir);
} catch (error) {
  if (error instanceof DataDirBusyError) fail('服务正在运行：恢复前请先停止服务（数据目录正被使用）');
  throw error;
}

try {
  const source = path.resolve(folder);
  const manifest = await verifyBackup(source).catch((error) => {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  });
  if (manifest.filesInObjectStorage && !config.storageUrl) {
    console.warn('注意：这份备份的文件在对象存储中，本次只恢复数据库');
  }

  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const aside = path.join(config.dataDir, `before-restore-${stamp}`);
  const current = ['pglite', 'files'].filter((name) => existsSync(path.join(config.dataDir, name)));
  if (current.length > 0) await mkdir(aside, { recursive: true });
  for (const name of current) await rename(path.join(config.dataDir, name), path.join(aside, name));

  try {
    // PGlite unpacks the dump into its (empty) folder and replays its log to the last commit.
    const dump = await readFile(path.join(source, DATABASE_DUMP));
    const location = path.join(config.dataDir, 'pglite');
    await mkdir(location, { recursive: true });
    const client = await PGlite.create(location, {
      loadDataDir: new Blob([dump]),
      extensions: { btree_gin },
    });
    await client.query('select 1');
    await client.close();
    for (const entry of manifest.files) {
      const file = path.join(config.dataDir, FILES_FOLDER, entry.path);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(path.join(source, FILES_FOLDER, entry.path), file);
    }
  } catch (error) {
    // Back as it was: a failed restore leaves the data folder's previous contents in place.
    for (const name of ['pglite', 'files']) await rm(path.join(config.dataDir, name), { recursive: true, force: true });
    for (const name of current) await rename(path.join(aside, name), path.join(config.dataDir, name));
    if (current.length > 0) await rm(aside, { recursive: true, force: true });
    throw error;
  }
  console.log(`已恢复：${source}（${manifest.createdAt} 的备份，文件 ${manifest.files.length} 个）`);
  if (current.length > 0) console.log(`原有数据已移至：${aside}（确认无误后可删除）`);
} finally {
  lock.release();
}
