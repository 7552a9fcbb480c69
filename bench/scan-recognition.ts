// Recognition speed and memory (issue #16): 200 dpi grey JPEG A3 sides (the product's own card PDF,
// rasterised, filled in pencil, turned ±3°, scaled ±3 %, blurred, speckled, JPEG 60), recognised in
// the server's worker threads exactly as a page job does it (decode, locators, page code, 考号,
// bubbles, 缺考, every subjective crop as JPEG), while the same process serves calls through
// app.inject (a signed-in call: the session lookup and a database read), whose latency is measured.
// Target: ≥ 25 sides/s on this 2-core machine; memory flat over 5,000 sides.
// Run: npx tsx bench/scan-recognition.ts [sides=5000]   (RECOGNITION_THREADS to change the threads)
import { loadavg, tmpdir } from 'node:os';
import { type AnswerCardTemplate, type ExamQuestion, generateTemplate } from '@huikao/answer-card';
import { authApi } from '@huikao/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { renderCardPdf } from '../apps/server/src/modules/scanning/card-pdf/index.ts';
import { readBlankReferences } from '../apps/server/src/modules/scanning/recognition/blank-reference.ts';
import type { RecognitionInput } from '../apps/server/src/modules/scanning/recognition/recognise-page.ts';
import {
  closeRecognitionPool,
  recogniseOffThread,
  recognitionThreads,
} from '../apps/server/src/modules/scanning/recognition/recognition-pool.ts';
import {
  fillPage,
  rasterisePdf,
  scanOf,
} from '../apps/server/src/modules/scanning/recognition/test-support/card-scans.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { call, login } from '../apps/server/src/test/client.ts';
import { makeSchool, makeUser } from '../apps/server/src/test/factories.ts';

const SIDES = Number(process.argv[2] ?? 5000);
const SAMPLES = 24;
const TARGET = 25;

function structure(): ExamQuestion[] {
  const questions: ExamQuestion[] = [];
  for (let n = 1; n <= 40; n++) {
    questions.push(
      n % 7 === 0
        ? { number: String(n), type: 'multiple', optionCount: 5, fullMarks: 4 }
        : { number: String(n), type: 'single', optionCount: 4, fullMarks: 3 },
    );
  }
  for (let n = 41; n <= 50; n++)
    questions.push({ number: String(n), type: 'subjective', fullMarks: 12, subjectiveKind: 'answer' });
  return questions;
}

const template: AnswerCardTemplate = generateTemplate(structure(), {
  templateId: '1',
  title: '九年级11月月考',
  subject: '数学',
  examNumberLength: 8,
  paper: 'A3',
  columns: 2,
  sides: 2,
});
// As a page job has it: the card version with its blank print's reference (blank-reference.ts).
const templates = [
  {
    id: template.id,
    version: template.version,
    pages: template.pages,
    blankReferences: await readBlankReferences(template),
  },
];

