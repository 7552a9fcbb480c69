import {
  type AttentionReport,
  analysisApi as api,
  type ItemsReport,
  type LevelsReport,
  type LinesReport,
  type MisRecommend,
  type OverviewReport,
  type ReportExam,
  type ReportStatus,
  type StudentRow,
  type SubjectsReport,
  type TrendReport,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRuns } from '../../../db/schema.ts';
import { type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';
import { makeExam } from '../../../test/scores-fixture.ts';
import { reportBody } from './repo.ts';

// Every teacher report call on the small exam (analysis-fixture.ts), read by the administrator:
// what each answers is the stored document (figures worked by hand in the compute tests), with a few
// figures checked by hand here too; the step validation; and the answers before a report exists.

let s: ReportCalls;
const stored = (kind: string, subjectKey: string, scopeKey: string) =>
  reportBody(s.db, { runKey: `me:${s.meId}`, kind, subjectKey, scopeKey });

beforeAll(async () => {
  s = await setUpReportCalls();
}, 120_000);
afterAll(async () => s?.t.close());

describe('exam pickers', () => {
  it('lists the finalised exams with subjects, classes, scope and the computed report', async () => {
    const exams = expectOk(await s.call<ReportExam[]>(api.getUserMultiExamByTeacherIdAndSchoolId, { schoolId: s.sid }));
    expect(exams).toHaveLength(1);
    const [exam] = exams;
    expect(exam).toMatchObject({ meId: s.meId, status: 4, gradeName: '八年级', unionKey: null });
    expect(exam!.subjects.map((x) => [x.subjectKey, x.fullMark])).toEqual([
      ['0', 200],
      ['1', 100],
      ['2', 100],
    ]);
    expect(exam!.classes.map((c) => c.classId)).toEqual([s.c1, s.c2]);
    expect(exam!.scope).toMatchObject({ wholeGrade: true, classIds: [s.c1, s.c2] });
    expect(exam!.report).toMatchObject({ status: 3, progress: 100, stale: false });

    const byYear = expectOk(
      await s.call<ReportExam[]>(api.findMultiExamBySchoolIdYear, { schoolId: s.sid, schoolYearId: String(s.year.id) }),
    );
    expect(byYear.map((e) => e.meId)).toEqual([s.meId]);
    const otherGrade = expectOk(
      await s.call<ReportExam[]>(api.findMultiExamBySchoolIdYear, {
        schoolId: s.sid,
        schoolYearId: String(s.year.id),
        gradeId: '7',
      }),
    );
    expect(otherGrade).toEqual([]);
  });

  it("findMyMultiExam lists a teacher's exams with their own classes and courses", async () => {
    const [exam] = expectOk(await s.as<ReportExam[]>(s.people.teacherA, api.findMyMultiExam, { schoolId: s.sid }));
    expect(exam!.scope).toEqual({
      wholeGrade: false,
      classIds: [s.c1],
      subjectsByClass: { [s.c1]: [s.MATH_KEY] },
      headClassIds: [],
    });
    const [headed] = expectOk(await s.as<ReportExam[]>(s.people.head2, api.findMyMultiExam, { schoolId: s.sid }));
    expect(headed!.scope.headClassIds).toEqual([s.c2]);
    expect(headed!.scope.subjectsByClass[s.c2]!.sort()).toEqual(['0', '1', '2']);
    // A leader with no class of their own has no exam in the class views.
    expect(expectOk(await s.as(s.people.gradeHead, api.findMyMultiExam, { schoolId: s.sid }))).toEqual([]);
  });

  it('answers the report status and queues a recomputation', async () => {
    const status = expectOk(await s.call<ReportStatus>(api.getReportStatus, { schoolId: s.sid, meId: s.meId }));
    expect(status).toMatchObject({ runKey: `me:${s.meId}`, status: 3 });
    const queued = expectOk(await s.call<ReportStatus>(api.recomputeReports, { schoolId: s.sid, meId: s.meId }));
    expect(queued.status).toBe(1);
    await s.analysis.runs.runPending();
    expect(expectOk(await s.call<ReportStatus>(api.getReportStatus, { schoolId: s.sid, meId: s.meId })).status).toBe(3);
  });
});

describe('report finders', () => {
  it('findOverviewReport answers the stored grade and class documents', async () => {
    const grade = expectOk(
      await s.call<OverviewReport>(api.findOverviewReport, { schoolId: s.sid, meId: s.meId, subjectKey: '0' }),
    );
    expect(grade).toEqual(await stored('overview', '0', 'grade'));
    expect(grade.summary!.mean).toBeCloseTo(710 / 6, 6);
    expect(grade.units.map((u) => [u.scope.id, u.summary!.mean, u.rank])).toEqual([
      [s.c1, 160, 1],
      [s.c2, expect.closeTo(230 / 3, 6), 2],
    ]);
    const klass = expectOk(
      await s.call<OverviewReport>(api.findOverviewReport, {
        schoolId: s.sid,
        meId: s.meId,
        subjectKey: s.MATH_KEY,
        classId: s.c1,
      }),
    );
    expect(klass).toEqual(await stored('overview', s.MATH_KEY, `class:${s.c1}`));
    expect(klass.summary!.mean).toBe(80);
  });

  it('the step calls answer only the requested step, and check it (total 50–100, course 10–50)', async () => {
    const total = expectOk(
      await s.call<OverviewReport>(api.getClassReportStepMEVO, { schoolId: s.sid, meId: s.meId, step: 50 }),
    );
    const full = (await stored('overview', '0', 'grade')) as OverviewReport;
    expect(total.segments).toEqual({ '50': full.segments['50'] });
    expect(total.segments['50']!.map((x) => x.count)).toEqual([2, 2, 1, 1]);
    const math = expectOk(
      await s.call<OverviewReport>(api.getClassReportStepSEVO, {
        schoolId: s.sid,
        seId: String(s.mathSubject.single.id),
        classId: s.c1,
        step: 20,
      }),
    );
    expect(Object.keys(math.segments)).toEqual(['20']);
    expect(math.scope.id).toBe(s.c1);

    expectFailure(
      await s.call(api.getClassReportStepMEVO, { schoolId: s.sid, meId: s.meId, step: 40 }),
      400,
      '总分的分段步长应在50到100之间',
    );
    expectFailure(
      await s.call(api.getClassReportStepSEVO, { schoolId: s.sid, seId: String(s.mathSubject.single.id), step: 60 }),
      400,
      '单科的分段步长应在10到50之间',
    );
    expectFailure(
      await s.call(api.getClassReportStepSEVO, { schoolId: s.sid, seId: String(s.mathSubject.single.id), step: 15 }),
      400,
      '分段步长必须是10的倍数',
    );
  });

  it('findItemsReport, findLinesReport, findSubjectsReport, findAttentionReport, findLevelsReport answer the stored documents', async () => {
    const items = expectOk(
      await s.call<{ grade: ItemsReport; unit: ItemsReport | null }>(api.findItemsReport, {
        schoolId: s.sid,
        meId: s.meId,
        subjectKey: s.MATH_KEY,
        classId: s.c1,
      }),
    );
    expect(items.grade).toEqual(await stored('items', s.MATH_KEY, 'grade'));
    expect(items.unit).toEqual(await stored('items', s.MATH_KEY, `class:${s.c1}`));
    expect(items.unit!.items.map((i) => i.mean)).toEqual([expect.closeTo(40 / 3, 6), expect.closeTo(110 / 3, 6), 30]);
    expectFailure(
      await s.call(api.findItemsReport, { schoolId: s.sid, meId: s.meId, subjectKey: '0' }),
      400,
      '试题分析请选择一个科目',
    );

    const base = { schoolId: s.sid, meId: s.meId };
    expect(expectOk(await s.call<LinesReport>(api.findLinesReport, base))).toEqual(await stored('lines', '0', 'grade'));
    expect(expectOk(await s.call<SubjectsReport>(api.findSubjectsReport, base))).toEqual(
      await stored('subjects', '0', 'grade'),
    );
    expect(expectOk(await s.call<AttentionReport>(api.findAttentionReport, { ...base, subjectKey: '0' }))).toEqual(
      await stored('attention', '0', 'grade'),
    );
    expect(expectOk(await s.call<LevelsReport>(api.findLevelsReport, { ...base, subjectKey: '0' }))).toEqual(
      await stored('levels', '0', 'grade'),
    );
    // Asked for one class, the attention lists keep only its students.
    const one = expectOk(
      await s.call<AttentionReport>(api.findAttentionReport, { ...base, subjectKey: '0', classId: s.c2 }),
    );
    for (const line of one.lines) expect(line.students.every((x) => x.classId === s.c2)).toBe(true);
    const levels = expectOk(
      await s.call<LevelsReport>(api.findLevelsReport, { ...base, subjectKey: '0', classId: s.c2 }),
    );
    expect(levels.units.map((u) => u.scope.id)).toEqual([s.c2]);
  });

  it('getMultiExamStudentScorePage sorts, filters and pages in SQL', async () => {
    type Page = { list: StudentRow[]; total: number; subjects: { subjectKey: string }[]; ranksHidden: boolean };
    const page = expectOk(await s.call<Page>(api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId }));
    expect(page.total).toBe(6);
    expect(page.ranksHidden).toBe(false);
    expect(page.subjects.map((x) => x.subjectKey)).toEqual(['0', '1', '2']);
    expect(page.list.map((r) => [r.name, r.subjects['0']!.score, r.subjects['0']!.gradeRank])).toEqual([
      ['学生1-1', 190, 1],
      ['学生1-3', 160, 2],
      ['学生1-2', 130, 3],
      ['学生2-1', 130, 3],
      ['学生2-2', 70, 5],
      ['学生2-3', 30, 6],
    ]);
    const math = expectOk(
      await s.call<Page>(api.getMultiExamStudentScorePage, {
        schoolId: s.sid,
        meId: s.meId,
        sortSubject: s.MATH_KEY,
        order: 'asc',
        pageSize: 4,
        currentPage: 2,
      }),
    );
    // 数学 ascending: 30, 60, 80, 80, 100, then the absentee (s5) last.
    expect(math.list.map((r) => [r.name, r.subjects[s.MATH_KEY]!.score])).toEqual([
      ['学生1-1', 100],
      ['学生2-2', null],
    ]);
    const found = expectOk(
      await s.call<Page>(api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId, keyword: '2-3' }),
    );
    expect(found.list.map((r) => r.name)).toEqual(['学生2-3']);
    const classTwo = expectOk(
      await s.call<Page>(api.getMultiExamStudentScorePage, { schoolId: s.sid, meId: s.meId, classId: s.c2 }),
    );
    expect(classTwo.list.map((r) => r.classId)).toEqual([s.c2, s.c2, s.c2]);
  });

  it('findTrendReport composes class points and a student over the grade exams', async () => {
    const trend = expectOk(
      await s.call<TrendReport>(api.findTrendReport, {
        schoolId: s.sid,
        meId: s.meId,
        subjectKey: '0',
        classId: s.c1,
        studentId: String(s.students[0]!.id),
      }),
    );
    expect(trend.exams.map((e) => e.meId)).toEqual([s.meId]);
    const grade = (await stored('overview', '0', 'grade')) as OverviewReport;
    const unit = grade.units.find((u) => u.scope.id === s.c1)!;
    expect(trend.units).toEqual([
      {
        scope: { kind: 'class', id: s.c1, name: unit.scope.name },
        points: [{ meId: s.meId, mean: 160, overMeanRate: unit.overMeanRate, tScore: unit.tScore, rank: 1 }],
      },
    ]);
    expect(trend.student!.points).toEqual([
      expect.objectContaining({ meId: s.meId, score: 190, classRank: 1, gradeRank: 1 }),
    ]);
    const teacher = expectOk(
      await s.as<TrendReport>(s.people.teacherA, api.findTeacherReport, {
        schoolId: s.sid,
        meId: s.meId,
        subjectKey: s.MATH_KEY,
      }),
    );
    expect(teacher.units.map((u) => u.scope.id)).toEqual([s.c1]);
    expect(teacher.units[0]!.points[0]!.mean).toBe(80);
  });

  it('findMisRecommend lists the most-lost questions with practice questions by knowledge point', async () => {
    const seId = String(s.mathSubject.single.id);
    const mis = expectOk(await s.call<MisRecommend>(api.findMisRecommend, { schoolId: s.sid, seId, classId: s.c1 }));
    // Class (1) 数学: Q1 13.33/20 (lost 1/3), Q3 30/40 (1/4), Q2 36.67/40 (1/12).
    expect(mis.items.map((i) => i.questionNo)).toEqual(['1', '3', '2']);
    expect(mis.items[0]!.lostRate).toBeCloseTo(1 / 3, 6);
    expect(mis.items[0]!.gradeMean).toBe(12);
    expect(mis.items.map((i) => i.similar.map((q) => q.stem))).toEqual([
      ['一次函数与勾股定理', '一次函数题4', '一次函数题3'],
      ['勾股定理题', '一次函数题2', '一次函数题1'],
      [],
    ]);
    // One student: s3 chose A (0 of 20) and scored 20 of 40 on Q3; Q2 full marks is not listed.
    const one = expectOk(
      await s.call<MisRecommend>(api.findMisRecommend, {
        schoolId: s.sid,
        seId,
        classId: s.c1,
        studentId: String(s.students[2]!.id),
      }),
    );
    expect(one.items.map((i) => [i.questionNo, i.mean, i.lostRate])).toEqual([
      ['1', 0, 1],
      ['3', 20, 0.5],
    ]);
  });
});

