// Measures the report computation of issue #5 on the embedded database: the exam of
// bench/import-scores.ts (1,000 students × 9 subjects × 25 questions, 20 classes), scores filled in
// SQL and the exam finalised through summaryQiqExamToScExam (not timed); then every report of the
// school run computed and stored (load, compute, one replacing transaction). Target: under 2 s.
// The embedded database runs in this process, so CPU time is the whole cost; the machine's load
// average is printed because wall time on a shared machine is not this bench's alone.
// Run: npx tsx bench/analysis-school.ts (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
// Prints its figures; asserts nothing.
import { loadavg } from 'node:os';
import { examsApi } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { createAnalysisModule } from '../apps/server/src/modules/analysis/index.ts';
import { localFileStorage } from '../apps/server/src/platform/storage.ts';
import { fillScoresInSql } from './support/analysis-scores.ts';
import { CLASSES, COURSES, PER_CLASS, QUESTIONS, seconds, setUpScoreBench } from './support/score-exam.ts';

const bench = await setUpScoreBench();
const db = bench.app.platform.database.db;
await fillScoresInSql(db, [Number(bench.meId)]);
await bench.call(examsApi.summaryQiqExamToScExam, { schoolId: bench.schoolId, meId: bench.meId });
const analysis = createAnalysisModule(db, {
  storage: localFileStorage('/nonexistent'),
  runs: { onError: (key, e) => console.error(key, e) },
});

const counts = async () => {
  const r = (await db.execute(sql`select (select count(*) from analysis_reports)::int as docs,
    (select count(*) from analysis_student_rows)::int as rows,
    (select coalesce(sum(length(body::text)), 0)::float8 from analysis_reports) as chars`)) as unknown as {
    rows: { docs: number; rows: number; chars: number }[];
  };
  return r.rows[0]!;
};

for (const label of ['first computation', 'recomputation (replaces the stored results)']) {
  if (label !== 'first computation') await analysis.runs.request(Number(bench.meId));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const computed = await analysis.runs.runPending();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const status = await analysis.runs.status(`me:${bench.meId}`);
  const c = await counts();
  console.log(
    `${label} (${bench.kind}): ${CLASSES * PER_CLASS} students × ${COURSES.length} subjects × ${QUESTIONS.length} questions: ` +
      `${seconds(ms)} wall, ${seconds((cpu.user + cpu.system) / 1000)} CPU (load average ${loadavg()[0]!.toFixed(1)}) [runs ${computed}, status ${status.status} ${status.message}${status.error ? ` ${status.error}` : ''}; ` +
      `${c.docs} documents (${(c.chars / 1e6).toFixed(1)} MB of JSON), ${c.rows} student rows]`,
  );
}
await bench.close();
