import { examsApi, type OverviewReport, type StudentRow } from '@huikao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisReports, analysisRuns, analysisStudentRows, multiExams } from '../../../db/schema.ts';
import { analysisModule, SMALL_EXAM_SETTINGS, type SmallExam, setUpSmallExam } from '../../../test/analysis-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { replaceRunResults } from '../store/repo.ts';
import { unpackStudentRow } from '../store/student-row-codec.ts';

// When reports are computed: on finalising, again after a score change (stale until then), never
// twice for nothing; a failed computation keeps the previous results and says why; the background
// worker computes a queued run on its own.

let s: SmallExam;
beforeAll(async () => {
  s = await setUpSmallExam();
});
afterAll(() => s.t.close());

const runKey = () => `me:${s.meId}`;
const status = () => s.analysis.runs.status(runKey());
async function mathMean(): Promise<number> {
  const [row] = await s.db
    .select({ body: analysisReports.body })
    .from(analysisReports)
    .where(
      and(
        eq(analysisReports.runKey, runKey()),
        eq(analysisReports.kind, 'overview'),
        eq(analysisReports.subjectKey, '2'),
        eq(analysisReports.scopeKey, 'grade'),
      ),
    );
  return (row!.body as OverviewReport).summary!.mean;
}
async function studentRow(i: number): Promise<StudentRow> {
  const [row] = await s.db
    .select({ body: analysisStudentRows.body })
    .from(analysisStudentRows)
    .where(and(eq(analysisStudentRows.runKey, runKey()), eq(analysisStudentRows.studentId, s.students[i]!.id)));
  return unpackStudentRow(row!.body);
}

