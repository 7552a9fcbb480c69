import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
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
    // A .mjs script (scripts/command.mjs, what npm run school:create runs) needs no tsx.
    const child = spawn(script.endsWith('.mjs') ? process.execPath : TSX, [script, ...args], {
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

export interface RunningServer {
  /** Output so far. */
  output(): string;
  /** SIGTERM, then the exit code once the server has closed. */
  stop(): Promise<number | null>;
}

/** Starts the server (main.ts) on a free port and waits until it serves. */
export function startServer(options: {
  dataDir: string;
  /** Settings for the server; `undefined` removes one (e.g. SEED_DEMO, to get the environment's default). */
  env?: Record<string, string | undefined>;
  /** As `npm start` runs it: compiled (built first when stale), without tsx. */
  compiled?: boolean;
}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const [command, args] = options.compiled
      ? [process.execPath, ['scripts/start.mjs']]
      : [TSX, ['apps/server/src/main.ts']];
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: withoutUnset({
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: options.dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
        WEB_DIST: '/nonexistent-web-dist',
        ...options.env,
      }),
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const server: RunningServer = {
      output: () => output,
      async stop() {
        child.kill('SIGTERM');
        return exited;
      },
    };
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('慧考云 is serving')) resolve(server);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`server exited (${code}) before serving:\n${output}`)));
  });
}

function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A TCP port nothing listens on right now, for a spawned server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
