// Monitors of a 联考 题块 (issue #17: 100,000 papers double-marked, under 200 ms per refresh).
// Seeds one 题块 in bulk with INSERT … SELECT generate_series: 100,000 papers, two blind marks each
// by 200 markers, one in twenty sent to a 三评 by a 题组长, every paper final; then times the
// 题目监控 read (progress, per-marker table, drift and histogram) with its short cache dropped
// before every call (the kept sums then have nothing to catch up), again with BENCH_CHANGED papers
// re-marked (回评, a superseding mark each) before every call, and the 学科监控 read. The first read
// builds the kept sums from all marks and is timed on its own. Prints p50/p95, wall and CPU time.
// Run: BENCH_DATABASE_URL=postgres://… npx tsx bench/marking-monitor.ts   (PGlite without a URL;
// BENCH_PAPERS, BENCH_RUNS, BENCH_CHANGED to change the load.)
import { sql } from 'drizzle-orm';
import { examQuestions, multiExams, singleExams } from '../apps/server/src/db/schema.ts';
import { createMonitorService } from '../apps/server/src/modules/marking/monitor/monitor-service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { makeArea, makeClass, makeGrade, makeSchool, makeSchoolYear } from '../apps/server/src/test/factories.ts';
import { actorOf, makeBlock, makeUsers } from '../apps/server/src/test/marking-data.ts';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 500);
const url = process.env.BENCH_DATABASE_URL;

const database = await openDatabase({ databaseUrl: url ?? 'memory://', dataDir: '' });
const { db } = database;
const t0 = performance.now();
const tag = Date.now().toString(36);
const area = await makeArea(db, `监控压测区${tag}`);
const school = await makeSchool(db, { name: '监控压测中学', areaId: area.id });
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
    name: '监控压测联考',
    examType: 4,
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
const markers = await makeUsers(db, school.id, 200);
const leaders = await makeUsers(db, school.id, 10);
const admin = (await makeUsers(db, school.id, 1, 5))[0]!;
const block = await makeBlock(db, {
  schoolId: school.id,
  seId: single!.id,
  question: question!,
  mode: 'double',
  tolerance: 3,
  markers: [...markers.map((m) => ({ userId: m.id })), ...leaders.map((m) => ({ userId: m.id, leader: true }))],
  examStudentIds: [],
});
const q = String(question!.id);
const ids = (list: { id: number }[]) => sql.raw(`ARRAY[${list.map((m) => m.id).join(',')}]::bigint[]`);
await db.execute(sql`
  insert into users (login_name, password_hash, type, school_id, user_code, name)
  select ${`k${tag}`} || g, 'not-a-login', 2, ${school.id}, ${`K${tag}`} || g, '考生' || g from generate_series(1, ${PAPERS}) g`);
await db.execute(sql`
  insert into students (school_id, user_id, class_id, name, gender, student_no)
  select ${school.id}, u.id, ${klass.id}, u.name, 1, u.user_code from users u
  where u.school_id = ${school.id} and u.login_name like ${`k${tag}%`}`);
await db.execute(sql`
  insert into exam_students (school_id, single_exam_id, student_id, class_id, exam_no)
  select ${school.id}, ${single!.id}, s.id, s.class_id, s.student_no from students s
  where s.school_id = ${school.id} and s.student_no like ${`K${tag}%`}`);
// Scores from the paper id: a first mark a, a second mark within T (or 6 away for one in twenty,
// which then has a 三评 c = a), so the finals follow the design's rules.
await db.execute(sql`
  insert into mark_papers (school_id, block_id, exam_student_id, image_key, stage, needed, done,
                           final_scores, final_total, finalised_at)
  select ${school.id}, ${block.id}, es.id, 'crops/' || es.id || '.png', 'final', 0, 0, null, null, now()
  from exam_students es where es.single_exam_id = ${single!.id}`);
