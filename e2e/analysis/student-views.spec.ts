import {
  type AreaReportExam,
  analysisApi,
  examsApi,
  type MultiExam,
  type ReportStatus,
  type StoredUser,
  type StudentExam,
  type StudentReport,
  type StudentSubjectReport,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createFinalisedExam, loginAs, ok } from '../support/exams-api.ts';
import { cellOf, eventually, percent, readTable, shown } from './report-reading.ts';

// Issue #5's student views as student01 (八年级(1)班 of the demo school) uses them: from 我的考试 to
// 学科分析, which shows their own score, position as far as the exam discloses it, and the T radar
// with the API's figures after rounding; 单科分析 shows each question against the class. Nobody
// else's report: the pages offer no class or student picker, and the server refuses student01 an
// exam they did not sit, another school's exam, and the managers' calls.

const ANALYSIS = '/student/student-analysis-main';

let context: BrowserContext;
let page: Page;
let student: StoredUser;
let exam: StudentExam;
let report: StudentReport;

/** student01's newest published exam, once its report is computed (the server computes it in the background). */
async function computedReport(): Promise<{ exam: StudentExam; report: StudentReport }> {
  const exams = await ok<StudentExam[]>(
    examsApi.getUserMultiExamByStudentIdAndSchoolId,
    { schoolId: student.schoolId },
    student,
  );
  const newest = [...exams].sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  if (!newest) throw new Error('student01 has no published exam');
  return eventually(`student01's report of ${newest.name}`, 90, async () => {
    const answer = await callApi(
      analysisApi.getStudentReportMEVO,
      { schoolId: student.schoolId, meId: newest.meId },
      student,
    );
    return answer.http === 200 && answer.status === 200 ? { exam: newest, report: answer.data as StudentReport } : null;
  });
}

beforeAll(async () => {
  student = await loginAs('student01');
  ({ exam, report } = await computedReport());
}, 120_000);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'student01', DEMO_PASSWORD);
  await page.waitForURL('**/student/**');
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

