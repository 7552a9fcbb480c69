import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite takes no lock across processes (its issue #1106): two processes writing one data folder
// corrupt it for good. Whoever opens DATA_DIR's embedded database holds this lock first.

export const DATA_DIR_BUSY = '数据目录正被运行中的服务使用，请先停止服务或改用 DATABASE_URL';
export const LOCK_FILE = 'data-dir.lock';

export class DataDirBusyError extends Error {
  constructor(readonly holder: LockHolder) {
    super(DATA_DIR_BUSY);
  }
}

export interface LockHolder {
  pid: number;
  startedAt: string;
  command?: string;
}

export interface DataDirLock {
  release(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Takes the data folder for this process, or throws DataDirBusyError while a live process holds
 * it. A lock whose process is gone (killed, crashed) is stale and taken over. Released by
 * release(), and at the latest when the process exits or dies of a signal nobody else handles.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  const text = JSON.stringify(mine);
  createLockFile(file, text);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    // Only our own lock: a stale-lock takeover by another process must not be undone.
    if (readHolderText(file) === text) unlinkQuietly(file);
  };
  // A process with its own handler (the server closes gracefully, then releases) keeps it; a
  // command without one would die of the signal without its exit event, so release and re-raise.
  function onSignal(signal: NodeJS.Signals) {
    if (process.listenerCount(signal) > 1) return;
    release();
    process.kill(process.pid, signal);
  }
  process.on('exit', release);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return { release };
}

function createLockFile(file: string, text: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readHolderText(file);
    const holder = parseHolder(seen);
    if (holder && isAlive(holder.pid)) throw new DataDirBusyError(holder);
    // Stale: take it over, unless another taker replaced it meanwhile (then the next attempt sees theirs).
    if (readHolderText(file) === seen) unlinkQuietly(file);
  }
  const holder = parseHolder(readHolderText(file));
  throw new DataDirBusyError(holder ?? { pid: 0, startedAt: '' });
}

function readHolderText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseHolder(text: string | null): LockHolder | null {
  try {
    const holder = JSON.parse(text ?? '') as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/** Signal 0 checks that the process exists; EPERM means it does, under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