const a = sql.raw('(p.id * 7919 % 13)');
const far = sql.raw('(p.id % 20 = 0)');
const b =
  sql.raw(`(case when (p.id % 20 = 0) then (case when (p.id * 7919 % 13) >= 6 then (p.id * 7919 % 13) - 6 else (p.id * 7919 % 13) + 6 end)
                         else least(12, greatest(0, (p.id * 7919 % 13) + (p.id % 3) - 1)) end)`);
const at = sql.raw(`now() - ((p.id % 10800) * interval '1 second')`);
await db.execute(sql`
  insert into marks (paper_id, block_id, marker_id, kind, scores, seconds, submitted_at)
  select p.id, p.block_id, (${ids(markers)})[1 + p.id % 200], 'first', jsonb_build_object(${q}::text, ${a}), 10 + p.id % 30, ${at}
  from mark_papers p where p.block_id = ${block.id}
  union all
  select p.id, p.block_id, (${ids(markers)})[1 + (p.id + 1) % 200], 'second', jsonb_build_object(${q}::text, ${b}), 12 + p.id % 25, ${at}
  from mark_papers p where p.block_id = ${block.id}
  union all
  select p.id, p.block_id, (${ids(leaders)})[1 + p.id % 10], 'third', jsonb_build_object(${q}::text, ${a}), 20, ${at}
  from mark_papers p where p.block_id = ${block.id} and ${far}`);
await db.execute(sql`
  update mark_papers p set final_scores = jsonb_build_object(${q}::text, f.v), final_total = f.v
  from (select p.id, (case when ${far} then ${a} else round((${a} + ${b}) / 2.0 + 0.001) end)::float8 v
        from mark_papers p where p.block_id = ${block.id}) f
  where f.id = p.id`);
await db.execute(sql`analyze`);
const counted = await db.execute(sql`select count(*)::int n from marks where block_id = ${block.id}`);
const n = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n;
console.log(
  `set up on ${database.kind}: ${PAPERS} papers, ${n ?? '?'} marks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const monitor = createMonitorService(db);
const actor = actorOf(admin);
async function time(label: string, run: () => Promise<unknown>, before?: () => Promise<unknown>) {
  await run(); // warm-up
  const wall: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    monitor.forget(block.id);
    await before?.();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpu0);
  wall.sort((x, y) => x - y);
  const pct = (p: number) => wall[Math.min(wall.length - 1, Math.ceil((p / 100) * wall.length) - 1)]!.toFixed(1);
  console.log(
    `${label}: ${RUNS} refreshes, p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms; ` +
      `this process's CPU ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1)} ms per refresh (target < 200 ms)`,
  );
}
const built = performance.now();
const details = await monitor.blockDetails(actor, block.id);
console.log(`题目监控 first read (builds the kept sums from every mark): ${(performance.now() - built).toFixed(0)} ms`);
console.log(
  `题块: ${details.progress.papers} papers, ${details.progress.final} final, ${details.progress.marks} marks, ` +
    `${details.markers.length} markers, group mean ${details.groupMean}`,
);
await time('题目监控 examMonitor/groupDetails', () => monitor.blockDetails(actor, block.id));
// 回评 of CHANGED papers between two refreshes (about 5 s of 1,000 markers): each paper's first
// marker gives a new score, a newer mark of the same kind that supersedes theirs.
let round = 0;
const remark = async () => {
  round++;
  await db.execute(sql`
    insert into marks (paper_id, block_id, marker_id, kind, scores, seconds, submitted_at)
    select m.paper_id, m.block_id, m.marker_id, 'first', jsonb_build_object(${q}::text, (m.paper_id + ${round}) % 13), 9, now()
    from marks m
    where m.block_id = ${block.id} and m.kind = 'first'
      and m.paper_id in (select id from mark_papers where block_id = ${block.id} order by id offset ${(round * CHANGED) % PAPERS} limit ${CHANGED})`);
};
await time(`题目监控 after ${CHANGED} papers re-marked`, () => monitor.blockDetails(actor, block.id), remark);
await time('学科监控 examMonitor/subjectiveSummary', () => monitor.subjectSummary(actor, single!.id));
await database.close();
