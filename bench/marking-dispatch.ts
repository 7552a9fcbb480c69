// Dispatch under load (issue #17: 1,000 markers claiming and submitting as fast as they can for
// 60 s on PostgreSQL, claim+submit p95 under 20 ms, zero lost or duplicated marks). Markers call the
// dispatch service directly (no HTTP: the protocol's cost is measured by bench/signed-calls.ts), on
// one double-marked 题块 with enough papers never to run dry; then every mark is counted.
// Run: BENCH_DATABASE_URL=postgres://… npx tsx bench/marking-dispatch.ts
// (BENCH_MARKERS, BENCH_SECONDS, BENCH_PAPERS to change the load; PGlite without a URL.)
import { eq, sql } from 'drizzle-orm';
import { examQuestions, markPapers, marks, multiExams, singleExams } from '../apps/server/src/db/schema.ts';
import { createDispatchService } from '../apps/server/src/modules/marking/dispatch/dispatch-service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { makeArea, makeClass, makeGrade, makeSchool, makeSchoolYear } from '../apps/server/src/test/factories.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers } from '../apps/server/src/test/marking-data.ts';

const MARKERS = Number(process.env.BENCH_MARKERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PAPERS = Number(process.env.BENCH_PAPERS ?? 40000);
const url = process.env.BENCH_DATABASE_URL;

const database = await openDatabase({ databaseUrl: url ?? 'memory://', dataDir: '' });
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

const dispatch = createDispatchService(db);
const q = String(question!.id);
const latencies: number[] = [];
let submitted = 0;
let empty = 0;
const stopAt = performance.now() + SECONDS * 1000;
await Promise.all(
  markers.map(async (user) => {
    const actor = actorOf(user);
    while (performance.now() < stopAt) {
      const start = performance.now();
      const paper = await dispatch.claim(actor, block.id);
      if (!paper) {
        empty++;
        return;
      }
      await dispatch.submit(actor, {
        blockId: block.id,
        paperId: Number(paper.paperId),
        token: Number(paper.token),
        scores: { [q]: (Number(paper.paperId) % 13) as number },
        seconds: 1,
      });
      latencies.push(performance.now() - start);
      submitted++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!.toFixed(1);
const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(marks).where(eq(marks.blockId, block.id));
const [dupes] = await db
  .execute(sql`select count(*)::int as n from (select paper_id, marker_id from marks
  where block_id = ${block.id} group by paper_id, marker_id having count(*) > 1) d`)
  .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
const [over] = await db
  .execute(sql`select count(*)::int as n from mark_papers p where p.block_id = ${block.id}
  and (select count(*) from marks m where m.paper_id = p.id and m.kind in ('first','second')) > 2`)
  .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
const finals = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(markPapers)
  .where(sql`${markPapers.blockId} = ${block.id} and ${markPapers.stage} = 'final'`);
console.log(
  `${SECONDS} s, ${MARKERS} markers: ${submitted} claim+submit pairs (${(submitted / SECONDS).toFixed(0)}/s), ` +
    `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms (target p95 < 20 ms)`,
);
console.log(
  `marks in the database ${counted!.n} (submitted ${submitted}: lost ${submitted - counted!.n}), ` +
    `same marker twice on a paper ${dupes!.n}, papers over their blind marks ${over!.n}, papers final ${finals[0]!.n}, markers who ran dry ${empty}`,
);
await database.close();
