import { schoolCardApi as api, type ClassScoreList, type OverviewReport, type StudentRow } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { send } from '../../../test/client.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';

// The older school service's GETs (issue #19 part 5) on the small exam of analysis-fixture.ts:
// what each answers, ETag revalidation (304; another view, another tag), the
// report pages' scope, bad ids with a Chinese message, and another school's ids refused with 403.

let s: ReportCalls;
beforeAll(async () => {
  s = await setUpReportCalls();
}, 120_000);
afterAll(async () => s?.t.close());

describe('summaryCard', () => {
  it("answers the exam's total overview, with an ETag that revalidates to 304", async () => {
    const first = await send(s.t.app, api.summaryCard, { schoolId: s.sid, meId: s.meId }, { session: s.people.admin });
    expect(first.statusCode).toBe(200);
    const overview = (first.json() as { data: OverviewReport }).data;
    expect(overview).toEqual((await s.call<OverviewReport>(api.summaryCard, { schoolId: s.sid, meId: s.meId })).data);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await s.t.app.inject({
      method: 'GET',
      url: `${api.summaryCard.path}?schoolId=${s.sid}&meId=${s.meId}`,
      headers: { loginName: s.people.admin.loginName, jwtToken: s.people.admin.jwtToken, 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const classOne = await send(
      s.t.app,
      api.summaryCard,
      { schoolId: s.sid, meId: s.meId, classId: s.c1 },
      {
        session: s.people.admin,
      },
    );
    expect(classOne.headers.etag).not.toBe(tag);
  });

  it('refuses a bad exam id in Chinese and a signed-out caller with 401', async () => {
    expectFailure(await s.call(api.summaryCard, { schoolId: s.sid, meId: 'abc' }), 400, /考试编号不正确/);
    const out = await send(s.t.app, api.summaryCard, { schoolId: s.sid, meId: s.meId });
    expect(out.statusCode).toBe(401);
  });

  it("refuses another school's exam and a student (the report pages' permissions)", async () => {
    await expectRefused(s, s.people.admin, () =>
      s.call(api.summaryCard, { schoolId: s.sid, meId: String(s.otherExam.multi.id) }),
    );
    await expectRefused(s, s.people.otherAdmin, () =>
      s.as(s.people.otherAdmin, api.summaryCard, { schoolId: s.sid, meId: s.meId }),
    );
    await expectRefused(s, s.people.student1, () =>
      s.as(s.people.student1, api.summaryCard, { schoolId: s.sid, meId: s.meId }),
    );
  });
});

describe('studentScoreCard', () => {
  it("answers one student's row; a course teacher sees only their subject", async () => {
    const student = s.students[0]!;
    const row = expectOk(
      await s.call<StudentRow>(api.studentScoreCard, { schoolId: s.sid, meId: s.meId, studentId: String(student.id) }),
    );
    expect(row.studentId).toBe(String(student.id));
    expect(Object.keys(row.subjects).sort()).toEqual(['0', '1', '2']);
    const seen = expectOk(
      await s.as<StudentRow>(s.people.teacherA, api.studentScoreCard, {
        schoolId: s.sid,
        meId: s.meId,
        studentId: String(student.id),
      }),
    );
    expect(Object.keys(seen.subjects)).toEqual([s.MATH_KEY]);
  });

  it('refuses a student outside the reader scope, and another school’s student, with 403', async () => {
    await expectRefused(s, s.people.teacherA, () =>
      s.as(s.people.teacherA, api.studentScoreCard, {
        schoolId: s.sid,
        meId: s.meId,
        studentId: String(s.students[3]!.id),
      }),
    );
    await expectRefused(s, s.people.admin, () =>
      s.call(api.studentScoreCard, { schoolId: s.sid, meId: s.meId, studentId: String(s.otherStudent.id) }),
    );
    expectFailure(await s.call(api.studentScoreCard, { schoolId: s.sid, meId: s.meId }), 400, /学生不能为空/);
  });
});

describe('classScoreList', () => {
  it('lists the class by total, descending', async () => {
    const list = expectOk(
      await s.call<ClassScoreList>(api.classScoreList, { schoolId: s.sid, meId: s.meId, classId: s.c1 }),
    );
    expect(list.list).toHaveLength(3);
    expect(list.list.every((r) => r.classId === s.c1)).toBe(true);
    const totals = list.list.map((r) => r.subjects['0']?.score ?? -1);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it("refuses a class the teacher does not teach, and another school's class, with 403", async () => {
    await expectRefused(s, s.people.teacherA, () =>
      s.as(s.people.teacherA, api.classScoreList, { schoolId: s.sid, meId: s.meId, classId: s.c2 }),
    );
    await expectRefused(s, s.people.admin, () =>
      s.call(api.classScoreList, { schoolId: s.sid, meId: s.meId, classId: String(s.other.class.id) }),
    );
    expectFailure(await s.call(api.classScoreList, { schoolId: s.sid, meId: s.meId, classId: '-1' }), 400, /班级/);
  });
});
