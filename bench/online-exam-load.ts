// Online exams under load (issue #18): 2,000 students sitting at once, each saving an answer every
// 10 s (their own rhythm, spread at random) for 5 minutes, on PostgreSQL: save p95 under 50 ms, zero
// lost answers (the newest version of every answer each student saved is counted back from the
// table), and the process's memory at the start and the end. Students call the sitting service
// directly (no HTTP: the protocol's cost is measured by bench/signed-calls.ts).
// Run: BENCH_DATABASE_URL=postgres://… npx tsx bench/online-exam-load.ts [--minutes 5] [--students 2000]
// (PGlite in memory without a URL.)
import { eq } from 'drizzle-orm';
import {
  multiExams,
  onlineAnswers,
  onlineExams,
  onlineSittings,
  singleExams,
  students,
  users,
} from '../apps/server/src/db/schema.ts';
import type { OnlinePaperSnapshot } from '../apps/server/src/modules/online-exam/schema.ts';
import { createSittingService } from '../apps/server/src/modules/online-exam/sitting-service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { makeArea, makeClass, makeGrade, makeSchool, makeSchoolYear } from '../apps/server/src/test/factories.ts';
import { actorOf, addExamStudents, makeUsers } from '../apps/server/src/test/marking-data.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 5);
const STUDENTS = arg('students', 2000);
const EVERY_MS = arg('every', 10) * 1000;
const QUESTIONS = 10;
const url = process.env.BENCH_DATABASE_URL;

const database = await openDatabase({ databaseUrl: url ?? 'memory://', dataDir: '' });
const { db } = database;
const area = await makeArea(db, `在线压测区${Date.now()}`);
const school = await makeSchool(db, { name: '在线压测中学', areaId: area.id });
const { year, terms } = await makeSchoolYear(db, school.id, 2026);
await makeGrade(db, school.id, 8, [2]);
const klass = await makeClass(db, { schoolId: school.id, gradeId: 8, schoolYearId: year.id, name: '八(1)班' });
const [maker] = await makeUsers(db, school.id, 1, 5);
const [multi] = await db
  .insert(multiExams)
  .values({
    schoolId: school.id,
    schoolYearId: year.id,
    termId: terms[0]!.id,
    gradeId: 8,
    name: '在线压测',
    examType: 5,
    startDate: '2026-11-20',
    endDate: '2026-11-20',
    status: 1,
    settings: {} as never,
  })
  .returning();
const [single] = await db
  .insert(singleExams)
  .values({ schoolId: school.id, multiExamId: multi!.id, courseId: 2, fullMark: 100, status: 1 })
  .returning();
for (let done = 0; done < STUDENTS; done += 2000) {
  await addExamStudents(db, school.id, single!.id, klass.id, Math.min(2000, STUDENTS - done));
}
const paper: OnlinePaperSnapshot = {
  sections: [
    {
      title: '解答题',
      questions: Array.from({ length: QUESTIONS }, (_, i) => ({
        questionId: String(1000 + i),
        questionNo: String(i + 1),
        kind: 'text' as const,
        stem: `第${i + 1}题`,
        options: [],
        fullMark: 10,
        key: null,
        explanation: null,
      })),
    },
  ],
};
const now = Date.now();
const [exam] = await db
  .insert(onlineExams)
  .values({
    schoolId: school.id,
    multiExamId: multi!.id,
    singleExamId: single!.id,
    name: '在线压测',
    opensAt: new Date(now - 60_000),
    closesAt: new Date(now + 24 * 3600_000),
    durationMinutes: MINUTES + 30,
    paper,
    createdBy: maker!.id,
  })
  .returning();
const accounts = await db
  .select({ user: users })
  .from(students)
  .innerJoin(users, eq(users.id, students.userId))
  .where(eq(students.classId, klass.id));
const service = createSittingService(db);
const onlineExamId = String(exam!.id);
for (const { user } of accounts) await service.start(actorOf(user), exam!.id);

const latencies: number[] = [];
const newest = new Map<string, number>();
let failed = 0;
const rssFirst = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const end = t0 + MINUTES * 60_000;

async function student(user: (typeof accounts)[number]['user']) {
  const actor = actorOf(user);
  const versions = new Array<number>(QUESTIONS).fill(0);
  let turn = 0;
  // Spread: each student starts at a random moment of the first interval.
  await new Promise((r) => setTimeout(r, Math.random() * EVERY_MS));
  while (performance.now() < end) {
    const q = turn++ % QUESTIONS;
    const version = ++versions[q]!;
    const started = performance.now();
    try {
      const saved = await service.save(actor, {
        onlineExamId,
        questionId: String(1000 + q),
        answer: `学生${user.id}第${q + 1}题第${version}稿`,
        flagged: false,
        version,
      });
      latencies.push(performance.now() - started);
      if (saved.stored) newest.set(`${user.id}:${1000 + q}`, version);
    } catch {
      failed++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, EVERY_MS - (performance.now() - started))));
  }
}
await Promise.all(accounts.map(({ user }) => student(user)));
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const rssLast = process.memoryUsage().rss;

// Count back: every answer's newest stored version must be the one the student last saved.
const rows = await db
  .select({
    userId: students.userId,
    questionId: onlineAnswers.questionId,
    version: onlineAnswers.version,
    answer: onlineAnswers.answer,
  })
  .from(onlineAnswers)
  .innerJoin(onlineSittings, eq(onlineSittings.id, onlineAnswers.sittingId))
  .innerJoin(students, eq(students.id, onlineSittings.studentId))
  .where(eq(onlineSittings.onlineExamId, exam!.id));
const stored = new Map(rows.map((r) => [`${r.userId}:${r.questionId}`, r]));
let lost = 0;
for (const [key, version] of newest) {
  const row = stored.get(key);
  if (!row || row.version !== version || !row.answer.endsWith(`第${version}稿`)) lost++;
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1);
console.log(
  `online-exam load on ${url ? 'PostgreSQL' : 'PGlite'}: ${accounts.length} students, ${MINUTES} min, a save every ${EVERY_MS / 1000} s each`,
);
console.log(`saves: ${latencies.length} ok, ${failed} failed, ${(latencies.length / wall).toFixed(0)}/s`);
console.log(
  `save latency ms: p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${latencies.at(-1)?.toFixed(1)}`,
);
console.log(`answers counted back: ${newest.size} expected, ${lost} lost`);
console.log(`RSS MB: first ${(rssFirst / 2 ** 20).toFixed(0)}, last ${(rssLast / 2 ** 20).toFixed(0)}`);
console.log(
  `wall ${wall.toFixed(1)} s, CPU user ${(cpu.user / 1e6).toFixed(1)} s + system ${(cpu.system / 1e6).toFixed(1)} s`,
);
await database.close();
process.exit(lost === 0 && failed === 0 ? 0 : 1);
