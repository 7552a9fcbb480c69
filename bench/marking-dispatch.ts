// Dispatch under load (issue #17), through the real HTTP pipeline (app.inject: session check,
// zod, the dispatch calls), on one double-marked 题块 with enough papers never to run dry.
// (a) The figure as designed: 1,000 markers each claiming, then submitting after a
//     human-like dwell (1–3 s random: the fastest a person reads a crop and keys a score), for
//     BENCH_SECONDS; claim+submit p95 is the sum of the two calls' latencies.
// (b) Saturation: the same markers with zero dwell (a closed loop), for throughput. By Little's
//     law its latency is markers ÷ throughput whatever the code (decisions 2026-11-26).
// Every acknowledged submission is then counted against the marks stored.
// Run: BENCH_DATABASE_URL=postgres://… npx tsx bench/marking-dispatch.ts
// (BENCH_MARKERS, BENCH_SECONDS, BENCH_SATURATION_SECONDS, BENCH_WARMUP_SECONDS, BENCH_PAPERS; PGlite
// without a URL.)

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LeasedPaper, markingApi } from '@huikao/contracts';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { examQuestions, markPapers, marks, multiExams, sessions, singleExams } from '../apps/server/src/db/schema.ts';
import { createTokenSigner } from '../apps/server/src/modules/auth/tokens.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { makeArea, makeClass, makeGrade, makeSchool, makeSchoolYear } from '../apps/server/src/test/factories.ts';
import { addExamStudents, makeBlock, makeUsers } from '../apps/server/src/test/marking-data.ts';

const MARKERS = Number(process.env.BENCH_MARKERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PAPERS = Number(process.env.BENCH_PAPERS ?? 60000);
const url = process.env.BENCH_DATABASE_URL;

const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 30);
// Pairs begun in the first seconds are also reported apart: 1,000 markers arriving within one
// dwell (1–3 s) each first claim with a 题组长 probe, a burst the steady run never sees again.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'huikao-bench-')),
  LOG_LEVEL: 'error',
  DATABASE_URL: url ?? 'memory://',
});
const app = await buildApp(config, { logger: false });
const database = app.platform.database;
const { db } = database;
const t0 = performance.now();
const area = await makeArea(db, `压测区${Date.now()}`);
const school = await makeSchool(db, { name: '压测中学', areaId: area.id });
const { year, terms } = await makeSchoolYear(db, school.id, 2026);
await makeGrade(db, school.id, 9, [2]);
const klass = await makeClass(db, { schoolId: school.id, gradeId: 9, schoolYearId: year.id, name: '九(1)班' });
const [multi] = await db
  .insert(multiExams)
  .values({
    schoolId: school.id,
    schoolYearId: year.id,
    termId: terms[0]!.id,
    gradeId: 9,
    name: '压测考试',
    examType: 1,
    startDate: '2026-11-20',
    endDate: '2026-11-20',
    status: 2,
    settings: {} as never,
  })
  .returning();
const [single] = await db
  .insert(singleExams)
  .values({ schoolId: school.id, multiExamId: multi!.id, courseId: 2, fullMark: 100, status: 2 })
  .returning();
const [question] = await db
  .insert(examQuestions)
  .values({ schoolId: school.id, singleExamId: single!.id, questionNo: '17', sortOrder: 1, kind: 2, fullMark: 12 })
  .returning();
const examStudentIds: number[] = [];
for (let done = 0; done < PAPERS; done += 2000) {
  examStudentIds.push(...(await addExamStudents(db, school.id, single!.id, klass.id, Math.min(2000, PAPERS - done))));
}
const markers: Awaited<ReturnType<typeof makeUsers>> = [];
for (let done = 0; done < MARKERS; done += 2000)
  markers.push(...(await makeUsers(db, school.id, Math.min(2000, MARKERS - done))));
const block = await makeBlock(db, {
  schoolId: school.id,
  seId: single!.id,
  question: question!,
  mode: 'double',
  // Every pair agrees, so papers finish after two marks and no 题组长 is needed for the load.
  tolerance: 12,
  markers: markers.map((m) => ({ userId: m.id })),
  examStudentIds: [],
});
for (let done = 0; done < PAPERS; done += 2000) {
  await db.transaction(async (tx) => {
    const { createPapers } = await import('../apps/server/src/modules/marking/index.ts');
    await createPapers(
      tx,
      block.id,
      examStudentIds.slice(done, done + 2000).map((id) => ({ examStudentId: id, imageKey: `crops/${id}.png` })),
    );
  });
}
console.log(
  `set up on ${database.kind}: ${MARKERS} markers, ${PAPERS} papers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// Sessions written directly (1,000 argon2id logins would measure the login, not dispatch).
const signer = createTokenSigner(config.jwtSecret);
const expiresAt = new Date(Date.now() + 3_600_000);
const rows = await db
  .insert(sessions)
  .values(markers.map((m) => ({ userId: m.id, token: 'b'.repeat(32), expiresAt })))
  .returning();
const heads = await Promise.all(
  rows.map(async (row, i) => ({
    loginName: markers[i]!.loginName,
    jwtToken: await signer.signSession(
      { userId: row.userId, sessionId: row.id, type: 1, schoolId: school.id },
      expiresAt,
    ),
  })),
);

async function post<T>(who: (typeof heads)[number], endpoint: { path: string }, params: unknown): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: { loginName: who.loginName, jwtToken: who.jwtToken, 'content-type': 'application/json' },
    payload: JSON.stringify(params),
  });
  const body = response.json() as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${endpoint.path}: ${body.message}`);
  return body.data;
}

