import { readFile } from 'node:fs/promises';
import {
  type AreaReportExam,
  type AttentionReport,
  analysisApi,
  type ItemsReport,
  type OverviewReport,
  type StoredUser,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';
import { pickOption } from '../support/select';
import { cellOf, eventually, percent, readTable, shown } from './report-reading.ts';

// Issue #5's school-area views as manager01 (type 4, related to the four schools of the demo area)
// uses them on the demo 联考 (八年级期中考试 sat by four schools): the schools compared show the
// API's figures after rounding, one row per school, and export to a real .xlsx; every class of
// every school is ranked; the question analysis puts each school beside the 联考; the critical
// students filter by school. A teacher may not read the area's reports.

const BASE = '/school/school-analysis-main';

let context: BrowserContext;
let page: Page;
let manager: StoredUser;
let union: AreaReportExam;
let schools: OverviewReport;

/** The 联考 of the demo area once its reports are computed (the server computes them in the background). */
function computedUnion(): Promise<{ union: AreaReportExam; schools: OverviewReport }> {
  return eventually('the demo 联考 of four schools with computed reports', 120, async () => {
    const exams = await ok<AreaReportExam[]>(analysisApi.findSchoolReportMe, {}, manager);
    const found = exams.find((exam) => exam.unionKey !== null && exam.schools.length === 4);
    if (!found) return null;
    const answer = await callApi(
      analysisApi.findUnionReport,
      { meId: found.meId, subjectKey: TOTAL_SUBJECT, unitLevel: 'school' },
      manager,
    );
    return answer.http === 200 && answer.status === 200
      ? { union: found, schools: answer.data as OverviewReport }
      : null;
  });
}

beforeAll(async () => {
  manager = await loginAs('manager01');
  ({ union, schools } = await computedUnion());
}, 150_000);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'manager01', DEMO_PASSWORD);
  await page.waitForURL('**/school/**');
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

/** The units in the order the page lists them: the server's rank among siblings. */
const byRank = (units: OverviewReport['units']) =>
  [...units].sort((a, b) => (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY));

describe('school-area views', () => {
  it('school-grade-school compares the four schools with the API’s figures, and the table exports to .xlsx', {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${BASE}/school-grade-school?meId=${union.meId}`);
    await page.getByRole('heading', { name: '年级学校对比' }).waitFor();

    const expected = byRank(schools.units);
    expect(expected).toHaveLength(4);
    const table = await readTable(page.getByTestId('report-table-总分学校对比'));
    expect(table.rows).toHaveLength(4);
    expected.forEach((unit, i) => {
      expect(cellOf(table, i, '学校')).toBe(unit.scope.name);
      expect(cellOf(table, i, '平均分')).toBe(shown(unit.summary?.mean));
      expect(cellOf(table, i, '及格率')).toBe(percent(unit.summary?.passRate));
      expect(cellOf(table, i, '超均率')).toBe(percent(unit.overMeanRate));
      expect(cellOf(table, i, '学校T')).toBe(shown(unit.tScore));
      expect(cellOf(table, i, '名次')).toBe(String(unit.rank));
    });
    await page.getByTestId('chart-学校平均分图').locator('svg').waitFor();

    // 导出Excel: a real workbook with the table's header and the rounded means as numbers.
    const card = page.locator('.ant-card').filter({ has: page.getByTestId('report-table-总分学校对比') });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      card.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^年级学校对比_.*学校对比\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Row 1 is the printed title (#22); the table's header is row 2.
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['名次', '学校']);
    const meanColumn = header.indexOf('平均分') + 1;
    expect(meanColumn).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(6);
    expected.forEach((unit, i) => {
      expect(sheet.getRow(i + 3).getCell(2).value).toBe(unit.scope.name);
      expect(sheet.getRow(i + 3).getCell(meanColumn).value).toBe(roundHalfUp(unit.summary?.mean ?? 0, 2));
    });
  });

  it('school-grade-class ranks every class of every school, and school-course-question puts each school beside the 联考', {
    timeout: 120_000,
  }, async () => {
    const classes = await ok<OverviewReport>(
      analysisApi.findUnionReport,
      { meId: union.meId, subjectKey: TOTAL_SUBJECT, unitLevel: 'class' },
      manager,
    );
    await page.goto(`${BASE}/school-grade-class?meId=${union.meId}`);
    const classTable = page.getByTestId('report-table-总分班级对比');
    const first = await readTable(classTable);
    const ranked = byRank(classes.units);
    expect(cellOf(first, 0, '学校')).toBe(ranked[0]?.schoolName);
    expect(cellOf(first, 0, '班级')).toBe(ranked[0]?.scope.name);
    expect(cellOf(first, 0, '平均分')).toBe(shown(ranked[0]?.summary?.mean));
    // Every class of the four schools is listed (paged on screen).
    const total = classes.units.length;
    expect(new Set(classes.units.map((unit) => unit.schoolName)).size).toBe(4);
    await page
      .locator('.ant-card')
      .filter({ has: classTable })
      .getByText(total > 50 ? `共 ${total} 条` : (ranked[total - 1]?.scope.name ?? ''))
      .first()
      .waitFor();

    const course = union.subjects.find((subject) => subject.subjectKey !== TOTAL_SUBJECT)!;
    const questions = await ok<{ union: ItemsReport; schools: ItemsReport[] }>(
      analysisApi.findSchoolReportQuestion,
      { meId: union.meId, subjectKey: course.subjectKey },
      manager,
    );
    await page.goto(`${BASE}/school-course-question?meId=${union.meId}&subject=${course.subjectKey}`);
    const itemTable = await readTable(page.getByTestId(`report-table-${course.name}小题分析`));
    expect(itemTable.rows.map((row) => row[0])).toEqual(questions.union.items.map((item) => item.questionNo));
    const school = questions.schools[0]!;
    const column = `${school.scope.name}难度(得分率)`;
    expect(itemTable.header).toContain(column);
    const firstItem = school.items.find((item) => item.questionNo === questions.union.items[0]?.questionNo);
    expect(cellOf(itemTable, 0, column)).toBe(percent(firstItem?.difficulty));
    await page.getByTestId('chart-各校小题得分率图').locator('svg').waitFor();
  });

  it('critical students filter by school, and a teacher may not read the area’s reports', {
    timeout: 120_000,
  }, async () => {
    const chosen = union.schools.find((school) => school.name !== union.schools[0]?.name) ?? union.schools[0]!;
    const attention = await ok<AttentionReport>(
      analysisApi.findUnionAttentionReport,
      { meId: union.meId, subjectKey: TOTAL_SUBJECT, schoolId: chosen.schoolId },
      manager,
    );
    await page.goto(`${BASE}/school-grade-student-attention?meId=${union.meId}`);
    await page.getByTestId('report-table-总分临界生（全部学校）').waitFor();
    await pickOption(page, page.getByLabel('学校', { exact: true }), chosen.name);
    const title = `总分临界生（${chosen.name}）`;
    const critical = attention.lines.flatMap((line) => line.students);
    if (critical.length > 0) {
      const table = await readTable(page.getByTestId(`report-table-${title}`));
      expect(new Set(table.rows.map((row) => row[0]))).toEqual(new Set([chosen.name]));
    } else {
      await page.getByTestId(`report-table-${title}`).getByText('暂无数据').waitFor();
    }

    const teacher = await loginAs('teacher01');
    const refused = await callApi(
      analysisApi.findUnionReport,
      { meId: union.meId, subjectKey: TOTAL_SUBJECT, unitLevel: 'school' },
      teacher,
    );
    expect(refused.http).toBe(403);
  });
});
