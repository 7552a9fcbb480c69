import { examsApi as api, type MultiExam } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, multiExams } from '../../../db/schema.ts';
import { type ExamsSetup, MATH, PHYSICS, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';

// Issue #21 item 9: a double submit of saveMultiExam. On PostgreSQL the 50 calls run in parallel;
// on PGlite one after another. Either way one exam comes of them, and every answer names it.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const newExam = (overrides: Record<string, unknown> = {}) => ({
  schoolId: s.sid,
  name: '八年级第二次月考',
  schyId: String(s.year.id),
  termId: String(s.term.id),
  gradeId: '8',
  examType: 1,
  startDate: s.term.startDate,
  endDate: s.term.startDate,
  subjects: [
    { courseId: String(MATH), fullMark: 120 },
    { courseId: String(PHYSICS), fullMark: 100 },
  ],
  ...overrides,
});
const named = (name: string) =>
  s.db
    .select()
    .from(multiExams)
    .where(and(eq(multiExams.schoolId, s.school.id), eq(multiExams.name, name)));

describe('saveMultiExam sent twice', () => {
  it('creates one exam from 50 parallel identical calls, and each answers with it', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => s.call<MultiExam>(api.saveMultiExam, newExam())),
    );
    const exams = results.map((r) => expectOk(r));
    const rows = await named('八年级第二次月考');
    expect(rows).toHaveLength(1);
    expect(new Set(exams.map((e) => e.meId))).toEqual(new Set([String(rows[0]!.id)]));
    expect(exams[0]!.singleExams.map((e) => e.studentCount)).toEqual([5, 5]);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, 'exams.multi-exam.add'));
    expect(audits.filter((a) => (a.target ?? '') === `multi-exam:${rows[0]!.id}`)).toHaveLength(1);
  });

  it('refuses another exam of the same name in the same term and grade', async () => {
    expectFailure(
      await s.call(api.saveMultiExam, newExam({ subjects: [{ courseId: String(MATH), fullMark: 150 }] })),
      409,
      /同名考试已存在/,
    );
    const renamed = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '八年级第三次月考' })));
    expectFailure(await s.call(api.updateMultiExam, { ...newExam(), meId: renamed.meId }), 409, /同名考试已存在/);
    expect(await named('八年级第二次月考')).toHaveLength(1);
  });

  it('creates one of 20 parallel different exams sharing a name', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call<MultiExam>(
          api.saveMultiExam,
          newExam({ name: '八年级周测', subjects: [{ courseId: String(MATH), fullMark: 100 + i }] }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.message).toMatch(/同名考试已存在/);
    expect(await named('八年级周测')).toHaveLength(1);
  });

  it('moves the status once when 10 parallel calls make the same move', async () => {
    const exam = expectOk(await s.call<MultiExam>(api.saveMultiExam, newExam({ name: '八年级状态测试' })));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call<MultiExam>(api.updateMultiExamStatus, { schoolId: s.sid, meId: exam.meId, status: 2 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.action, 'exams.multi-exam.status'));
    expect(audits.filter((a) => a.target === `multi-exam:${exam.meId}`)).toHaveLength(1);
  });
});