const q = String(question!.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 'n/a' : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1);

async function run(label: string, seconds: number, dwell: () => number) {
  const pairs: number[] = [];
  const steady: number[] = [];
  const claims: number[] = [];
  const submits: number[] = [];
  let acknowledged = 0;
  let empty = 0;
  let failed = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const stopAt = t0 + seconds * 1000;
  await Promise.all(
    heads.map(async (who, i) => {
      // Markers arrive spread over the first dwell, not all in the same millisecond.
      await sleep(dwell() * (i / heads.length));
      while (performance.now() < stopAt) {
        const c0 = performance.now();
        const paper = await post<LeasedPaper | null>(who, markingApi.claim, { blockId: String(block.id) });
        const c1 = performance.now();
        if (!paper) {
          empty++;
          return;
        }
        await sleep(dwell());
        const s0 = performance.now();
        try {
          await post(who, markingApi.submit, {
            blockId: paper.blockId,
            paperId: paper.paperId,
            token: paper.token,
            scores: { [q]: Number(paper.paperId) % 13 },
            seconds: 2,
          });
        } catch (error) {
          failed++;
          console.warn(String(error));
          continue;
        }
        const s1 = performance.now();
        acknowledged++;
        claims.push(c1 - c0);
        submits.push(s1 - s0);
        pairs.push(c1 - c0 + (s1 - s0));
        if (c0 - t0 >= WARMUP_SECONDS * 1000) steady.push(c1 - c0 + (s1 - s0));
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  for (const list of [pairs, steady, claims, submits]) list.sort((a, b) => a - b);
  console.log(
    `${label}: ${acknowledged} claim+submit pairs in ${wall.toFixed(1)} s (${(acknowledged / wall).toFixed(0)}/s), ` +
      `claim+submit p50 ${pct(pairs, 50)} ms, p95 ${pct(pairs, 95)} ms, p99 ${pct(pairs, 99)} ms; ` +
      `claim p95 ${pct(claims, 95)} ms, submit p95 ${pct(submits, 95)} ms; ` +
      `after the first ${WARMUP_SECONDS} s (${steady.length} pairs): p50 ${pct(steady, 50)} ms, p95 ${pct(steady, 95)} ms, p99 ${pct(steady, 99)} ms; ` +
      `node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; refused ${failed}, ran dry ${empty}`,
  );
  return acknowledged;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
async function count(label: string, acknowledged: number) {
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(marks).where(eq(marks.blockId, block.id));
  const [dupes] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select paper_id, marker_id from marks
      where block_id = ${block.id} group by paper_id, marker_id having count(*) > 1) d`),
  );
  // A paper is lost when its cached counters disagree with its marks (a claim would skip it or
  // over-issue it) or when it holds more live leases than it has open slots.
  const [lost] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from mark_papers p where p.block_id = ${block.id} and (
      (p.stage = 'blind' and p.done <> (select count(*) from marks m where m.paper_id = p.id and m.kind in ('first','second')))
      or (select count(*) from marks m where m.paper_id = p.id and m.kind in ('first','second')) > 2
      or cardinality(p.holders) > greatest(p.needed - p.done, 0)
      or cardinality(p.holders) <> (select count(*) from mark_leases l where l.paper_id = p.id))`),
  );
  // 回评抽检 (2 % by default) answers go to mark_quality_items, never to marks: counted apart.
  const [quality] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from mark_quality_items where block_id = ${block.id} and submitted_at is not null`,
    ),
  );
  const [finals] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(markPapers)
    .where(sql`${markPapers.blockId} = ${block.id} and ${markPapers.stage} = 'final'`);
  console.log(
    `${label} counts: marks stored ${counted!.n} + 回评抽检 answers ${quality!.n}, submissions acknowledged ${acknowledged} ` +
      `(lost ${acknowledged - counted!.n - quality!.n}), ` +
      `same marker twice on a paper ${dupes!.n}, papers lost or over-issued ${lost!.n}, papers final ${finals!.n}`,
  );
}

const human = await run(
  `(a) ${MARKERS} markers, 1–3 s dwell, ${SECONDS} s`,
  SECONDS,
  () => 1000 + Math.random() * 2000,
);
await count('(a)', human);
const saturated = await run(`(b) ${MARKERS} markers, zero dwell, ${SATURATION_SECONDS} s`, SATURATION_SECONDS, () => 0);
await count('(a)+(b)', human + saturated);
await app.close();