let t0 = performance.now();
const rasters = await rasterisePdf(await renderCardPdf(template), 200);
const samples: Buffer[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const pageNo = (i % template.pages.length) + 1;
  const answers: Record<string, string> = {};
  for (let n = 1; n <= 40; n++) answers[String(n)] = n % 7 === 0 ? 'AC' : 'ABCD'[(n + i) % 4]!;
  const filled = fillPage(
    rasters[pageNo - 1]!,
    template.pages[pageNo - 1]!,
    200,
    { examNo: `2025${1000 + i}`, answers, writing: true },
    i + 1,
  );
  samples.push(
    await scanOf(
      filled,
      {
        rotationDegrees: ((i % 7) - 3) * 0.9,
        scale: 0.97 + (i % 5) * 0.015,
        blurSigma: 0.7,
        noise: 10,
        quality: 60,
        turned: i % 9 === 4,
      },
      i + 1,
    ),
  );
}
const meanKb = samples.reduce((s, b) => s + b.length, 0) / samples.length / 1024;
console.log(
  `${SAMPLES} sample sides made (A3 200 dpi grey JPEG q60, ${meanKb.toFixed(0)} KB each): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// Check once that the samples read as they should, so the figure is of real work.
const check = await recogniseOffThread({ bytes: samples[0]!, format: 'jpeg', dpi: 200, templates, keepImage: false });
if (check.outcome !== 'read' || check.examNo !== '20251000')
  throw new Error(`sample not read: ${JSON.stringify(check).slice(0, 200)}`);

// The server, answering a signed-in call during the run.
const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET: 'bench-secret-0123456789abcdef0123456789' }),
  {
    database,
    logger: false,
  },
);
await app.ready();
const school = await makeSchool(database.db, { name: '基准中学' });
const admin = await makeUser(database.db, { schoolId: school.id, type: 5, name: '教务' });
const session = await login(app, admin.loginName, admin.password);
// What one served call costs in CPU, measured alone first: the run's CPU includes every call served meanwhile,
// and on a loaded machine (fewer sides a second) that share per side grows, so it is also printed taken out.
const CALIBRATION_CALLS = 100;
const calibrationStart = process.cpuUsage();
for (let i = 0; i < CALIBRATION_CALLS; i++) await call(app, authApi.findUserInfo, {}, { session });
const calibration = process.cpuUsage(calibrationStart);
const cpuPerCall = (calibration.user + calibration.system) / 1e6 / CALIBRATION_CALLS;
const latencies: number[] = [];
let serving = true;
const server = (async () => {
  while (serving) {
    const start = performance.now();
    const r = await call(app, authApi.findUserInfo, {}, { session });
    if (r.status !== 200) throw new Error(`call failed: ${r.message}`);
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();

const rss: number[] = [];
const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 500);
const concurrency = recognitionThreads() + 1;
let next = 0;
let read = 0;
const cpuBefore = process.cpuUsage();
t0 = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < SIDES) {
      const i = next++;
      const input: RecognitionInput = {
        bytes: samples[i % SAMPLES]!,
        format: 'jpeg',
        dpi: 200,
        templates,
        keepImage: false,
      };
      const out = await recogniseOffThread(input);
      if (out.outcome === 'read') read++;
      if ((i + 1) % 500 === 0) {
        const at = (performance.now() - t0) / 1000;
        console.log(
          `  ${i + 1} sides, ${((i + 1) / at).toFixed(1)} sides/s, RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`,
        );
      }
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuPerSide = (cpu.user + cpu.system) / 1e6 / SIDES;
clearInterval(sampler);
serving = false;
await server;

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const tenth = Math.max(1, Math.floor(rss.length / 10));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(
  `recognised ${SIDES} sides (${read} read) with ${recognitionThreads()} threads in ${seconds.toFixed(1)} s: ${(SIDES / seconds).toFixed(1)} sides/s (target ≥ ${TARGET})`,
);
console.log(
  `CPU of the process (every thread, server calls included): ${(cpuPerSide * 1000).toFixed(1)} ms a side, i.e. ${(2 / cpuPerSide).toFixed(1)} sides/s on two cores the bench has to itself`,
);
const recognitionCpuPerSide = cpuPerSide - (latencies.length * cpuPerCall) / SIDES;
console.log(
  `of which recognition alone (the ${latencies.length} calls at ${(cpuPerCall * 1000).toFixed(1)} ms each taken out): ${(recognitionCpuPerSide * 1000).toFixed(1)} ms a side, i.e. ${(2 / recognitionCpuPerSide).toFixed(1)} sides/s on two cores`,
);
console.log(
  `server calls during the run: ${latencies.length}, p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
console.log(
  `main-process RSS: peak ${mb(Math.max(...rss))}, first tenth mean ${mb(avg(rss.slice(0, tenth)))}, last tenth mean ${mb(avg(rss.slice(-tenth)))}`,
);
console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}`);
await closeRecognitionPool();
await app.close();
await database.close();
