import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A backup is a folder (docs/deployment.md "Backups"):
//   manifest.json      what is in it, with a SHA-256 and size for every file
//   database.tar.gz    the embedded database's folder (PGlite dumpDataDir)
//   files/…            the file store (DATA_DIR/files), key for key
// A folder, not one archive, so an operator can copy it with rsync or tar and see what it holds.

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.tar.gz';
export const FILES_FOLDER = 'files';

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'huikao-backup';
  version: 1;
  createdAt: string;
  /** Taken through the running server, or from a stopped one by the command itself. */
  takenFrom: 'running-server' | 'stopped-server';
  migrations: { level: number; latest: string | null };
  database: ManifestEntry;
  /** Empty with object storage: its files are backed up by the store (docs/deployment.md). */
  files: ManifestEntry[];
  filesInObjectStorage: boolean;
}

export class BackupError extends Error {}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(path.join(root, prefix))) return [];
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(root, relative) : Promise.resolve(entry.isFile() ? [relative] : []);
    }),
  );
  return nested.flat().sort();
}

/** Writes the backup folder (which must not exist yet) and returns its manifest. */
export async function writeBackup(
  target: string,
  source: {
    databaseDump: Buffer;
    filesRoot: string | null;
    takenFrom: BackupManifest['takenFrom'];
    migrations: BackupManifest['migrations'];
  },
): Promise<BackupManifest> {
  if (existsSync(target)) throw new BackupError(`备份目录已存在：${target}`);
  await mkdir(path.join(target, FILES_FOLDER), { recursive: true });
  const dumpFile = path.join(target, DATABASE_DUMP);
  await writeFile(dumpFile, source.databaseDump);
  const files: ManifestEntry[] = [];
  // After the database: files are written before the rows naming them, so every file the dump
  // refers to is already there (one removed in between is the only loss, and it was being deleted).
  for (const relative of source.filesRoot ? await filesUnder(source.filesRoot) : []) {
    const copy = path.join(target, FILES_FOLDER, relative);
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(path.join(source.filesRoot!, relative), copy);
    files.push({ path: relative, bytes: (await stat(copy)).size, sha256: await sha256Of(copy) });
  }
  const manifest: BackupManifest = {
    format: 'huikao-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    takenFrom: source.takenFrom,
    migrations: source.migrations,
    database: { path: DATABASE_DUMP, bytes: source.databaseDump.length, sha256: await sha256Of(dumpFile) },
    files,
    filesInObjectStorage: source.filesRoot === null,
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads the manifest and checks every file against it: a backup that fails here is not restored. */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`不是有效的备份：${folder} 中没有可读的 ${MANIFEST}`);
  }
  if (manifest.format !== 'huikao-backup' || manifest.version !== 1) {
    throw new BackupError(`不是本平台的备份，或备份格式版本不受支持：${folder}`);
  }
  const entries = [
    { entry: manifest.database, file: path.join(folder, manifest.database.path) },
    ...manifest.files.map((entry) => ({ entry, file: path.join(folder, FILES_FOLDER, entry.path) })),
  ];
  for (const { entry, file } of entries) {
    // Paths come from the manifest: nothing outside the backup folder is read.
    if (!path.resolve(file).startsWith(path.resolve(folder) + path.sep)) {
      throw new BackupError(`备份清单中的路径无效：${entry.path}`);
    }
    if (!existsSync(file)) throw new BackupError(`备份不完整，缺少文件：${entry.path}`);
    if ((await stat(file)).size !== entry.bytes || (await sha256Of(file)) !== entry.sha256) {
      throw new BackupError(`备份校验失败，文件已损坏或被修改：${entry.path}`);
    }
  }
  return manifest;
}