describe('before a report exists', () => {
  it('says why in Chinese: not finalised, not computed, computing', async () => {
    const students = s.students.map((st) => ({ id: st.id, classId: st.classId }));
    const base = { schoolId: s.school.id, schoolYearId: s.year.id, termId: s.term.id, students };
    const open = await makeExam(s.db, { ...base, name: '进行中的考试', status: 2 });
    expectFailure(
      await s.call(api.findOverviewReport, { schoolId: s.sid, meId: String(open.multi.id), subjectKey: '0' }),
      422,
      '该考试尚未完成成绩汇总，暂无分析报告',
    );
    const done = await makeExam(s.db, { ...base, name: '刚完成的考试', status: 3 });
    const meId = String(done.multi.id);
    expectFailure(
      await s.call(api.findOverviewReport, { schoolId: s.sid, meId, subjectKey: '0' }),
      422,
      '该考试的分析报告尚未生成，请联系教务管理员计算报告',
    );
    await s.db.insert(analysisRuns).values({ runKey: `me:${meId}`, schoolId: s.school.id, status: 2, progress: 40 });
    expectFailure(
      await s.call(api.getMultiExamStudentScorePage, { schoolId: s.sid, meId }),
      409,
      '报告正在计算中（进度 40%），请稍候',
    );
    await s.db
      .update(analysisRuns)
      .set({ status: 4, error: '某科目没有成绩' })
      .where(eq(analysisRuns.runKey, `me:${meId}`));
    expectFailure(
      await s.call(api.findLinesReport, { schoolId: s.sid, meId }),
      422,
      '分析报告计算失败：某科目没有成绩。请联系教务管理员重新计算',
    );
    await s.db.delete(analysisRuns).where(eq(analysisRuns.runKey, `me:${meId}`));
  });
});
