// Measures the report computation of issue #5 on PostgreSQL at 联考 scale: 20 schools in 4 areas,
// each 100 classes × 50 students, 9 subjects × 25 questions (100,000 students, 900,000 score rows,
// 22.5 million question scores), every exam finalised and sharing one union key. Set-up is plain
// SQL (not timed). Timed: every run computed and stored — the union run and each school's own run
// (21 runs) — with the process's peak RSS. Targets: under 30 s and under 2 GB.
// Run: npx tsx bench/analysis-union.ts  (DATABASE_URL=postgres://user@host:port/db names the server;
// default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped).
// BENCH_KEEP_DATABASE=1 keeps the database and prints its name; BENCH_REUSE=<name> times a kept one
// again (its stored reports are cleared first, set-up is skipped).
// Prints its figures; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createAnalysisModule } from '../apps/server/src/modules/analysis/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { localFileStorage } from '../apps/server/src/platform/storage.ts';
import { makeArea, makeGrade, makeSchool, makeSchoolYear } from '../apps/server/src/test/factories.ts';
import { makeExam } from '../apps/server/src/test/scores-factories.ts';
import { fillScoresInSql } from './support/analysis-scores.ts';
import { COURSES, QUESTIONS, seconds } from './support/score-exam.ts';

const SCHOOLS = 20;
const AREAS = 4;
const CLASSES = 100;
const PER_CLASS = 50;

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = process.env.BENCH_REUSE;
const keep = reuse !== undefined || process.env.BENCH_KEEP_DATABASE === '1';
const name = reuse ?? `huikao_bench_union_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(statement);
  await client.end();
};
if (!reuse) await admin(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-bench-union-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: url.toString() }),
  { logger: false },
);
const db = app.platform.database.db;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const s0 = performance.now();
const meIds: number[] = [];
if (reuse) {
  await db.execute(sql`truncate analysis_runs, analysis_reports, analysis_student_rows`);
  await db.execute(sql`vacuum analysis_reports`);
  await db.execute(sql`vacuum analysis_student_rows`);
} else await setUp();
async function setUp() {
  const areas = [];
  for (let a = 0; a < AREAS; a++) areas.push(await makeArea(db, `基准区${a + 1}`));
  for (let s = 0; s < SCHOOLS; s++) {
    const school = await makeSchool(db, { name: `基准中学${s + 1}`, areaId: areas[s % AREAS]!.id });
    const { year, terms } = await makeSchoolYear(db, school.id, 2025);
    await makeGrade(db, school.id, 8, COURSES);
    await db.execute(sql`
    insert into classes (school_id, name, grade_id, enter_year)
    select ${school.id}, '八年级(' || c || ')班', 8, 2024 from generate_series(1, ${CLASSES}) c`);
    await db.execute(sql`
    insert into class_years (class_id, school_year_id, grade_id)
    select id, ${year.id}, 8 from classes where school_id = ${school.id}`);
    await db.execute(sql`
    insert into users (login_name, password_hash, type, school_id, user_code, name)
    select 'u' || ${school.id} || '_' || n, 'bench', 2, ${school.id}, 'C' || n, '学生' || ${school.id} || '-' || n
    from generate_series(1, ${CLASSES * PER_CLASS}) n`);
    await db.execute(sql`
    insert into students (school_id, user_id, class_id, name, gender, student_no)
    select ${school.id}, u.id, c.id, u.name, 1, u.user_code
    from (select id, name, user_code, row_number() over (order by id) - 1 as n from users where school_id = ${school.id}) u
    join (select id, row_number() over (order by id) - 1 as k from classes where school_id = ${school.id}) c
      on c.k = u.n / ${PER_CLASS}`);
    const exam = await makeExam(db, {
      schoolId: school.id,
      schoolYearId: year.id,
      termId: terms[0]!.id,
      name: '八年级联考',
      subjects: COURSES.map((courseId) => ({ courseId, fullMark: 100, questions: QUESTIONS })),
      students: [],
    });
    await db.execute(sql`
    insert into exam_students (school_id, single_exam_id, student_id, class_id)
    select ${school.id}, se.id, st.id, st.class_id
    from single_exams se cross join students st
    where se.multi_exam_id = ${exam.multi.id} and st.school_id = ${school.id}`);
    meIds.push(exam.multi.id);
  }
  await fillScoresInSql(db, meIds);
  const ids = meIds.join(',');
  await db.execute(
    sql`update single_exams set status = 3 where multi_exam_id = any(string_to_array(${ids}, ',')::bigint[])`,
  );
  await db.execute(sql`
  update multi_exams set status = 3, union_key = 'BENCH-UNION', finalised_at = now()
  where id = any(string_to_array(${ids}, ',')::bigint[])`);
  await db.execute(sql`analyze`);
}
const students = SCHOOLS * CLASSES * PER_CLASS;
if (!reuse)
  console.log(
    `set-up (postgresql): ${SCHOOLS} schools × ${CLASSES} classes × ${PER_CLASS} = ${students} students × ` +
      `${COURSES.length} subjects × ${QUESTIONS.length} questions, ${seconds(performance.now() - s0)}`,
  );

const analysis = createAnalysisModule(db, {
  storage: localFileStorage(dataDir),
  runs: { onError: (key, error) => console.error(key, error) },
});
// The database server's CPU for this database: its backends' utime + stime from /proc (the server
// runs on this machine), sampled each second, so figures taken on a busy machine can be compared.
const backendTicks = new Map<number, number>();
const watcher = new pg.Client({ connectionString: server });
await watcher.connect();
const sampleBackends = async () => {
  const { rows } = await watcher.query('select pid from pg_stat_activity where datname = $1', [name]);
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      backendTicks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend ended between the query and the read.
    }
  }
};
const ticksBefore = new Map<number, number>();
await sampleBackends();
for (const [pid, ticks] of backendTicks) ticksBefore.set(pid, ticks);
// Memory by kind each 100 ms (the peak RSS says how much; these say where).
const memoryPeaks = { heapUsed: 0, external: 0, arrayBuffers: 0 };
const sampleMemory = () => {
  const m = process.memoryUsage();
  memoryPeaks.heapUsed = Math.max(memoryPeaks.heapUsed, m.heapUsed);
  memoryPeaks.external = Math.max(memoryPeaks.external, m.external);
  memoryPeaks.arrayBuffers = Math.max(memoryPeaks.arrayBuffers, m.arrayBuffers);
};
const memorySampler = setInterval(sampleMemory, 100);
const sampler = setInterval(() => void sampleBackends(), 1000);
const rssBefore = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const computed = await analysis.runs.runPending();
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const peak = process.resourceUsage().maxRSS * 1024;
clearInterval(sampler);
clearInterval(memorySampler);
await sampleBackends();
await watcher.end();
let dbTicks = 0;
for (const [pid, ticks] of backendTicks) dbTicks += ticks - (ticksBefore.get(pid) ?? 0);
const figures = (await db.execute(sql`
  select (select count(*) from analysis_reports)::int as docs,
    (select count(*) from analysis_student_rows)::int as rows,
    (select pg_total_relation_size('analysis_reports') + pg_total_relation_size('analysis_student_rows'))::float8 as bytes,
    (select string_agg(run_key || ' ' || status || coalesce(' ' || error, ''), '; ') from analysis_runs where status <> 3) as problems,
    (select extract(epoch from max(computed_at) - min(started_at))::float8 from analysis_runs where run_key like 'union:%') as union_s`)) as unknown as {
  rows: { docs: number; rows: number; bytes: number; problems: string | null; union_s: number }[];
};
const f = figures.rows[0]!;
console.log(
  `every report of the union and its ${SCHOOLS} school runs: ${seconds(ms)} wall, ` +
    `${seconds((cpu.user + cpu.system) / 1000)} CPU of this process, ` +
    `${(dbTicks / 100).toFixed(1)} s CPU of the database server [runs ${computed}; union run alone ${f.union_s.toFixed(2)} s; ` +
    `${f.docs} documents, ${f.rows} student rows, ${mb(f.bytes)} stored${f.problems ? `; NOT DONE: ${f.problems}` : ''}]`,
);
console.log(
  `memory: peak RSS ${mb(peak)} (RSS before computing ${mb(rssBefore)}; this thread's peaks: heap used ` +
    `${mb(memoryPeaks.heapUsed)}, external ${mb(memoryPeaks.external)}, array buffers ${mb(memoryPeaks.arrayBuffers)}); ` +
    `load average ${loadavg()[0]!.toFixed(1)}`,
);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
if (keep) console.log(`-- kept database ${name} (BENCH_REUSE=${name} times it again)`);
else await admin(`drop database if exists ${name} with (force)`);
