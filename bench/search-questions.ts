// Measures questions/get_fast of issue #6 through the service layer (createQuestionBankModule(db)
// .questions.getFast: filter → page ids → count → full questions; no HTTP, no session, no
// envelope): 200,000 questions on the embedded database (PGlite in memory) and 1,000,000 on
// PostgreSQL. Targets: a filtered page under 50 ms and a keyword search under 100 ms at p95.
// Questions are written by the module's own bulk path (importQuestionDrafts), so the search
// column is exactly what production stores. Stems are composed from the demo bank's stems (and
// ../shared/data questions when present) of the same course, with numbers and clauses varied.
// Run: npx tsx bench/search-questions.ts  (npm run bench -- search-questions)
//   BENCH_DATABASE_URL=postgres://… picks the PostgreSQL server (default postgres://postgres@127.0.0.1:5432);
//   a database of its own is created there and dropped at the end. BENCH_ONLY=pglite|postgresql
//   runs one engine; BENCH_PGLITE_ROWS / BENCH_PG_ROWS change the sizes; BENCH_PG_BUILD_SECONDS
//   caps the PostgreSQL build (default 480 s: the count actually built is printed); BENCH_KEEP_DATABASE=1
//   keeps the PostgreSQL database for EXPLAIN; BENCH_PG_REUSE=<database> measures a kept one again
//   (pending migrations applied, questions added up to BENCH_PG_ROWS when it holds fewer, never dropped).
// Prints its figures; asserts nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type QuestionFilter, questionFilterSchema } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DemoTreeNode } from '../apps/server/src/db/seed/demo-questions/format.ts';
import { DEMO_QUESTION_BANKS } from '../apps/server/src/db/seed/demo-questions/index.ts';
import { parseGaokaoFile } from '../apps/server/src/modules/question-bank/import/parse-gaokao.ts';
import { parseTalFile } from '../apps/server/src/modules/question-bank/import/parse-tal.ts';
import {
  createQuestionBankModule,
  importQuestionDrafts,
  importTree,
  NODE_KIND,
  PATH_SEPARATOR,
  type QuestionDraft,
  refreshSearchStatistics,
} from '../apps/server/src/modules/question-bank/index.ts';
import type { Actor } from '../apps/server/src/platform/auth-context.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import { localFileStorage } from '../apps/server/src/platform/storage.ts';

const CALLS = 300;
const BATCH = 5_000;
const only = process.env.BENCH_ONLY;

// A seeded generator, so two runs build the same bank and ask the same questions.
let seed = 20240601;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

// ---- the vocabulary: stems per course ----
const stemsByCourse = new Map<string, string[]>();
for (const bank of DEMO_QUESTION_BANKS)
  stemsByCourse.set(
    bank.course,
    bank.questions.map((q) => q.stem),
  );
const data = process.env.SHARED_DATA ?? path.resolve(import.meta.dirname, '../../shared/data');
const shared: QuestionDraft[] = [];
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
if (existsSync(path.join(data, 'questions'))) {
  for (const file of walk(path.join(data, 'questions'))) {
    try {
      if (file.endsWith('.jsonl')) shared.push(...parseTalFile(readFileSync(file, 'utf8')));
      else if (file.endsWith('.json')) {
        const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        if (json && typeof json === 'object' && 'example' in json) shared.push(...parseGaokaoFile(file, json));
      }
    } catch {
      // not a question file
    }
  }
}
for (const d of shared) stemsByCourse.get(d.courseName)?.push(d.stem.slice(0, 400));

const AREAS = ['全国', '北京', '上海', '浙江', '江苏', '广东', '山东', '湖北', '四川', '河南', '新课标Ⅰ', '新课标Ⅱ'];
const PAPER_TYPES = ['期中', '期末', '月考', '单元测试', '中考模拟', '中考真题', '高考真题', '竞赛'];
const PREFIXES = ['', '', '', '（原创）', '【基础】', '【提升】', '阅读下面材料，回答问题。', '请根据所学知识，'];
const TYPES_OF: Record<string, string[]> = {
  语文: ['单选题', '填空题', '阅读理解', '作文'],
  数学: ['单选题', '多选题', '填空题', '解答题'],
  英语: ['单选题', '填空题', '阅读理解', '作文'],
  物理: ['单选题', '多选题', '填空题', '实验题', '计算题'],
  历史: ['单选题', '判断题', '填空题', '解答题'],
};

