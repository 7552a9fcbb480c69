import { type Student as SchoolStudent, schoolBaseApi } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { baseURL, closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { gradeInTerm, loginAs } from '../support/exams-api.ts';

// 一键导入考试 as admin01 meets it on 我的考试: the template downloads from the dialog, a workbook
// with one bad row is previewed with its Chinese error marked and nothing imported; corrected, the
// whole exam is created and appears in the list.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

type Student = Pick<SchoolStudent, 'studentNo' | 'name' | 'className'>;

function examWorkbook(name: string, students: Student[], mathScore: number): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  const table = (sheet: string, rows: (string | number)[][]) => {
    const ws = wb.addWorksheet(sheet);
    for (const row of rows) ws.addRow(row);
  };
  table('考试信息', [
    ['项目', '内容'],
    ['考试名称', name],
    ['年级', '九年级'],
    ['开始日期', '2026-12-20'],
    ['结束日期', '2026-12-20'],
  ]);
  table('题目结构', [
    ['科目', '题号', '题型', '满分', '选项个数', '答案'],
    ['数学', '1', '单选题', 5, 4, 'C'],
    ['数学', '2', '主观题', 20, '', ''],
  ]);
  table('学生', [['考号', '学号', '姓名', '班级'], ...students.map((s) => ['', s.studentNo, s.name, s.className])]);
  table('数学', [
    ['学号', '姓名', '班级', '缺考', '1', '2'],
    ...students.map((s, i) => [s.studentNo, s.name, s.className, '', 'C', i === 0 ? mathScore : 15]),
  ]);
  return wb;
}

describe('一键导入考试', () => {
  it('previews a bad row without importing, then creates the whole exam', { timeout: 180_000 }, async () => {
    const admin = await loginAs('admin01');
    const { classes } = await gradeInTerm(admin, '九年级');
    const klass = classes.find((c) => c.studentCount > 0)!;
    const response = await fetch(
      `${baseURL()}${schoolBaseApi.students.path}?${new URLSearchParams({ schoolId: admin.schoolId, classId: klass.classId, pageSize: '5' })}`,
      { method: 'POST', headers: { loginName: admin.loginName, jwtToken: admin.jwtToken } },
    );
    const students = ((await response.json()) as { data: { list: Student[] } }).data.list.slice(0, 3);
    expect(students.length).toBe(3);
    const name = `E2E${STAMP}一键导入`;

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/examMark/my-exam');
    await page.getByRole('button', { name: '一键导入考试' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '一键导入考试' });
    await dialog.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /下载模板$/ }).click(),
    ]);
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await download.path());
    expect(template.worksheets.map((w) => w.name)).toContain('题目结构');

    // 数学 第2题 of the first student above its 20 marks: marked, nothing imported.
    const bad = Buffer.from(await examWorkbook(name, students, 25).xlsx.writeBuffer());
    await dialog.locator('input[type=file]').setInputFiles({ name: '考试.xlsx', mimeType: XLSX, buffer: bad });
    await dialog.getByTestId('import-counts').getByText('有错误 1 行').waitFor();
    expect(await dialog.locator('td[data-error-key]').first().getAttribute('title')).toBe('第2题分数25超过满分20');

    const good = Buffer.from(await examWorkbook(name, students, 18).xlsx.writeBuffer());
    await dialog.locator('input[type=file]').setInputFiles({ name: '考试.xlsx', mimeType: XLSX, buffer: good });
    await dialog.getByTestId('import-counts').getByText('有错误 0 行').waitFor();
    await dialog.getByRole('button', { name: '确认导入' }).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '考试已导入' }).first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('1 个科目、2 道题、3 名学生');
    await dialog.getByText('导入完成').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();
    await page.getByText(name).first().waitFor();
  });
});
