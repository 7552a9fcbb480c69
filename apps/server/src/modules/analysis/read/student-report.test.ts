import { analysisApi as api, type StudentReport, type StudentSubjectReport } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { login } from '../../../test/client.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';
import { rankBandOf } from './student-disclosure.ts';

// A student's own reports and what they disclose: the school's setting (rank, band, beat; missing
// means beat) and the exam's hidden options on top (隐藏名次, 隐藏分数, 隐藏班级年级统计).
//
// s1 (学生1-1, class (1)): 总分 190 of 200, class rank 1, grade rank 1 of 6, beats 5 of 6; class mean
// 160, grade mean 710/6, grade max 190. 数学 100, grade rank 1 of 5 (s5 缺考).

let s: ReportCalls;
let settings: ReportCalls['exam']['multi']['settings'];
beforeAll(async () => {
  s = await setUpReportCalls();
  settings = s.exam.multi.settings;
}, 120_000);
afterAll(async () => s?.t.close());

async function reportWith(disclosure: string | undefined, hiddenStudentOrder: string) {
  const next: Record<string, unknown> = { ...settings, studentDisclosure: disclosure };
  if (disclosure === undefined) delete next.studentDisclosure;
  await s.setExam({ settings: next as typeof settings, hiddenStudentOrder });
  return expectOk(
    await s.as<StudentReport>(s.people.student1, api.getStudentReportMEVO, { schoolId: s.sid, meId: s.meId }),
  );
}

describe('getStudentReportMEVO', () => {
  it("'rank' shows the exact ranks with every option off", async () => {
    const report = await reportWith('rank', '111');
    expect(report.disclosure).toBe('rank');
    expect(report.total).toMatchObject({
      score: 190,
      fullMark: 200,
      classMean: 160,
      gradeMax: 190,
      classRank: 1,
      gradeRank: 1,
      rankBand: null,
      beat: expect.closeTo(5 / 6, 6),
    });
    expect(report.total!.gradeMean).toBeCloseTo(710 / 6, 6);
    expect(report.total!.t).not.toBeNull();
    expect(report.subjects.map((x) => [x.subject.name, x.score, x.gradeRank, x.beat])).toEqual([
      ['语文', 90, 2, expect.closeTo(4 / 6, 6)],
      ['数学', 100, 1, expect.closeTo(4 / 5, 6)],
    ]);
    expect(report.student).toMatchObject({ name: '学生1-1', className: '八年级(1)班' });
    expect(report.trend).toEqual([
      expect.objectContaining({ meId: s.meId, score: 190, gradeRank: 1, beat: expect.closeTo(5 / 6, 6) }),
    ]);
  });

  it("'band' shows the grade-rank band instead, 'beat' and a missing setting only the share beaten", async () => {
    const band = await reportWith('band', '111');
    expect(band.total).toMatchObject({
      classRank: null,
      gradeRank: null,
      rankBand: '10%–30%',
      beat: expect.closeTo(5 / 6, 6),
    });
    for (const disclosure of ['beat', undefined]) {
      const beat = await reportWith(disclosure, '111');
      expect(beat.disclosure).toBe('beat');
      expect(beat.total).toMatchObject({
        score: 190,
        classRank: null,
        gradeRank: null,
        rankBand: null,
        beat: expect.closeTo(5 / 6, 6),
      });
    }
  });

  it('the exam’s hidden options apply on top', async () => {
    const noRanks = await reportWith('rank', '011');
    expect(noRanks.total).toMatchObject({ score: 190, classRank: null, gradeRank: null, rankBand: null, beat: null });
    expect(noRanks.trend[0]).toMatchObject({ score: 190, gradeRank: null, beat: null });
    const noScores = await reportWith('rank', '101');
    expect(noScores.total).toMatchObject({ score: null, t: null, gradeRank: 1, classMean: 160 });
    expect(noScores.trend[0]).toMatchObject({ score: null, t: null });
    const noStats = await reportWith('rank', '110');
    expect(noStats.total).toMatchObject({ score: 190, classMean: null, gradeMean: null, gradeMax: null, gradeRank: 1 });
  });

  it('rank bands: ties share the better band, the last band catches the rest', () => {
    expect(rankBandOf(1, 10)).toBe('前10%');
    expect(rankBandOf(2, 10)).toBe('10%–30%');
    expect(rankBandOf(7, 10)).toBe('50%–70%');
    expect(rankBandOf(10, 10)).toBe('70%–100%');
    expect(rankBandOf(null, 10)).toBeNull();
  });
});

describe('getStudentReportSEVO and the step segments', () => {
  it('shows each question against the class and the grade, lost points and practice', async () => {
    await s.setExam({ settings: { ...settings, studentDisclosure: 'rank' }, hiddenStudentOrder: '111' });
    const s3 = s.students[2]!;
    const session = await login(s.t.app, s3.user.loginName, s3.user.password);
    const seId = String(s.mathSubject.single.id);
    const report = expectOk(
      await s.as<StudentSubjectReport>(session, api.getStudentReportSEVO, { schoolId: s.sid, seId }),
    );
    // s3 数学: chose A (0 of 20), 40 of 40, 20 of 40 = 60, grade rank 4 of 5.
    expect(report.position).toMatchObject({ score: 60, gradeRank: 4, classRank: 3, gradeMean: 70, classMean: 80 });
    expect(report.questions.map((q) => [q.questionNo, q.score, q.gradeMean])).toEqual([
      ['1', 0, 12],
      ['2', 40, 28],
      ['3', 20, 30],
    ]);
    expect(report.lostByKnowledge).toEqual([
      { name: '一次函数', fullMark: 60, lost: 40 },
      { name: '勾股定理', fullMark: 40, lost: 20 },
    ]);
    expect(report.practice.map((q) => q.stem)).toEqual([
      '一次函数与勾股定理',
      '勾股定理题',
      '一次函数题4',
      '一次函数题3',
      '一次函数题2',
    ]);

    const step = expectOk(
      await s.as<{ segments: { low: number; count: number; mine: boolean }[] }>(
        session,
        api.getExamQuestionReportStepSEVO,
        { schoolId: s.sid, seId, step: 20 },
      ),
    );
    expect(step.segments.map((x) => [x.low, x.count, x.mine])).toEqual([
      [80, 3, false],
      [60, 1, true],
      [40, 0, false],
      [20, 1, false],
      [0, 0, false],
    ]);
    expectFailure(
      await s.as(session, api.getExamQuestionReportStepSEVO, { schoolId: s.sid, seId, step: 60 }),
      400,
      '单科的分段步长应在10到50之间',
    );

    await s.setExam({ hiddenStudentOrder: '100' });
    const hidden = expectOk(
      await s.as<StudentSubjectReport>(session, api.getStudentReportSEVO, { schoolId: s.sid, seId }),
    );
    expect(hidden.questions[0]).toMatchObject({ score: null, classMean: null, gradeMean: null });
    expect(hidden.lostByKnowledge).toEqual([]);
    expectFailure(
      await s.as(session, api.getExamQuestionReportStepSEVO, { schoolId: s.sid, seId, step: 20 }),
      422,
      '本次考试不公开班级和年级统计',
    );
  });
});
