import {
  type AttentionReport,
  analysisApi as api,
  type OverviewReport,
  type StudentRow,
  type TrendReport,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { callFile } from '../../../test/scores-fixture.ts';

// Who reads what (roles-and-permissions.md, platform/read-scope.ts): each role's refusals are HTTP 403 with a
// Chinese message and one more permission.refused row in the audit log; inside the scope, rows of
// other classes and subjects are left out.

let s: ReportCalls;
beforeAll(async () => {
  s = await setUpReportCalls();
}, 120_000);
afterAll(async () => s?.t.close());

const overview = (extra: Record<string, unknown>) => ({ schoolId: s.sid, meId: s.meId, subjectKey: '0', ...extra });

describe('type 1 teacher (数学 in class (1))', () => {
  it('reads their class and course, with other classes left out of the grade', async () => {
    const grade = expectOk(
      await s.as<OverviewReport>(s.people.teacherA, api.findOverviewReport, overview({ subjectKey: s.MATH_KEY })),
    );
    expect(grade.units.map((u) => u.scope.id)).toEqual([s.c1]);
    expect(grade.summary!.mean).toBe(70);
    type Page = { list: StudentRow[]; subjects: { subjectKey: string }[]; ranksHidden: boolean };
    const page = expectOk(
      await s.as<Page>(s.people.teacherA, api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId }),
    );
    expect(page.subjects.map((x) => x.subjectKey)).toEqual([s.MATH_KEY]);
    expect(page.list.map((r) => [r.classId, Object.keys(r.subjects)])).toEqual([
      [s.c1, [s.MATH_KEY]],
      [s.c1, [s.MATH_KEY]],
      [s.c1, [s.MATH_KEY]],
    ]);
    // The exam hides ranks from students by default (hiddenStudentOrder 011): class report cards too.
    expect(page.ranksHidden).toBe(true);
    expect(page.list[0]!.subjects[s.MATH_KEY]).toMatchObject({ score: 100, classRank: null, gradeRank: null });
  });

  it('is refused another class, another course, the total, the grade file and the union', async () => {
    const t = s.people.teacherA;
    await expectRefused(s, t, () =>
      s.as(t, api.findOverviewReport, overview({ subjectKey: s.MATH_KEY, classId: s.c2 })),
    );
    await expectRefused(s, t, () => s.as(t, api.findOverviewReport, overview({ subjectKey: s.CHINESE_KEY })));
    expect(await expectRefused(s, t, () => s.as(t, api.findOverviewReport, overview({})))).toBe(
      '只有班主任和年级管理者可以查看总分报告',
    );
    await expectRefused(s, t, () =>
      s.as(t, api.findMisRecommend, { schoolId: s.sid, seId: String(s.mathSubject.single.id), classId: s.c2 }),
    );
    await expectRefused(s, t, () =>
      s.as(t, api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId, classId: s.c2 }),
    );
    await expectRefused(s, t, () =>
      s.as(t, api.findTrendReport, overview({ subjectKey: s.MATH_KEY, studentId: String(s.students[3]!.id) })),
    );
    await expectRefused(s, t, () => callFileResult(t, api.exportReportWorkbook));
    await expectRefused(s, t, () =>
      s.as(t, api.findUnionReport, { meId: s.meId, subjectKey: '0', unitLevel: 'class' }),
    );
    await expectRefused(s, t, () => s.as(t, api.recomputeReports, { schoolId: s.sid, meId: s.meId }));
  });
});

describe('class head (班主任 of class (2))', () => {
  it('reads every course and the total of their class, only their students', async () => {
    const h = s.people.head2;
    const klass = expectOk(await s.as<OverviewReport>(h, api.findOverviewReport, overview({ classId: s.c2 })));
    expect(klass.scope.id).toBe(s.c2);
    const attention = expectOk(await s.as<AttentionReport>(h, api.findAttentionReport, overview({})));
    const classIds = [
      ...attention.lines.flatMap((l) => l.students.map((x) => x.classId)),
      ...attention.imbalanced.map((x) => x.classId),
    ];
    expect(classIds.length).toBeGreaterThan(0);
    expect(new Set(classIds)).toEqual(new Set([s.c2]));
    await expectRefused(s, h, () => s.as(h, api.findOverviewReport, overview({ classId: s.c1 })));
    await expectRefused(s, h, () =>
      s.as(h, api.findItemsReport, overview({ subjectKey: s.CHINESE_KEY, classId: s.c1 })),
    );
  });
});

