import { examsApi, type ScoreRecord, type StudentScore } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { type ScoresSetup, setUpScores } from '../../../test/scores-fixture.ts';

// Score corrections (singleExamStudentQuestionRecord): a teacher's request, the author's edits and
// withdrawal, the administrator's rejection and application (one transaction, derived totals),
// and who sees which records.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
  expectOk(
    await s.call(examsApi.updateSingleStudentsAndScores, {
      schoolId: s.sid,
      seId: s.mathId,
      scores: s.students.map((st) => ({
        studentId: String(st.id),
        choices: { [s.q('1')]: 'B', [s.q('2')]: 'A' },
        scores: { [s.q('4')]: 5 },
      })),
    }),
  );
});
afterAll(() => s.t.close());

const stu = (i: number) => String(s.students[i]!.id);
const request = (session: ScoresSetup['sessions']['admin'], params: Record<string, unknown>) =>
  s.as<ScoreRecord>(session, examsApi.saveScoreRecord, {
    schoolId: s.sid,
    seId: s.mathId,
    reason: '复核加分',
    ...params,
  });
const list = (session: ScoresSetup['sessions']['admin'], status?: number) =>
  s.as<{ list: ScoreRecord[]; total: number }>(session, examsApi.findScoreRecords, {
    schoolId: s.sid,
    seId: s.mathId,
    status,
    pageSize: 100,
  });

describe('correction requests', () => {
  it('any teacher of the school asks; values are checked; the author edits their own pending request', async () => {
    const asked = expectOk(await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('4'), newScore: 8 }));
    expect(asked).toMatchObject({ status: 1, oldScore: 5, newScore: 8, questionNo: '4', source: 'correction' });
    expectFailure(
      await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('4'), newScore: 11 }),
      400,
      /超过满分10/,
    );
    expectFailure(
      await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('2'), newChoice: 'AZ' }),
      400,
      /不允许/,
    );
    expectFailure(
      await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('4'), newScore: 5 }),
      400,
      '更正后的成绩与当前成绩相同',
    );
    expectFailure(
      await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('4'), reason: '' }),
      400,
      '请填写更正原因',
    );
    const edited = expectOk(
      await s.as<ScoreRecord>(s.sessions.teacher, examsApi.updateScoreRecord, {
        schoolId: s.sid,
        recordId: asked.recordId,
        newScore: 9,
      }),
    );
    expect(edited.newScore).toBe(9);
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.updateScoreRecord, {
        schoolId: s.sid,
        recordId: asked.recordId,
        newScore: 7,
      }),
    );
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.deleteScoreRecord, { schoolId: s.sid, recordId: asked.recordId }),
    );
    expectForbidden(await request(s.sessions.student1, { studentId: stu(0), questionId: s.q('4'), newScore: 6 }));
    expectForbidden(
      await s.call(examsApi.saveScoreRecord, {
        schoolId: s.sid,
        seId: String(s.otherExam.subjects[0]!.single.id),
        studentId: String(s.otherStudent.id),
        questionId: null,
        newScore: 1,
        reason: 'x',
      }),
    );
  });

  it('type 1 sees their own requests and those of their classes; type 5 sees every record', async () => {
    expectOk(await request(s.sessions.admin, { studentId: stu(0), questionId: s.q('2'), newChoice: 'AC' }));
    const mine = expectOk(await list(s.sessions.teacher, 1)).list;
    expect(mine.map((r) => r.studentNo)).toEqual(['20240201']);
    // Teacher A teaches 数学 in class 1: the administrator's request for 20240101 is theirs to see.
    expect(expectOk(await list(s.sessions.teacherA, 1)).list.map((r) => r.studentNo)).toEqual(['20240101']);
    expect(expectOk(await list(s.sessions.admin, 1)).total).toBe(2);
  });

  it('the administrator rejects and applies: totals re-derived, the request becomes the record', async () => {
    const pending = expectOk(await list(s.sessions.admin, 1)).list;
    const extra = expectOk(await request(s.sessions.teacher, { studentId: stu(3), questionId: s.q('5'), newScore: 4 }));
    expectForbidden(
      await s.as(s.sessions.teacher, examsApi.updateScoreRecord, {
        schoolId: s.sid,
        recordId: extra.recordId,
        status: 3,
      }),
    );
    expect(
      expectOk(
        await s.call<ScoreRecord>(examsApi.updateScoreRecord, { schoolId: s.sid, recordId: extra.recordId, status: 3 }),
      ).status,
    ).toBe(3);
    expectForbidden(
      await s.as(s.sessions.teacherA, examsApi.updateSESQRecordToStuScoreByIds, {
        schoolId: s.sid,
        recordIds: pending.map((r) => r.recordId),
      }),
    );
    const applied = expectOk(
      await s.call<{ applied: number }>(examsApi.updateSESQRecordToStuScoreByIds, {
        schoolId: s.sid,
        recordIds: pending.map((r) => r.recordId),
      }),
    );
    expect(applied.applied).toBe(2);
    expectFailure(
      await s.call(examsApi.updateSESQRecordToStuScoreByIds, { schoolId: s.sid, recordIds: [extra.recordId] }),
      422,
      /不是待审核的更正申请/,
    );
    const scores = expectOk(
      await s.call<{ list: StudentScore[] }>(examsApi.findStuScoresBySeId, {
        schoolId: s.sid,
        seId: s.mathId,
        pageSize: 50,
      }),
    ).list;
    // 20240101: 3 + 6 (AC now) + 5 = 14; 20240201: 3 + 3 + 9 = 15.
    expect(scores.find((r) => r.studentNo === '20240101')).toMatchObject({ totalScore: 14, gradeRank: 2 });
    expect(scores.find((r) => r.studentNo === '20240201')).toMatchObject({ totalScore: 15, gradeRank: 1 });
    const done = expectOk(await list(s.sessions.admin, 2)).list.filter((r) => r.source === 'correction');
    expect(done.map((r) => [r.studentNo, r.questionNo, r.oldScore, r.newScore]).sort()).toEqual([
      ['20240101', '2', 3, 6],
      ['20240201', '4', 5, 9],
    ]);
    // Applied records stay: they cannot be withdrawn.
    expectFailure(
      await s.as(s.sessions.teacher, examsApi.deleteScoreRecord, {
        schoolId: s.sid,
        recordId: done.find((r) => r.studentNo === '20240201')!.recordId,
      }),
      422,
      /只能撤回待审核/,
    );
  });

  it('the author withdraws a pending request', async () => {
    const asked = expectOk(await request(s.sessions.teacher, { studentId: stu(4), questionId: s.q('4'), newScore: 6 }));
    expectOk(await s.as(s.sessions.teacher, examsApi.deleteScoreRecord, { schoolId: s.sid, recordId: asked.recordId }));
    expectFailure(
      await s.as(s.sessions.teacher, examsApi.deleteScoreRecord, { schoolId: s.sid, recordId: asked.recordId }),
      404,
      /不存在/,
    );
  });
});
