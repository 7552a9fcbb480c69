// Measures logins under load, as a school signing in at the start of an exam does: 64 clients at
// once, each its own account and the right password, through the real protocol (encrypted
// userLogin over HTTP from one address, 127.0.0.1, like a school behind one NAT). Every client
// logs in a fixed number of times; prints p50/p95/max latency, throughput and any refusals.
// Run: npx tsx bench/login-concurrency.ts (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
// The rate limit is left at its default, so refusals of honest users would show here.
// Prints its figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authApi } from '@huikao/contracts';
import { buildEncryptedRequest } from '@huikao/protocol';
import { buildApp } from '../apps/server/src/app.ts';
import { areas, schools } from '../apps/server/src/db/schema.ts';
import { ensureUser, hashPassword } from '../apps/server/src/modules/auth/index.ts';
import { DEV_APP_KEY, loadConfig } from '../apps/server/src/platform/config.ts';

const CLIENTS = 64;
const LOGINS_PER_CLIENT = 8;
const PASSWORD = 'Bench@2026pw';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-bench-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
  }),
  { logger: false },
);
const { db } = app.platform.database;

// Accounts as users have them after their first password change: each its own full-strength hash.
const suffix = randomUUID().slice(0, 8);
const [area] = await db
  .insert(areas)
  .values({ code: `BA-${suffix}`, name: '压测区' })
  .returning();
const [school] = await db
  .insert(schools)
  .values({ code: `BS-${suffix}`, name: '压测中学', areaId: area!.id })
  .returning();
const loginNames = Array.from({ length: CLIENTS }, (_, i) => `bench-${suffix}-${i}`);
for (const loginName of loginNames) {
  await ensureUser(db, {
    loginName,
    passwordHash: await hashPassword(PASSWORD),
    type: 2,
    schoolId: school!.id,
    userCode: loginName,
    name: '压测学生',
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function logIn(loginName: string): Promise<{ ms: number; outcome: string }> {
  const request = buildEncryptedRequest({ loginName, password: PASSWORD }, DEV_APP_KEY, {
    loginName: '',
    guid: randomUUID(),
    timestamp: Date.now(),
  });
  const started = performance.now();
  const response = await fetch(url + authApi.userLogin.path, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': request.contentType },
    body: request.body,
  });
  const body = (await response.json()) as { status: number; message: string };
  const elapsed = performance.now() - started;
  return {
    ms: elapsed,
    outcome: body.status === 200 ? 'ok' : `HTTP ${response.status} ${body.status} ${body.message}`,
  };
}

const latencies: number[] = [];
const refusals = new Map<string, number>();
const started = performance.now();
await Promise.all(
  loginNames.map(async (loginName) => {
    for (let i = 0; i < LOGINS_PER_CLIENT; i++) {
      const result = await logIn(loginName);
      latencies.push(result.ms);
      if (result.outcome !== 'ok') refusals.set(result.outcome, (refusals.get(result.outcome) ?? 0) + 1);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const total = CLIENTS * LOGINS_PER_CLIENT;
console.log(
  `userLogin, ${CLIENTS} concurrent clients × ${LOGINS_PER_CLIENT} (${total} logins, ${app.platform.database.kind}): ` +
    `p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, max ${ms(latencies.at(-1)!)}, ` +
    `${(total / seconds).toFixed(1)} logins/s`,
);
console.log(
  refusals.size === 0
    ? 'refused: none'
    : `refused: ${[...refusals].map(([outcome, n]) => `${n}× ${outcome}`).join('; ')}`,
);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
