import { scanningScansApi as api, type RecognizeException, type ScanBatchStatus } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, studentScores } from '../../../db/schema.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { answersOf, createBatch, type ScanRoom, setUpScanRoom, sheetPage, uploadFile } from '../scans/scans-fixture.ts';

// Resolving exceptions while the same exam's pages are recognised and written, and two people resolving
// one exception at once. Every writer of an exam's scan results takes the exam's scan-results lock
// first, so none waits on another in the opposite order. On PostgreSQL (TEST_DATABASE_URL) the
// resolutions and the recognition jobs run at once on separate connections; on PGlite in turn.

const STUDENTS = 8;
let s: ScanRoom;
let batchId: string;

const call = <T>(endpoint: Parameters<ScanRoom['call']>[0], params: Record<string, unknown>) =>
  s.call<T>(endpoint, { schoolId: s.sid, ...params });
const openExceptions = async () =>
  expectOk(
    await call<{ list: RecognizeException[] }>(api.findExceptionsBySeId, {
      seId: s.room.seId,
      status: 0,
      pageSize: 100,
    }),
  ).list;
const resolve = (e: RecognizeException, answer: string) =>
  call<RecognizeException>(api.updateException, { exceptionId: e.exceptionId, resolution: { answer } });
const questionId = (no: string) => String(s.room.questions.find((q) => q.questionNo === no)!.id);

beforeAll(async () => {
  s = await setUpScanRoom();
  batchId = (await createBatch(s)).batchId;
  // Every sheet multi-marked on questions 1 and 2 (single choice): two exceptions a student, on page 1.
  // The last student's question 3 too: the exception two people resolve at once.
  let seed = 1;
  for (let i = 0; i < STUDENTS; i++) {
    for (let pageNo = 1; pageNo <= s.room.template.pages.length; pageNo++) {
      const answers = answersOf(s.room.template, s.room.keys, i);
      answers['1'] = 'AB';
      answers['2'] = 'CD';
      if (i === STUDENTS - 1) answers['3'] = 'BD';
      const examNo = s.room.students[i]!.examNo!;
      const jpeg = await sheetPage(s.room.rasters, s.room.template, pageNo, { examNo, answers }, seed++);
      expectOk(await uploadFile(s, batchId, `scan-${i + 1}-${pageNo}.jpg`, jpeg));
    }
  }
  await s.t.app.scanRecognition.drain(2);
}, 600_000);
afterAll(() => s.t.close());

describe('resolving exceptions while the exam is being scanned', () => {
  it('resolves every exception while all the exam’s pages are recognised again: no deadlock, nothing lost', async () => {
    const open = (await openExceptions()).filter((e) => e.questionNo !== '3');
    expect(open).toHaveLength(STUDENTS * 2);
    expect(open.every((e) => e.kind === 7)).toBe(true);
    const pages = expectOk(await call<{ queued: number }>(api.recognizeAgain, { batchId })).queued;
    expect(pages).toBe(STUDENTS * 2);

    const answerOf = (e: RecognizeException) => (e.questionNo === '1' ? 'A' : 'C');
    const [ran, ...results] = await Promise.all([
      s.t.app.scanRecognition.drain(2),
      ...open.map((e) => resolve(e, answerOf(e))),
    ]);
    expect(ran).toBe(pages);
    for (const r of results) expect([r.status, r.message]).toEqual([200, expect.any(String)]);

    const status = expectOk(await call<ScanBatchStatus>(api.batchStatus, { batchId }));
    expect(status.pages).toMatchObject({ total: STUDENTS * 2, done: STUDENTS * 2, failed: 0, queued: 0 });
    // Read again, the pages keep the decisions: only the question-3 exception is still open.
    expect((await openExceptions()).map((e) => e.questionNo)).toEqual(['3']);
    const scores = await s.db.select().from(studentScores).where(eq(studentScores.singleExamId, s.room.single.id));
    for (const student of s.room.students.slice(0, STUDENTS - 1)) {
      const row = scores.find((r) => r.studentId === student.id);
      expect(row, student.name).toBeDefined();
      expect([row!.choices[questionId('1')], row!.choices[questionId('2')]]).toEqual(['A', 'C']);
    }
  }, 600_000);

  it('lets one of two people resolving the same exception win; the other is told, and nothing is lost', async () => {
    const [exception] = await openExceptions();
    expect(exception).toMatchObject({ kind: 7, questionNo: '3' });
    const results = await Promise.all([resolve(exception!, 'B'), resolve(exception!, 'D')]);
    const won = results.findIndex((r) => r.status === 200);
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = results[1 - won]!;
    expect([lost.status, lost.message]).toEqual([422, expect.stringMatching(/^该异常已由.+处理，请刷新列表$/)]);
    const answer = won === 0 ? 'B' : 'D';

    const [row] = await s.db
      .select()
      .from(studentScores)
      .where(
        and(
          eq(studentScores.singleExamId, s.room.single.id),
          eq(studentScores.studentId, s.room.students[STUDENTS - 1]!.id),
        ),
      );
    expect(row!.choices[questionId('3')]).toBe(answer);
    const audits = await s.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'scanning.exception.resolve'),
          eq(auditLog.target, `recognize_exception:${exception!.exceptionId}`),
        ),
      );
    expect(audits.map((a) => a.after)).toEqual([{ answer }]);
    expect(await openExceptions()).toEqual([]);
  });
});
