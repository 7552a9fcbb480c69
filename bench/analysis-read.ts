// Read latency of the analysis centre's report calls (issue #5: under 100 ms at the 95th percentile
// once computed). The exam of bench/support/score-exam.ts (1,000 students × 9 subjects × 25
// questions), scores filled in SQL (bench/support/analysis-scores.ts), finalised, published and computed once
// (not timed); then each report call ~200 times through app.inject with the real protocol (sign,
// replay guard, session, decrypt), as the administrator, a subject teacher and a student.
// Run: npx tsx bench/analysis-read.ts (BENCH_DATABASE_URL for PostgreSQL). Prints p50/p95/max.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisApi as api, type Endpoint, examsApi, type StoredUser } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { classTeachers, multiExams, singleExams, students } from '../apps/server/src/db/schema.ts';
import { createAnalysisModule } from '../apps/server/src/modules/analysis/index.ts';
import { localFileStorage } from '../apps/server/src/platform/storage.ts';
import { call, login } from '../apps/server/src/test/client.ts';
import { makeTeacher, TEST_PASSWORD } from '../apps/server/src/test/factories.ts';
import { fillScoresInSql } from './support/analysis-scores.ts';
import { seconds, setUpScoreBench } from './support/score-exam.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const TARGET_MS = 100;

const bench = await setUpScoreBench();
const { app } = bench;
const db = app.platform.database.db;
const meId = Number(bench.meId);
const schoolId = bench.schoolId;
const base = { schoolId, meId: bench.meId };

let t0 = performance.now();
await fillScoresInSql(db, [meId]);
await bench.call(examsApi.summaryQiqExamToScExam, base);
await bench.call(examsApi.publishMultiExam, { ...base, toStudents: true });
console.log(`scores filled, exam finalised and published (${bench.kind}): ${seconds(performance.now() - t0)}`);
const analysis = createAnalysisModule(db, {
  storage: localFileStorage(mkdtempSync(path.join(tmpdir(), 'huikao-bench-analysis-'))),
});
t0 = performance.now();
await analysis.runs.runPending();
console.log(`reports computed (not a read figure): ${seconds(performance.now() - t0)}`);

// A 数学 teacher of class (1) and the first student of that class.
const [exam] = await db.select().from(multiExams).where(eq(multiExams.id, meId));
const singles = await db.select().from(singleExams).where(eq(singleExams.multiExamId, meId));
const math = singles.find((x) => x.courseId === 2)!;
const [firstStudent] = await db.select().from(students).where(eq(students.studentNo, 'B00001'));
const classId = String(firstStudent!.classId);
const teacherRow = await makeTeacher(db, { schoolId: exam!.schoolId, name: '基准数学' });
await db.insert(classTeachers).values({
  schoolId: exam!.schoolId,
  termId: exam!.termId,
  classId: firstStudent!.classId,
  courseId: 2,
  teacherId: teacherRow.id,
});
const teacher = await login(app, teacherRow.phone, TEST_PASSWORD);
const student = await login(app, 'benchB00001', TEST_PASSWORD);
const admin = bench.session;
const seId = String(math.id);

const cases: [string, StoredUser, Endpoint, Record<string, unknown>][] = [
  ['getUserMultiExamByTeacherIdAndSchoolId', admin, api.getUserMultiExamByTeacherIdAndSchoolId, { schoolId }],
  ['findMyMultiExam (teacher)', teacher, api.findMyMultiExam, { schoolId }],
  ['getReportStatus', admin, api.getReportStatus, base],
  ['getClassReportStepMEVO (grade)', admin, api.getClassReportStepMEVO, { ...base, step: 50 }],
  [
    'getClassReportStepSEVO (class, teacher)',
    teacher,
    api.getClassReportStepSEVO,
    { schoolId, seId, classId, step: 10 },
  ],
  ['findOverviewReport (total, grade)', admin, api.findOverviewReport, { ...base, subjectKey: '0' }],
  [
    'getMultiExamStudentScorePage (50, by 数学)',
    admin,
    api.getMultiExamStudentScorePage,
    { ...base, sortSubject: '2', pageSize: 50, currentPage: 3 },
  ],
  ['getMultiExamStudentScorePage (class, teacher)', teacher, api.getMultiExamStudentScorePage, { ...base, classId }],
  ['findItemsReport (数学, class)', admin, api.findItemsReport, { ...base, subjectKey: '2', classId }],
  ['findLinesReport', admin, api.findLinesReport, base],
  ['findSubjectsReport', admin, api.findSubjectsReport, base],
  ['findAttentionReport (total)', admin, api.findAttentionReport, { ...base, subjectKey: '0' }],
  ['findLevelsReport (total)', admin, api.findLevelsReport, { ...base, subjectKey: '0' }],
  [
    'findTrendReport (class + student)',
    admin,
    api.findTrendReport,
    { ...base, subjectKey: '0', classId, studentId: String(firstStudent!.id) },
  ],
  ['findTeacherReport (teacher)', teacher, api.findTeacherReport, { ...base, subjectKey: '2' }],
  ['findMisRecommend (class)', teacher, api.findMisRecommend, { schoolId, seId, classId }],
  ['getStudentReportMEVO (student)', student, api.getStudentReportMEVO, base],
  ['getStudentReportSEVO (student)', student, api.getStudentReportSEVO, { schoolId, seId }],
  ['getExamQuestionReportStepSEVO (student)', student, api.getExamQuestionReportStepSEVO, { schoolId, seId, step: 10 }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
let over = 0;
console.log(`\n${CALLS} calls each (${bench.kind}), app.inject:`);
for (const [label, session, endpoint, params] of cases) {
  const first = await call(app, endpoint, params, { session });
  if (first.http !== 200 || first.status !== 200) throw new Error(`${label}: ${first.http} ${first.message}`);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    const result = await call(app, endpoint, params, { session });
    times.push(performance.now() - start);
    if (result.status !== 200) throw new Error(`${label}: ${result.message}`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  if (p95 >= TARGET_MS) over++;
  console.log(
    `${label.padEnd(48)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms${p95 >= TARGET_MS ? '  OVER' : ''}`,
  );
}
for (const [label, endpoint] of [
  ['exportReportWorkbook (once)', api.exportReportWorkbook],
  ['exportReportSummary (once)', api.exportReportSummary],
] as const) {
  const start = performance.now();
  await bench.callFile(endpoint, base);
  console.log(`${label.padEnd(48)} ${seconds(performance.now() - start)}`);
}
console.log(
  over === 0 ? `every call under ${TARGET_MS} ms at p95` : `${over} call(s) at or over ${TARGET_MS} ms at p95`,
);
await bench.close();