/** The names of the page's drop-down pickers, in page order. */
const pickers = async (p: Page) =>
  await p.getByRole('combobox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));

describe('student views', () => {
  it('student01 opens 学科分析 from 我的考试 and sees their own figures, position as disclosed, and the T radar', {
    timeout: 120_000,
  }, async () => {
    await page.goto('/student/student-exam-main/student-exam-list');
    await page.getByTestId(`student-exam-${exam.name}`).getByRole('link', { name: '成绩分析' }).click();
    await page.waitForURL(`**${ANALYSIS}/student-subject-analysis?**`);
    expect(new URL(page.url()).searchParams.get('meId')).toBe(exam.meId);
    await page.getByRole('heading', { name: '学科分析' }).waitFor();

    // Who and the total, as the API gives them.
    const overview = page.locator('.ant-card').filter({ hasText: `${report.examName} · 总分` });
    await overview.getByText(report.student.name, { exact: true }).waitFor();
    const total = report.total!;
    expect(await overview.locator('.ant-statistic').first().textContent()).toBe(
      `总分${shown(total.score)}/ ${shown(total.fullMark)}`,
    );

    // Position only as the exam discloses it: what the server sent, nothing derived.
    const text = (await overview.textContent()) ?? '';
    if (total.classRank !== null) expect(text).toContain(`班级名次第 ${total.classRank} 名`);
    if (total.gradeRank !== null) expect(text).toContain(`年级名次第 ${total.gradeRank} 名`);
    if (total.rankBand !== null) expect(text).toContain(total.rankBand);
    if (total.beat !== null) expect(text).toContain(`超过了 ${percent(total.beat)} 的同学`);
    if ([total.classRank, total.gradeRank, total.rankBand, total.beat].every((v) => v === null)) {
      expect(text).toContain('本次考试不向学生公开名次和位置');
    }

    // Every course with the API's score and T; no rank column when the server sent no rank.
    const subjects = await readTable(page.getByTestId('report-table-各科成绩'));
    expect(subjects.rows.map((row) => row[0])).toEqual(['总分', ...report.subjects.map((s) => s.subject.name)]);
    report.subjects.forEach((subject, i) => {
      expect(cellOf(subjects, i + 1, '成绩')).toBe(subject.score === null ? '缺考' : shown(subject.score));
      expect(cellOf(subjects, i + 1, 'T分数')).toBe(shown(subject.t));
    });
    const anyGradeRank = [total, ...report.subjects].some((s) => s.gradeRank !== null);
    expect(subjects.header.includes('年级名次')).toBe(anyGradeRank);

    // The radar draws the courses' T scores (ECharts SVG: each course is an axis name).
    const radar = page.getByTestId('chart-各科T分数雷达图');
    await radar.locator('svg').waitFor();
    for (const subject of report.subjects.filter((s) => s.t !== null)) {
      await radar.locator('text', { hasText: subject.subject.name }).first().waitFor();
    }

    // The trend lists the student's exams.
    const trend = await readTable(page.getByTestId('report-table-成绩趋势'));
    expect(trend.rows.map((row) => row[0])).toEqual(report.trend.map((point) => point.name));

    // Only an exam picker: no class or student to choose.
    expect(await pickers(page)).toEqual(['考试']);
  });

  it('单科分析 shows each question against the class mean', { timeout: 120_000 }, async () => {
    const course = report.subjects.find((s) => s.score !== null && s.subject.seId !== null)!;
    const single = await ok<StudentSubjectReport>(
      analysisApi.getStudentReportSEVO,
      { schoolId: student.schoolId, seId: course.subject.seId },
      student,
    );
    await page.goto(`${ANALYSIS}/student-subject-analysis?meId=${exam.meId}`);
    await page
      .getByTestId('report-table-各科成绩')
      .getByRole('link', { name: course.subject.name, exact: true })
      .click();
    await page.waitForURL(`**${ANALYSIS}/student-single-analysis?**`);
    expect(new URL(page.url()).searchParams.get('seId')).toBe(course.subject.seId);

    const questions = await readTable(page.getByTestId('report-table-逐题得分'));
    expect(questions.rows).toHaveLength(single.questions.length);
    single.questions.forEach((question, i) => {
      expect(cellOf(questions, i, '题号')).toBe(question.questionNo);
      expect(cellOf(questions, i, '我的得分')).toBe(shown(question.score));
      expect(cellOf(questions, i, '班级平均')).toBe(shown(question.classMean));
    });
    await page.getByTestId('chart-逐题得分对比图').locator('svg').waitFor();
    expect(await pickers(page)).toEqual(['考试', '科目']);
  });

  it('nobody else’s report: an exam student01 did not sit, another school, the managers’ calls', {
    timeout: 150_000,
  }, async () => {
    // A published 九年级 exam: student01 (八年级) did not sit it.
    const admin = await loginAs('admin01');
    const { exam: other } = await createFinalisedExam(admin, `E2E学生报告范围${Date.now().toString(36)}`, '九年级');
    await ok<MultiExam>(
      examsApi.publishMultiExam,
      { schoolId: admin.schoolId, meId: other.meId, toStudents: true },
      admin,
    );
    await eventually('the new exam’s reports', 90, async () => {
      const status = await ok<ReportStatus>(
        analysisApi.getReportStatus,
        { schoolId: admin.schoolId, meId: other.meId },
        admin,
      );
      return status.status === 3 && status.computedAt !== null ? status : null;
    });
    const notMine = await callApi(
      analysisApi.getStudentReportMEVO,
      { schoolId: student.schoolId, meId: other.meId },
      student,
    );
    expect(notMine.http).toBe(403);
    expect(notMine.message).toBe('你没有参加该考试');
    const seId = other.singleExams[0]!.seId;
    const notMineSingle = await callApi(
      analysisApi.getStudentReportSEVO,
      { schoolId: student.schoolId, seId },
      student,
    );
    expect(notMineSingle.http).toBe(403);

    // Another school of the 联考: not student01's school.
    const manager = await loginAs('manager01');
    const areaExams = await ok<AreaReportExam[]>(analysisApi.findSchoolReportMe, {}, manager);
    const otherSchool = areaExams.flatMap((e) => e.schools).find((school) => school.schoolId !== student.schoolId);
    if (!otherSchool) throw new Error('manager01 relates to no other school');
    const otherSchoolCall = await callApi(
      analysisApi.getStudentReportMEVO,
      { schoolId: otherSchool.schoolId, meId: exam.meId },
      student,
    );
    expect(otherSchoolCall.http).toBe(403);

    // The teachers' and managers' report calls.
    const union = areaExams.find((e) => e.unionKey !== null) ?? areaExams[0]!;
    const managerCall = await callApi(
      analysisApi.findUnionReport,
      { meId: union.meId, subjectKey: '0', unitLevel: 'school' },
      student,
    );
    expect(managerCall.http).toBe(403);
    const teacherCall = await callApi(
      analysisApi.getMultiExamStudentScorePage,
      { schoolId: student.schoolId, meId: exam.meId, currentPage: 1, pageSize: 20 },
      student,
    );
    expect(teacherCall.http).toBe(403);

    // The page does not open the exam student01 did not sit: it shows their own newest exam instead.
    await page.goto(`${ANALYSIS}/student-subject-analysis?meId=${other.meId}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('meId'), { timeout: 15_000 }).toBe(exam.meId);
    await page.getByTestId('report-table-各科成绩').waitFor();
  });
});