describe('report runs', () => {
  it('nothing before the first computation; a finalised exam is computed once', async () => {
    expect(await status()).toMatchObject({ status: 0, computedAt: null, stale: false });
    expect(await s.analysis.runs.runPending()).toBe(1);
    expect(await status()).toMatchObject({ status: 3, progress: 100, message: '计算完成', error: null, stale: false });
    expect((await status()).computedAt).not.toBeNull();
    expect(await mathMean()).toBe(70);
    // Nothing changed: nothing to compute.
    expect(await s.analysis.runs.runPending()).toBe(0);
  });

  it('a score change (reopen, edit, finalise again) marks the reports stale, then recomputes them', async () => {
    expectOk(await s.call(examsApi.updateMultiExamStatus, { schoolId: s.sid, meId: s.meId, status: 2 }));
    // s6's 数学 Q2 10 → 30: 数学 30 → 50, total 30 → 50.
    expectOk(
      await s.call(examsApi.updateStudentCardScores, {
        schoolId: s.sid,
        seId: String(s.mathSubject.single.id),
        score: { studentId: String(s.students[5]!.id), scores: { [s.q(s.mathSubject, '2')]: 30 } },
      }),
    );
    expect(await status()).toMatchObject({ status: 3, stale: true });
    // Reopened exams are not computed; the stored results stay as they were.
    expect(await s.analysis.runs.runPending()).toBe(0);
    expect(await mathMean()).toBe(70);

    expectOk(await s.call(examsApi.summaryQiqExamToScExam, { schoolId: s.sid, meId: s.meId }));
    expect(await s.analysis.runs.runPending()).toBe(1);
    expect(await status()).toMatchObject({ status: 3, stale: false });
    // 数学 100 80 60 80 50 → mean 370/5 = 74. s6's total 50: still last (rank 6), s5 (70) 5th.
    expect(await mathMean()).toBe(74);
    expect((await studentRow(5)).subjects['0']).toMatchObject({ score: 50, gradeRank: 6 });
    expect((await studentRow(5)).subjects['2']).toMatchObject({ score: 50, gradeRank: 5 });
  });

  it('publishing with other settings recomputes; requesting a recomputation computes again', async () => {
    const before = (await status()).computedAt;
    expectOk(
      await s.call(examsApi.publishMultiExam, {
        schoolId: s.sid,
        meId: s.meId,
        toStudents: false,
        settings: { ...SMALL_EXAM_SETTINGS, rates: { excellent: 90, good: 75, pass: 60, low: 40 } },
      }),
    );
    expect(await status()).toMatchObject({ stale: true });
    expect(await s.analysis.runs.runPending()).toBe(1);
    expect((await status()).computedAt).not.toBe(before);

    await s.analysis.runs.request(Number(s.meId));
    expect(await status()).toMatchObject({ status: 1, message: '排队中', stale: false });
    expect(await s.analysis.runs.runPending()).toBe(1);
    expect(await status()).toMatchObject({ status: 3 });
  });

  it('a failed store keeps the previous results and says why', async () => {
    const failing = analysisModule(s.db, {
      store: async () => {
        throw new Error('磁盘已满');
      },
    });
    await failing.runs.request(Number(s.meId));
    expect(await failing.runs.runPending()).toBe(0);
    expect(await status()).toMatchObject({ status: 4, message: '计算失败', error: '计算出错：磁盘已满', stale: false });
    expect(await mathMean()).toBe(74);
    // Not retried until something changes or someone asks again.
    expect(await s.analysis.runs.runPending()).toBe(0);
  });

  it('exam data the computation cannot use fails with the reason; fixing it computes again', async () => {
    // A level scheme that no longer exists (deleted after the exam chose it).
    await s.db
      .update(multiExams)
      .set({ settings: { ...SMALL_EXAM_SETTINGS, elaId: '999999' }, updatedAt: sql`now()` })
      .where(eq(multiExams.id, Number(s.meId)));
    expect(await status()).toMatchObject({ stale: true });
    expect(await s.analysis.runs.runPending()).toBe(0);
    expect(await status()).toMatchObject({
      status: 4,
      error: '考试设置的等级赋分方案（999999）不存在，请在分析设置中重新选择',
      stale: true,
    });
    expect(await mathMean()).toBe(74);
    expectOk(
      await s.call(examsApi.saveExamAnalysisSettings, { schoolId: s.sid, meId: s.meId, settings: SMALL_EXAM_SETTINGS }),
    );
    expect(await s.analysis.runs.runPending()).toBe(1);
    expect(await status()).toMatchObject({ status: 3, error: null, stale: false });
  });

  it('refuses to queue an exam that is not finalised', async () => {
    await expect(s.analysis.runs.request(Number(s.otherExam.multi.id))).rejects.toThrow(
      '考试尚未完成（锁定），不能计算分析报告',
    );
  });

  it('the background worker computes a queued run after its quiet time, and stops', async () => {
    const worker = analysisModule(s.db, { pollMs: 20, quietMs: 50 });
    await s.analysis.runs.request(Number(s.meId));
    const [queued] = await s.db.select().from(analysisRuns).where(eq(analysisRuns.runKey, runKey()));
    worker.runs.start();
    const deadline = Date.now() + 20_000;
    while ((await status()).status !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await worker.runs.stop();
    const done = await status();
    expect(done).toMatchObject({ status: 3, stale: false });
    expect(new Date(done.computedAt!).getTime()).toBeGreaterThan(queued!.requestedAt.getTime());
  });

  it('a burst of changes is computed once, after the stamp has been quiet', async () => {
    let stored = 0;
    const worker = analysisModule(s.db, {
      pollMs: 25,
      quietMs: 1_500,
      store: (...args) => {
        stored++;
        return replaceRunResults(...args);
      },
    });
    worker.runs.start();
    for (const excellent of [86, 87, 88]) {
      const rates = { excellent, good: 70, pass: 60, low: 40 };
      expectOk(
        await s.call(examsApi.saveExamAnalysisSettings, {
          schoolId: s.sid,
          meId: s.meId,
          settings: { ...SMALL_EXAM_SETTINGS, rates },
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 20_000;
    while ((await status()).stale && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    await worker.runs.stop();
    expect(await status()).toMatchObject({ status: 3, stale: false });
    expect(stored).toBe(1);
  });
});