describe('subject head (语文教研组长 of grade 8)', () => {
  it('reads 语文 in every class and nothing else', async () => {
    const c = s.people.chineseHead;
    const grade = expectOk(
      await s.as<OverviewReport>(c, api.findOverviewReport, overview({ subjectKey: s.CHINESE_KEY })),
    );
    expect(grade.units.map((u) => u.scope.id)).toEqual([s.c1, s.c2]);
    const trend = expectOk(await s.as<TrendReport>(c, api.findTrendReport, overview({ subjectKey: s.CHINESE_KEY })));
    expect(trend.units.map((u) => u.scope.id).sort()).toEqual([s.c1, s.c2].sort());
    await expectRefused(s, c, () => s.as(c, api.findOverviewReport, overview({ subjectKey: s.MATH_KEY })));
    await expectRefused(s, c, () => s.as(c, api.findLevelsReport, overview({})));
  });
});

describe('grade head and principal', () => {
  it('read the whole grade and the report file', async () => {
    for (const leader of [s.people.gradeHead, s.people.principal]) {
      const grade = expectOk(await s.as<OverviewReport>(leader, api.findOverviewReport, overview({})));
      expect(grade.units).toHaveLength(2);
      const file = await callFile(s.t.app, api.exportReportWorkbook, { schoolId: s.sid, meId: s.meId }, leader);
      expect(file.http).toBe(200);
      expect(file.json).toBeNull();
    }
  });
});

describe('students', () => {
  it('are refused every teacher call, other students, other schools and unpublished exams', async () => {
    const st = s.people.student1;
    await expectRefused(s, st, () => s.as(st, api.findOverviewReport, overview({ classId: s.c1 })));
    // Another student's report: the teacher calls that name a student are closed to students.
    await expectRefused(s, st, () =>
      s.as(st, api.findTrendReport, overview({ classId: s.c2, studentId: String(s.students[3]!.id) })),
    );
    await expectRefused(s, st, () => s.as(st, api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId }));
    await expectRefused(s, st, () => s.as(st, api.findSchoolReportMe, {}));
    await expectRefused(s, st, () =>
      s.as(st, api.getStudentReportMEVO, { schoolId: String(s.other.school.id), meId: String(s.otherExam.multi.id) }),
    );
    await expectRefused(s, st, () =>
      s.as(st, api.getStudentReportMEVO, { schoolId: s.sid, meId: String(s.otherExam.multi.id) }),
    );
    await s.setExam({ publishedToStudents: false });
    try {
      expect(
        await expectRefused(s, st, () => s.as(st, api.getStudentReportMEVO, { schoolId: s.sid, meId: s.meId })),
      ).toBe('该考试的成绩尚未发布');
      await expectRefused(s, st, () =>
        s.as(st, api.getStudentReportSEVO, { schoolId: s.sid, seId: String(s.mathSubject.single.id) }),
      );
    } finally {
      await s.setExam({ publishedToStudents: true });
    }
    expectOk(await s.as(st, api.getStudentReportMEVO, { schoolId: s.sid, meId: s.meId }));
  });
});

describe('managers and other schools', () => {
  it('a manager reads the school exams of their relations', async () => {
    const m = s.people.manager;
    expect(expectOk(await s.as<OverviewReport>(m, api.findOverviewReport, overview({}))).units).toHaveLength(2);
    const exams = expectOk(await s.as<{ meId: string }[]>(m, api.findSchoolReportMe, {}));
    expect(exams.map((e) => e.meId)).toContain(s.meId);
  });

  it('a manager of another area and another school’s administrator are refused', async () => {
    const far = s.people.farManager;
    expect(await expectRefused(s, far, () => s.as(far, api.findSchoolReportSe, { meId: s.meId }))).toBe(
      '该考试不包含你所管理的学校',
    );
    await expectRefused(s, far, () => s.as(far, api.findOverviewReport, overview({})));
    expect(expectOk(await s.as<unknown[]>(far, api.findSchoolReportMe, {}))).toEqual([]);

    const other = s.people.otherAdmin;
    await expectRefused(s, other, () => s.as(other, api.findOverviewReport, overview({})));
    await expectRefused(s, other, () =>
      s.as(other, api.findOverviewReport, overview({ schoolId: String(s.other.school.id) })),
    );
    await expectRefused(s, other, () =>
      s.as(other, api.findUnionReport, { meId: s.meId, subjectKey: '0', unitLevel: 'class' }),
    );
    // Another school's class named in this school's exam.
    await expectRefused(s, s.people.admin, () =>
      s.call(api.findOverviewReport, overview({ classId: String(s.other.class.id) })),
    );
  });
});

async function callFileResult(session: ReportCalls['people']['admin'], endpoint: typeof api.exportReportWorkbook) {
  const file = await callFile(s.t.app, endpoint, { schoolId: s.sid, meId: s.meId }, session);
  return { http: file.http, message: file.json?.message ?? '' };
}
