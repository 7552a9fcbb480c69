import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: commands run from there, as README writes them. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh data folder for a spawned command (its own PGlite database). */
export function tempDataDir(prefix = 'huikao-data-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * Runs a TypeScript command of the repository in a child process, with tsx as README does, on the
 * embedded database under dataDir (never the test run's PostgreSQL).
 */
export function runCommand(
  script: string,
  args: string[],
  options: { dataDir: string; env?: Record<string, string>; input?: string },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