/** The demo knowledge tree of the course, each leaf given four sub-topics: a few hundred nodes. */
function knowledgeTree(roots: DemoTreeNode[]): DemoTreeNode[] {
  const grow = (n: DemoTreeNode): DemoTreeNode => ({
    name: n.name,
    children: n.children?.length
      ? n.children.map(grow)
      : ['概念辨析', '典型例题', '综合应用', '易错专练'].map((s) => ({
          name: `${n.name}·${s}`,
          children: [1, 2].map((k) => ({ name: `${n.name}·${s}${k}` })),
        })),
  });
  return roots.map(grow);
}
const pathsOf = (nodes: DemoTreeNode[], prefix = ''): string[] =>
  nodes.flatMap((n) => {
    const p = prefix ? `${prefix}${PATH_SEPARATOR}${n.name}` : n.name;
    return [p, ...pathsOf(n.children ?? [], p)];
  });

/** A stem: a course stem with its numbers changed, sometimes followed by a clause of another. */
function composeStem(course: string): string {
  const stems = stemsByCourse.get(course)!;
  let stem = pick(stems).replace(/\d+/g, (d) => String(Number(d) + int(0, 9)));
  if (random() < 0.4) {
    const other = pick(stems).split(/[，。；,.]/);
    stem += `（${pick(other).slice(0, 30)}）`;
  }
  return pick(PREFIXES) + stem;
}

const courses = DEMO_QUESTION_BANKS.map((bank) => ({
  course: bank.course,
  tree: knowledgeTree(bank.knowledgeTree),
  leaves: [] as string[],
}));
for (const c of courses) c.leaves = pathsOf(c.tree).filter((p) => p.split(PATH_SEPARATOR).length >= 2);

