import { authApi, type SchoolGrade, type StoredUser, schoolBaseApi } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { baseURL, closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { pickOption } from '../support/select';

// Issue #3's browser test: admin01 sets up a term and a class, imports students from the
// downloaded template with one bad row, fixes it and confirms; teacher01 reads the same lists
// without any editing button. Names carry a stamp so the flow never clashes with other flows.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const CLASS_NAME = `E2E${STAMP}班`;
const GRADE_NAME = '八年级';
/** A school year of the demo seed. */
const SEEDED_YEAR = '2026-2027学年';
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

/** A school base call from the test process (query parameters, jwtToken and loginName headers). */
async function schoolBase<T>(path: string, params: Record<string, string>, admin: StoredUser, body?: unknown) {
  const url = `${baseURL()}${path}?${new URLSearchParams(params)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      loginName: admin.loginName,
      jwtToken: admin.jwtToken,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { status: number; message: string; data: T };
}

// Arrange: the class below needs the school to run 八年级 (the demo seed has it; a bare school not).
beforeAll(async () => {
  const login = await callApi(authApi.userLogin, { loginName: 'admin01', password: DEMO_PASSWORD });
  const admin = login.data as StoredUser;
  const grades = await schoolBase<SchoolGrade[]>(schoolBaseApi.gradeCourses.path, { schoolId: admin.schoolId }, admin);
  if (grades.data.some((grade) => grade.gradeName === GRADE_NAME)) return;
  const catalogue = await schoolBase<{ grades: Array<{ gradeId: string; name: string }> }>(
    schoolBaseApi.education.path,
    { schoolId: admin.schoolId },
    admin,
  );
  const gradeId = catalogue.data.grades.find((grade) => grade.name === GRADE_NAME)?.gradeId;
  const added = await schoolBase(schoolBaseApi.addGrade.path, {}, admin, {
    schoolId: admin.schoolId,
    gradeId,
    courseIds: [],
  });
  expect(added.status, added.message).toBe(200);
});

/** Visible buttons that change data; type 1 teachers must see none (the server refuses them anyway). */
const EDITING_BUTTON = /^(新增|批量导入|删除|编辑|重置密码|学年升级|新增学期)$/;
const editingButtons = (p: Page) =>
  p.getByRole('button').filter({ hasText: EDITING_BUTTON }).filter({ visible: true }).count();

const dialogTitled = (p: Page, title: string | RegExp) => p.locator('.ant-modal').filter({ hasText: title });

/**
 * Waits until a dialog has finished its opening animation: antd ignores a click on 确定 made while
 * the modal is still zooming in (no person clicks that fast, but a test under load can).
 */
async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}

/** Reads the template's header row and writes the given students under it (the example row dropped). */
async function studentsFile(template: string, students: Array<Record<string, string>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    columns.set(cell.text.replace(/[*＊\s]/g, ''), col);
  });
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  students.forEach((student, index) => {
    const row = sheet.getRow(index + 2);
    for (const [title, value] of Object.entries(student)) {
      const col = columns.get(title);
      if (col === undefined) throw new Error(`template has no column ${title}: ${[...columns.keys()].join(', ')}`);
      row.getCell(col).value = value;
    }
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('school base data screens', () => {
  it('admin01 adds a term and a class, then imports students with a bad row fixed before confirming', {
    timeout: 150_000,
  }, async () => {
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');

    // A new school year and its 上学期 (the dialogs suggest the year after the latest and its dates).
    await page.goto('/teacher/initData/school-grade-term');
    await page.getByRole('region', { name: '学年' }).getByRole('row').filter({ hasText: SEEDED_YEAR }).waitFor();
    // The administrator's controls (what the read-only check below must not find for teacher01).
    expect(await editingButtons(page)).toBeGreaterThan(3);
    await page.getByRole('button', { name: /新增$/ }).click();
    const yearDialog = await opened(dialogTitled(page, '新增学年'));
    const yearName = await yearDialog.getByLabel('学年名称').inputValue();
    expect(yearName).toMatch(/^\d{4}-\d{4}学年$/);
    await yearDialog.getByRole('button', { name: '确定' }).click();
    await yearDialog.waitFor({ state: 'hidden' });
    const yearRow = page.getByRole('row').filter({ hasText: yearName });
    await yearRow.getByText('还没有学期').waitFor();
    await yearRow.getByRole('button', { name: '新增学期' }).click();
    const termDialog = await opened(dialogTitled(page, `新增学期：${yearName}`));
    await termDialog.getByText('上学期').waitFor();
    expect(await termDialog.getByLabel('开始日期').inputValue()).toMatch(/^\d{4}-09-01$/);
    await termDialog.getByRole('button', { name: '确定' }).click();
    await termDialog.waitFor({ state: 'hidden' });
    await page.getByTestId(`term-${yearName}-上学期`).waitFor();

    // A class of the current term.
    await page.goto('/teacher/initData/school-class-student');
    await page.getByRole('tab', { name: '班级' }).click();
    const classes = page.getByRole('region', { name: '班级' });
    await classes.getByRole('button', { name: /新增$/ }).click();
    const classDialog = await opened(dialogTitled(page, '新增班级'));
    await classDialog.getByLabel('班级名称').fill(CLASS_NAME);
    await pickOption(page, classDialog.getByLabel('年级'), GRADE_NAME, { confirm: true });
    await classDialog.getByRole('button', { name: '确定' }).click();
    await classDialog.waitFor({ state: 'hidden' });
    await classes.getByRole('row').filter({ hasText: CLASS_NAME }).waitFor();

    // The template, downloaded as a user would.
    await page.getByRole('tab', { name: '学生' }).click();
    const students = page.getByRole('region', { name: '学生' });
    await students.getByRole('button', { name: /批量导入$/ }).click();
    const importDialog = await opened(dialogTitled(page, '批量导入学生'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      importDialog.getByRole('button', { name: /下载模板$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const template = await download.path();

    // Three students, the second without a name.
    const rows = [
      { 姓名: `甲${STAMP}`, 性别: '男', 学号: `E2E${STAMP}01`, 考号: '', 班级: CLASS_NAME },
      { 姓名: '', 性别: '女', 学号: `E2E${STAMP}02`, 考号: '', 班级: CLASS_NAME },
      { 姓名: `丙${STAMP}`, 性别: '女', 学号: `E2E${STAMP}03`, 考号: '', 班级: CLASS_NAME },
    ];
    const upload = importDialog.locator('input[type=file]');
    await upload.setInputFiles({ name: '学生.xlsx', mimeType: XLSX, buffer: await studentsFile(template, rows) });
    const counts = importDialog.getByTestId('import-counts');
    await counts.getByText('有错误 1 行').waitFor();
    await counts.getByText('可导入 2 行').waitFor();
    const badRow = importDialog.locator('[data-row-error="true"]');
    expect(await badRow.count()).toBe(1);
    expect(await badRow.textContent()).toContain(`E2E${STAMP}02`);
    expect(await badRow.locator('.ant-typography-danger').first().textContent()).toMatch(/姓名/);

    // Fixed and uploaded again: every row is valid, and the import commits all three.
    rows[1]!.姓名 = `乙${STAMP}`;
    await upload.setInputFiles({ name: '学生.xlsx', mimeType: XLSX, buffer: await studentsFile(template, rows) });
    await counts.getByText('有错误 0 行').waitFor();
    await counts.getByText('可导入 3 行').waitFor();
    await importDialog.getByRole('button', { name: '确认导入' }).click();
    await importDialog.getByText('导入完成').waitFor();
    await importDialog.getByText('新增 3 条').waitFor();
    await importDialog.getByRole('button', { name: '完成' }).click();
    await importDialog.waitFor({ state: 'hidden' });

    await students.getByLabel('搜索').fill(STAMP);
    await students
      .getByRole('row')
      .filter({ hasText: `丙${STAMP}` })
      .waitFor();
    expect(await students.getByRole('row').filter({ hasText: CLASS_NAME }).count()).toBe(3);
  });

  it('teacher01 sees the same lists read-only', { timeout: 90_000 }, async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/school-grade-term');
    await page.getByRole('region', { name: '学年' }).getByRole('row').filter({ hasText: SEEDED_YEAR }).waitFor();
    expect(await editingButtons(page)).toBe(0);

    await page.goto('/teacher/initData/school-class-student');
    const students = page.getByRole('region', { name: '学生' });
    await students.getByLabel('搜索').fill(STAMP);
    await students
      .getByRole('row')
      .filter({ hasText: `甲${STAMP}` })
      .waitFor();
    expect(await editingButtons(page)).toBe(0);
    await page.getByRole('tab', { name: '班级' }).click();
    await page.getByRole('region', { name: '班级' }).getByRole('row').filter({ hasText: CLASS_NAME }).waitFor();
    expect(await editingButtons(page)).toBe(0);

    // Each of the other screens once its first row is there.
    for (const screen of ['school-grade', 'school-class-teacher', 'school-organ-leader']) {
      await page.goto(`/teacher/initData/${screen}`);
      await page.locator('section[aria-label] .ant-table-row').first().waitFor();
      expect(await editingButtons(page), screen).toBe(0);
    }
  });

  it('keeps the school year and term chosen in the header across a reload and in a new tab', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/user-info');
    const header = page.getByTestId('current-selection');
    await header.getByText(/学期$/).first().waitFor();
    const other = ((await header.textContent()) ?? '').includes('上学期') ? '下学期' : '上学期';
    await pickOption(page, header.getByLabel('学期'), other, { confirm: true });
    await header.getByTitle(other).waitFor();

    await page.reload();
    await page.getByTestId('current-selection').getByTitle(other).waitFor();
    const tab = await context.newPage();
    await tab.goto('/teacher/initData/school-class-student');
    await tab.getByTestId('current-selection').getByTitle(other).waitFor();
    await tab.getByTestId('current-term').getByText(other).waitFor();
  });
});
