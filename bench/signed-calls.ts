// Measures the cost of the wire protocol and the session check on the embedded database:
// login latency (argon2id), signed-call throughput over real HTTP, and the cipher itself.
// Run: npm run bench (or npx tsx bench/signed-calls.ts). Prints its figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authApi, type StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest, decryptText, encryptText } from '@huikao/protocol';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_PASSWORD, seedDemoSchool } from '../apps/server/src/db/seed/demo-school.ts';
import { DEV_APP_KEY, loadConfig } from '../apps/server/src/platform/config.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function post(url: string, endpointPath: string, params: unknown, key: string, session?: StoredUser) {
  const request = buildEncryptedRequest(params, key, {
    loginName: session?.loginName ?? '',
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session?.jwtToken,
  });
  const response = await fetch(url + endpointPath, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': request.contentType },
    body: request.body,
  });
  const body = (await response.json()) as { status: number; data: unknown };
  if (body.status !== 200) throw new Error(`call failed: ${JSON.stringify(body)}`);
  return body.data;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-bench-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  { logger: false },
);
await seedDemoSchool(app.platform.database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// 1. Login: dominated by argon2id on purpose.
const loginTimes: number[] = [];
let session!: StoredUser;
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  session = (await post(
    url,
    authApi.userLogin.path,
    { loginName: 'teacher01', password: DEMO_PASSWORD },
    DEV_APP_KEY,
  )) as StoredUser;
  loginTimes.push(performance.now() - started);
}
loginTimes.sort((a, b) => a - b);
console.log(
  `login (argon2id, 20 sequential): p50 ${ms(percentile(loginTimes, 0.5))}, p95 ${ms(percentile(loginTimes, 0.95))}`,
);

// 2. Signed calls: timestamp, sign, guid insert, session lookup, decrypt, zod, handler.
const total = 2000;
const concurrency = 16;
const latencies: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      await post(url, authApi.findUserInfo.path, {}, session.token, session);
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
console.log(
  `signed findUserInfo over HTTP (${total} calls, ${concurrency} concurrent, PGlite): ${(total / seconds).toFixed(0)} calls/s, p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}`,
);

// 3. The cipher alone, on a 10 KB parameter object.
const params = JSON.stringify({
  rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `学生${i}`, score: i % 100 })),
});
const rounds = 2000;
const c0 = performance.now();
for (let i = 0; i < rounds; i++) decryptText(encryptText(params, session.token), session.token);
const perRound = (performance.now() - c0) / rounds;
console.log(
  `AES-256-ECB encrypt+decrypt of ${(params.length / 1024).toFixed(1)} KB JSON: ${ms(perRound)} per round trip`,
);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
