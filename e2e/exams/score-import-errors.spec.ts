import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createExam, gradeInTerm, loginAs } from '../support/exams-api.ts';

// Issue #22 item 6 as admin01 meets it: a whole-exam score file with three bad cells on two sheets.
// Each bad cell is marked red with its error beside it, 上一个/下一个 walks from one to the next
// (bringing far cells into view), and the import of the good rows counts students, not rows.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const GRADE = '八年级';
const CLASS = '八年级(1)班';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Twelve questions, so the last ones sit far to the right of a 1000 px dialog.
const QUESTIONS = Array.from({ length: 12 }, (_, i) => ({ questionNo: String(i + 1), kind: 2, fullMark: 5 }));

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const dialogTitled = (p: Page, title: string) => p.locator('.ant-modal').filter({ hasText: title });

async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}

/** Fills every student of a sheet with `answers`, then the given cells (学号 → column → value); returns 学号s. */
function fillSheet(
  workbook: ExcelJS.Workbook,
  course: string,
  answers: Record<string, string | number>,
  cells: Map<number, Record<string, string | number>>,
): string[] {
  const sheet = workbook.getWorksheet(course)!;
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    columns.set(cell.text.trim(), col);
  });
  const studentNos: string[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const studentNo = row.getCell(columns.get('学号')!).text.trim();
    if (!studentNo) continue;
    for (const [title, value] of Object.entries({ ...answers, ...cells.get(studentNos.length) })) {
      row.getCell(columns.get(title)!).value = value;
    }
    studentNos.push(studentNo);
    row.commit();
  }
  return studentNos;
}

/** Whether the cell lies wholly inside the table's scrolling body (not cut off, not off to the right). */
const inView = (cell: Locator) =>
  cell.evaluate((el) => {
    const body = el.closest('.ant-table-body')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return (
      box.left >= body.left - 1 &&
      box.right <= body.right + 1 &&
      box.top >= body.top - 1 &&
      box.bottom <= body.bottom + 1
    );
  });

describe('score import errors', () => {
  it('marks each bad cell, walks between them, and counts students in the notice', { timeout: 180_000 }, async () => {
    const admin = await loginAs('admin01');
    const { classes } = await gradeInTerm(admin, GRADE);
    const exam = await createExam(admin, `E2E${STAMP}导入错误`, {
      gradeName: GRADE,
      subjects: [
        { course: '语文', fullMark: 60, questions: QUESTIONS },
        { course: '数学', fullMark: 100 },
      ],
      classes: classes.filter((c) => c.name === CLASS),
    });
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto(`/teacher/examMark/my-exam?meId=${exam.meId}&step=4`);
    await page.getByRole('button', { name: '导入全部科目' }).click();
    const dialog = await opened(dialogTitled(page, '导入全部科目成绩'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /下载模板$/ }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const everyone = Object.fromEntries(QUESTIONS.map((q) => [q.questionNo, 4]));
    // 语文: the 1st student's question 12 above its 5 marks, the 2nd's question 2 not a number;
    // 数学: the 3rd student's total not a number.
    const students = fillSheet(
      workbook,
      '语文',
      everyone,
      new Map<number, Record<string, string | number>>([
        [0, { '12': 9 }],
        [1, { '2': '七' }],
      ]),
    );
    fillSheet(workbook, '数学', { 总分: 80 }, new Map([[2, { 总分: 'abc' }]]));
    expect(students.length).toBeGreaterThan(10);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await dialog.locator('input[type=file]').setInputFiles({ name: '全科.xlsx', mimeType: XLSX, buffer });

    await dialog.getByTestId('import-counts').getByText('有错误 3 行').waitFor();
    // Each error sits in its own cell, marked, with the message beside the value.
    const marked = dialog.locator('td[data-error-key]');
    expect(await marked.count()).toBe(3);
    expect(await marked.nth(0).getAttribute('title')).toBe('第12题分数9超过满分5');
    expect(await marked.nth(0).textContent()).toContain('9');
    expect(await marked.nth(1).getAttribute('title')).toBe('第2题分数“七”不是数字');
    expect(await marked.nth(2).getAttribute('title')).toBe('总分“abc”不是数字');
    expect(await marked.nth(0).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 204, 199)');

    const position = dialog.getByTestId('import-error-position');
    const current = dialog.getByTestId('import-current-error');
    expect(await position.textContent()).toBe('共 3 处错误');
    await dialog.getByRole('button', { name: /下一个错误/ }).click();
    await expect.poll(() => position.textContent()).toBe('第 1 / 3 处错误');
    expect(await current.textContent()).toContain(`语文 第 2 行“12”列：第12题分数9超过满分5`);
    // Question 12 is far to the right: the jump scrolls it into view.
    await expect.poll(() => inView(marked.nth(0))).toBe(true);
    await dialog.getByRole('button', { name: /下一个错误/ }).click();
    await expect.poll(() => current.textContent()).toContain('“2”列');
    await expect.poll(() => inView(marked.nth(1))).toBe(true);
    await dialog.getByRole('button', { name: /下一个错误/ }).click();
    await expect.poll(() => current.textContent()).toContain('数学 第 4 行“总分”列');
    await dialog.getByRole('button', { name: /上一个错误/ }).click();
    await expect.poll(() => position.textContent()).toBe('第 2 / 3 处错误');

    // The good rows go in; the notice counts each student once over both subjects.
    await dialog.getByRole('button', { name: '确认导入' }).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '成绩已导入' }).first();
    await notice.waitFor();
    const rows = students.length * 2 - 3;
    expect(await notice.textContent()).toContain(`${students.length} 名学生（${rows} 行成绩）`);
    await dialog.getByText('导入完成').waitFor();
  });
});
