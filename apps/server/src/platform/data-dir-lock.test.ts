import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDataDir } from '../test/commands.ts';
import { DATA_DIR_BUSY, DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/** The pid of a process that has ended: nothing answers to it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the data folder lock', () => {
  it('writes the pid and start time, refuses a second taker with the message, and is free after release', () => {
    const dataDir = tempDataDir();
    const lock = lockDataDir(dataDir);
    const held = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(held.pid).toBe(process.pid);
    expect(Date.parse(held.startedAt)).not.toBeNaN();

    expect(() => lockDataDir(dataDir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dataDir)).toThrow(DATA_DIR_BUSY);

    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dataDir = tempDataDir();
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), startedAt: new Date().toISOString() }),
    );
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock file left unreadable (a crash while writing it)', () => {
    const dataDir = tempDataDir();
    writeFileSync(path.join(dataDir, LOCK_FILE), '');
    lockDataDir(dataDir).release();
  });

  it('leaves a lock alone on release once another process owns it', () => {
    const dataDir = tempDataDir();
    const lock = lockDataDir(dataDir);
    const other = JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() });
    writeFileSync(path.join(dataDir, LOCK_FILE), other);
    lock.release();
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(other);
  });

  it('is released when a command without its own handler is stopped by a signal', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    // One process (node with tsx's loader), so the signal reaches the lock's holder itself.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import('./apps/server/src/platform/data-dir-lock.ts'); m.lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { cwd: REPO_ROOT },
    );
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (chunk) => String(chunk).includes('locked') && resolve()),
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    expect(() => lockDataDir(dataDir)).toThrow(DATA_DIR_BUSY);
    const stopped = new Promise((resolve) => holder.on('exit', (_code, signal) => resolve(signal)));
    holder.kill('SIGTERM');
    expect(await stopped).toBe('SIGTERM');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
