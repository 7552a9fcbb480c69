import { readFile } from 'node:fs/promises';
import {
  analysisApi,
  type OverviewReport,
  type ReportExam,
  type StoredUser,
  type StudentRow,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';
import { pickOption } from '../support/select';

// Issue #5's grade views as admin01 (type 5) uses them on the demo school's 八年级 exams: the figures
// on the page are the API's after rounding, the subject and step pickers change the report and stay
// in the address, a table exports to a real .xlsx, and the report file downloads as .xlsx and .docx.

const BASE = '/teacher/teacher-analysis-main';

let context: BrowserContext;
let page: Page;
let admin: StoredUser;
let exam: ReportExam;

/** The newest 八年级 exam whose reports are computed (the server computes them in the background). */
async function computedExam(): Promise<ReportExam> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const exams = await ok<ReportExam[]>(
      analysisApi.getUserMultiExamByTeacherIdAndSchoolId,
      { schoolId: admin.schoolId },
      admin,
    );
    // The demo's newest 八年级 exam by name: other flows create exams of their own in the same server.
    const ready = exams.filter(
      (e) => e.name === '八年级第二次月考' && e.report.computedAt !== null && e.report.status === 3,
    );
    if (ready[0]) return ready[0];
    if (Date.now() > deadline)
      throw new Error('no 八年级 exam had its reports computed within 90 s (is the report worker running?)');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

beforeAll(async () => {
  admin = await loginAs('admin01');
  exam = await computedExam();
}, 120_000);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
  await page.waitForURL('**/teacher/**');
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const card = (p: Page, title: string) =>
  p.locator('.ant-card').filter({ has: p.locator('.ant-card-head-title', { hasText: title }) });

/** The header texts and body rows of the table inside a card (flat headers). */
async function readTable(where: Locator): Promise<{ header: string[]; rows: string[][] }> {
  const table = where.locator('.ant-table').first();
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const header = await table.locator('.ant-table-thead th').allTextContents();
  const rows = await table
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
  return { header, rows };
}

const cellOf = (table: { header: string[]; rows: string[][] }, row: number, column: string) =>
  table.rows[row]?.[table.header.indexOf(column)];

const shown = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(roundHalfUp(value, 2));
const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${roundHalfUp(value * 100, 2).toFixed(2)}%`;

/** Clicks a button that downloads a file and returns its name and bytes. */
async function download(p: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([p.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('grade views', () => {
  it('grade-whole-analysis shows the API figures, follows the subject and step pickers, and exports', {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${BASE}/grade-whole-analysis?meId=${exam.meId}`);
    await page.getByRole('heading', { name: '年级整体分析' }).waitFor();

    // The total, segments of 50 by default.
    const total = await ok<OverviewReport>(
      analysisApi.getClassReportStepMEVO,
      { schoolId: admin.schoolId, meId: exam.meId, step: 50 },
      admin,
    );
    const overall = await readTable(card(page, '总体情况'));
    expect(cellOf(overall, 0, '平均分')).toBe(shown(total.summary?.mean));
    expect(cellOf(overall, 0, '标准差')).toBe(shown(total.summary?.sd));
    expect(cellOf(overall, 0, '及格率')).toBe(percent(total.summary?.passRate));
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('50');
    expect(new URL(page.url()).searchParams.get('subject')).toBe(TOTAL_SUBJECT);

    // A course, then a segment width of 20.
    const course = exam.subjects.find((s) => s.subjectKey !== TOTAL_SUBJECT && s.seId !== null);
    if (!course?.seId) throw new Error('the demo exam has no course');
    await pickOption(page, page.getByLabel('科目'), course.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('subject')).toBe(course.subjectKey);
    const step = page.getByLabel('分段步长');
    await expect.poll(() => step.inputValue()).toBe('10');
    await step.fill('20');
    await step.press('Tab');
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('20');

    const report = await ok<OverviewReport>(
      analysisApi.getClassReportStepSEVO,
      { schoolId: admin.schoolId, seId: course.seId, step: 20 },
      admin,
    );
    const segments = report.segments['20'] ?? [];
    expect(segments.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await readTable(card(page, '分数段'))).rows.map((r) => r[1]), { timeout: 15_000 })
      .toEqual(segments.map((s) => String(s.count)));
    const segmentTable = await readTable(card(page, '分数段'));
    expect(segmentTable.rows.map((r) => r[3])).toEqual(segments.map((s) => percent(s.share)));

    // The class table: every class's mean, 超均率 and class T as the API gives them.
    const classes = await readTable(card(page, '各班情况'));
    expect(classes.rows).toHaveLength(report.units.length);
    report.units.forEach((unit, i) => {
      expect(cellOf(classes, i, '班级')).toBe(unit.scope.name);
      expect(cellOf(classes, i, '平均分')).toBe(shown(unit.summary?.mean));
      expect(cellOf(classes, i, '超均率')).toBe(percent(unit.overMeanRate));
      expect(cellOf(classes, i, '班级T')).toBe(shown(unit.tScore));
    });
    await card(page, '各班情况').getByTestId('chart-各班平均分').waitFor();

    // A reload keeps the course and the step.
    await page.reload();
    await expect.poll(() => page.getByLabel('分段步长').inputValue(), { timeout: 15_000 }).toBe('20');

    // 导出Excel: a real workbook with the table's header and the displayed values.
    const file = await download(page, card(page, '各班情况').getByRole('button', { name: '导出Excel' }));
    expect(file.name).toMatch(/^年级整体分析_.*各班情况\.xlsx$/);
    const sheet = (await workbookOf(file.bytes)).worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    // Row 1 is the printed title (#22); the table's header is row 2.
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['班级', '参考人数', '缺考人数', '平均分']);
    expect(header).toContain('超均率');
    const first = report.units[0];
    expect(sheet?.getRow(3).getCell(1).value).toBe(first?.scope.name);
    expect(sheet?.getRow(3).getCell(4).value).toBe(roundHalfUp(first?.summary?.mean ?? 0, 2));
  });

  it('grade-report-card lists every student, searches, and exports the whole list', { timeout: 120_000 }, async () => {
    const all = await ok<{ total: number; list: StudentRow[] }>(
      analysisApi.getMultiExamStudentScorePage,
      { schoolId: admin.schoolId, meId: exam.meId, currentPage: 1, pageSize: 20 },
      admin,
    );
    await page.goto(`${BASE}/grade-report-card?meId=${exam.meId}`);
    const list = page.getByTestId('data-table-年级成绩单');
    await list.getByText(`共 ${all.total} 条`).waitFor();
    // Sorted by the total, highest first: the first row is the API's first.
    const top = all.list[0];
    if (!top) throw new Error('the exam has no students');
    await expect
      .poll(() => list.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first().textContent())
      .toBe(top.name);
    expect(await list.locator('.ant-table-tbody tr.ant-table-row').first().textContent()).toContain(
      shown(top.subjects[TOTAL_SUBJECT]?.score),
    );

    await list.getByLabel('搜索').fill(top.studentNo);
    await list.getByText('共 1 条').waitFor();
    await list.getByLabel('搜索').fill('');
    await list.getByText(`共 ${all.total} 条`).waitFor();

    const file = await download(page, list.getByRole('button', { name: '导出Excel' }));
    expect(file.name).toMatch(/^年级成绩单_.*全部学生\.xlsx$/);
    const sheet = (await workbookOf(file.bytes)).worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    // Row 1 is the printed title (#22); the table's header is row 2.
    expect((sheet.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['姓名', '学号', '班级', '总分/分数']);
    expect(sheet.actualRowCount).toBe(all.total + 2);
    expect(sheet.getRow(3).getCell(1).value).toBe(top.name);
  });

  it('grade-report-file downloads the Excel workbook and the Word summary', { timeout: 120_000 }, async () => {
    await page.goto(`${BASE}/grade-report-file?meId=${exam.meId}`);
    const workbookFile = await download(page, page.getByRole('button', { name: '下载 Excel 报表' }));
    expect(workbookFile.name).toMatch(/\.xlsx$/);
    const workbook = await workbookOf(workbookFile.bytes);
    expect(workbook.worksheets.length).toBeGreaterThan(1);
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);

    const summary = await download(page, page.getByRole('button', { name: '下载 Word 报告' }));
    expect(summary.name).toMatch(/\.docx$/);
    // A .docx is a zip package holding word/document.xml.
    expect(summary.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(summary.bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
  });
});