function draft(i: number): QuestionDraft {
  const c = courses[i % courses.length]!;
  const type = pick(TYPES_OF[c.course] ?? ['单选题']);
  const choice = type === '单选题' || type === '多选题';
  return {
    sourceKey: `bench:${i}`,
    origin: 'demo',
    courseName: c.course,
    typeName: type,
    difficulty: int(1, 5),
    stem: composeStem(c.course),
    options: choice ? [1, 2, 3, 4].map(() => composeStem(c.course).slice(0, 20)) : null,
    answer: choice ? pick(['A', 'B', 'C', 'D']) : '略',
    explanation: '',
    year: int(2010, 2025),
    areaName: pick(AREAS),
    gradeId: int(7, 12),
    paperTypeName: pick(PAPER_TYPES),
    sourcePaper: null,
    score: null,
    knowledgePaths: Array.from({ length: int(1, 3) }, () => pick(c.leaves)),
    chapterPaths: [],
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
/** The machine's 1-minute load average: others' work on the same cores makes the figures noisy. */
const load = () => `load average ${loadavg()[0]!.toFixed(2)}`;
function stats(label: string, times: number[], extra = '') {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  console.log(
    `${label}: ${times.length} calls, p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(sorted[sorted.length - 1]!)}${extra}; ${load()}`,
  );
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Builds the bank up to `target` questions, the first `from` of them already there (a reused database). */
async function build(database: Database, target: number, budgetMs: number, from = 0) {
  const t0 = performance.now();
  for (const c of courses) await importTree(database.db, c.course, NODE_KIND.knowledge, c.tree);
  let built = from;
  while (built < target && performance.now() - t0 < budgetMs) {
    const n = Math.min(BATCH, target - built);
    await importQuestionDrafts(
      database.db,
      Array.from({ length: n }, (_, k) => draft(built + k)),
    );
    built += n;
    if (built % 100_000 === 0) console.log(`  … ${built} questions, ${seconds(performance.now() - t0)}`);
  }
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  await refreshSearchStatistics(database.db);
  const [counts] = await rows<{ q: number; n: number; l: number }>(
    database,
    sql`select (select count(*) from qb_questions)::int as q, (select count(*) from qb_nodes)::int as n,
      (select count(*) from qb_question_nodes)::int as l`,
  );
  console.log(
    `${from ? `reused ${from} questions, ` : ''}built ${counts!.q} questions${counts!.q < target ? ` (of ${target} wanted: build capped at ${seconds(budgetMs)})` : ''}, ` +
      `${counts!.n} knowledge nodes, ${counts!.l} links in ${seconds(buildMs)} (importQuestionDrafts, ${BATCH} a call); vacuum analyze ${seconds(performance.now() - t1)}`,
  );
}

/** BENCH_SLOWEST=<n> prints the n slowest calls of each series with their parameters. */
const slowest = {
  calls: [] as { series: string; ms: number; raw: Record<string, string> }[],
  note(series: string, ms: number, raw: Record<string, string>) {
    this.calls.push({ series, ms, raw });
  },
  print() {
    const n = Number(process.env.BENCH_SLOWEST ?? 0);
    for (const series of ['filtered', 'keyword']) {
      const top = this.calls.filter((c) => c.series === series).sort((a, b) => b.ms - a.ms);
      for (const c of top.slice(0, n)) console.log(`  slow ${series}: ${ms(c.ms)} ${JSON.stringify(c.raw)}`);
    }
    this.calls = [];
  },
};

async function measure(database: Database) {
  // The same calls whether the bank was just built or reused.
  seed = 20240602;
  // The search never reads stored files; the module needs a storage all the same.
  const storage = localFileStorage(mkdtempSync(path.join(tmpdir(), 'huikao-bench-search-')));
  const service = createQuestionBankModule(database.db, storage).questions;
  const actor: Actor = {
    userId: 1,
    loginName: 'bench',
    name: 'bench',
    type: 1,
    schoolId: 1,
    userCode: 'bench',
    sessionId: 1,
    token: '',
    schoolIds: [1],
  };
  const courseIds = await rows<{ id: number; name: string }>(
    database,
    sql`select distinct c.id::int as id, c.name from edu_courses c join qb_question_types t on t.course_id = c.id order by 1`,
  );
  const types = await rows<{ id: number; course_id: number }>(
    database,
    sql`select id::int as id, course_id::int as course_id from qb_question_types order by id`,
  );
  const nodes = await rows<{ id: number; course_id: number; depth: number }>(
    database,
    sql`select id::int as id, course_id::int as course_id, depth from qb_nodes where kind = 1 order by id`,
  );
  const sample = await rows<{ stem: string; course_id: number }>(
    database,
    sql`select stem, course_id::int as course_id from qb_questions where id % 997 = 0 order by id limit 2000`,
  );
  const filter = (raw: Record<string, string>): QuestionFilter => questionFilterSchema.parse(raw);

  // Warm up (plans, caches) with a few calls of each kind, not counted.
  for (const c of courseIds) await service.getFast(actor, filter({ courseId: String(c.id) }));

  const filtered: number[] = [];
  let totals = 0;
  for (let i = 0; i < CALLS; i++) {
    const c = pick(courseIds);
    const raw: Record<string, string> = {
      courseId: String(c.id),
      orderId: String(int(1, 4)),
      currentPage: String(int(1, 5)),
    };
    if (random() < 0.6) raw.questionTypeId = String(pick(types.filter((t) => t.course_id === c.id)).id);
    if (random() < 0.5) raw.diffGradeId = String(int(1, 5));
    if (random() < 0.6) raw.knowledgePointId = String(pick(nodes.filter((n) => n.course_id === c.id)).id);
    if (random() < 0.4) raw.year = String(int(2010, 2025));
    const t = performance.now();
    const page = await service.getFast(actor, filter(raw));
    filtered.push(performance.now() - t);
    slowest.note('filtered', filtered.at(-1)!, raw);
    totals += page.total;
  }
  stats(
    'filtered page (course + random type/difficulty/knowledge point with descendants/year, sort 1–4, page 1–5)',
    filtered,
    `, mean total ${(totals / CALLS).toFixed(0)}`,
  );

  const ABSENT = ['量子纠缠', '区块链', '元宇宙', '碳中和'];
  const searched: number[] = [];
  const absent: number[] = [];
  let hits = 0;
  for (let i = 0; i < CALLS; i++) {
    const missing = i % 10 === 0;
    let word: string;
    let courseId: number;
    if (missing) {
      word = ABSENT[(i / 10) % ABSENT.length]!;
      courseId = pick(courseIds).id;
    } else {
      const hanRuns = (stem: string) => stem.match(/\p{Script=Han}{2,}/gu) ?? [];
      let s = pick(sample);
      while (hanRuns(s.stem).length === 0) s = pick(sample);
      const runs = hanRuns(s.stem);
      const run = [...pick(runs)];
      const len = Math.min(run.length, int(2, 4));
      const at = int(0, run.length - len);
      word = run.slice(at, at + len).join('');
      courseId = s.course_id;
    }
    const raw: Record<string, string> = {
      courseId: String(courseId),
      keyword: word,
      orderId: String(int(1, 4)),
      currentPage: String(int(1, 3)),
    };
    if (random() < 0.3) raw.diffGradeId = String(int(1, 5));
    const t = performance.now();
    const page = await service.getFast(actor, filter(raw));
    (missing ? absent : searched).push(performance.now() - t);
    slowest.note('keyword', performance.now() - t, raw);
    if (!missing) hits += page.total;
  }
  stats(
    'keyword search (2–4 characters from stored stems, sometimes with difficulty)',
    searched,
    `, mean total ${(hits / searched.length).toFixed(0)}`,
  );
  stats('keyword search, absent words', absent);
  const all = [...searched, ...absent];
  stats('keyword search, all', all);
  slowest.print();
}

if (only !== 'postgresql') {
  const rowsWanted = Number(process.env.BENCH_PGLITE_ROWS ?? 200_000);
  console.log(
    `-- PGlite (in memory), ${rowsWanted} questions; ${[...stemsByCourse.values()].flat().length} source stems`,
  );
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  await build(database, rowsWanted, Number.POSITIVE_INFINITY);
  await measure(database);
  await database.close();
}

if (only !== 'pglite') {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  const reachable = await admin.connect().then(
    () => true,
    (error: Error) => {
      console.log(`-- PostgreSQL skipped: ${server.replace(/:[^:@/]*@/, ':***@')} unreachable (${error.message})`);
      return false;
    },
  );
  if (reachable) {
    const reuse = process.env.BENCH_PG_REUSE;
    if (reuse && !/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error(`BENCH_PG_REUSE: not a database name: ${reuse}`);
    const name = reuse ?? `huikao_bench_search_${process.pid}`;
    if (!reuse) await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const rowsWanted = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
    const budget = Number(process.env.BENCH_PG_BUILD_SECONDS ?? 480) * 1000;
    const [version] = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows.map(
      (r) => r.v,
    );
    console.log(
      `-- PostgreSQL ${version} (database ${name}${reuse ? ', reused' : ''}), ${rowsWanted} questions wanted`,
    );
    try {
      const opened = performance.now();
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      if (reuse) console.log(`opened with pending migrations in ${seconds(performance.now() - opened)}`);
      const [held] = reuse
        ? await rows<{ q: number }>(database, sql`select count(*)::int as q from qb_questions`)
        : [{ q: 0 }];
      // Drafts are numbered from the count already there, so added questions get fresh source keys.
      await build(database, rowsWanted, budget, held!.q);
      await measure(database);
      await database.close();
    } finally {
      // BENCH_KEEP_DATABASE=1 leaves the database for EXPLAIN (and BENCH_PG_REUSE); drop it by hand afterwards.
      if (reuse || process.env.BENCH_KEEP_DATABASE === '1') console.log(`-- kept database ${name}`);
      else await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
}
