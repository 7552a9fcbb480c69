import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { pickOption } from '../support/select';

// Issue #19 part 3: admin01 turns majors on in 专业课程 (个人中心), adds a course, imports majors
// from the downloaded template with one bad row (shown in red, skipped), and puts the course into
// a major's plan; teacher01 then finds 专业课程 in the menu and reads the plan without edit buttons.

const STAMP = Date.now().toString(36).toUpperCase().slice(-5);
const COURSE = `电工基础${STAMP}`;
const MAJOR = `机电技术${STAMP}`;
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

const dialogTitled = (p: Page, title: string | RegExp) => p.locator('.ant-modal').filter({ hasText: title });
async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}
const sideMenu = (p: Page) => p.locator('.ant-layout-sider');

async function majorsFile(template: string, rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((v, c) => {
      row.getCell(c + 1).value = v;
    });
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('专业课程', () => {
  it('teacher01 has no 专业课程 while the school runs no majors', { timeout: 60_000 }, async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/user-info');
    await sideMenu(page).getByText('个人信息').waitFor();
    expect(await sideMenu(page).getByText('专业课程').count()).toBe(0);
  });

  it('admin01 turns majors on, adds a course, imports majors and builds a plan; teacher01 reads it', {
    timeout: 180_000,
  }, async () => {
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/curriculum');
    await page.getByText('本校尚未启用专业').waitFor();
    await page.getByRole('switch', { name: '本校启用专业' }).click();
    await page.getByRole('tab', { name: '课程' }).waitFor();

    // A course through the dialog.
    await page.getByRole('button', { name: /新增$/ }).first().click();
    const courseDialog = await opened(dialogTitled(page, '新增课程'));
    await courseDialog.getByLabel('课程名称').fill(COURSE);
    await courseDialog.getByLabel('学分').fill('4');
    await courseDialog.getByRole('button', { name: '确定' }).click();
    await courseDialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: COURSE }).waitFor();

    // Majors from the template: one row with a year out of range is shown in red and skipped.
    await page.getByRole('tab', { name: '专业与教学计划' }).click();
    const majors = page.getByRole('region', { name: '专业' });
    await majors.getByRole('button', { name: /批量导入$/ }).click();
    const importDialog = await opened(dialogTitled(page, '批量导入专业'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      importDialog.getByRole('button', { name: /下载模板$/ }).click(),
    ]);
    const file = await majorsFile(await download.path(), [
      ['2026', MAJOR, 'JD01', '3'],
      ['1990', `旧专业${STAMP}`, '', ''],
    ]);
    await importDialog.locator('input[type=file]').setInputFiles({ name: '专业.xlsx', mimeType: XLSX, buffer: file });
    const counts = importDialog.getByTestId('import-counts');
    await counts.getByText('有错误 1 行').waitFor();
    await counts.getByText('可导入 1 行').waitFor();
    const bad = importDialog.locator('[data-row-error="true"]');
    expect(await bad.textContent()).toContain('入学年份不能早于2000年');
    await importDialog.getByRole('button', { name: '确认导入' }).click();
    await importDialog.getByText('新增 1 条').waitFor();
    await importDialog.getByRole('button', { name: '完成' }).click();
    await importDialog.waitFor({ state: 'hidden' });

    // The major's plan: the course in 第1学期.
    const majorRow = majors.getByRole('row').filter({ hasText: MAJOR });
    await majorRow.getByRole('button', { name: '教学计划' }).click();
    const plan = page.locator('.ant-card').filter({ hasText: `2026级${MAJOR} 教学计划` });
    await plan.getByRole('button', { name: /添加课程$/ }).click();
    const planDialog = await opened(dialogTitled(page, '添加课程到教学计划'));
    await pickOption(page, planDialog.getByLabel('课程'), COURSE, { confirm: true });
    await planDialog.getByLabel('学时').fill('72');
    await planDialog.getByRole('button', { name: '确定' }).click();
    await planDialog.waitFor({ state: 'hidden' });
    await plan.getByRole('row').filter({ hasText: COURSE }).filter({ hasText: '第1学期' }).waitFor();
    await context.close();

    // teacher01: the menu lists 专业课程 now; the plan reads, with no editing buttons.
    ({ context, page } = await newPage());
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/user-info');
    await sideMenu(page).getByText('专业课程').click();
    await page.waitForURL('**/initData/curriculum');
    await page.getByRole('tab', { name: '专业与教学计划' }).click();
    const teacherMajors = page.getByRole('region', { name: '专业' });
    await teacherMajors.getByRole('row').filter({ hasText: MAJOR }).getByRole('button', { name: '教学计划' }).click();
    await page.getByRole('row').filter({ hasText: COURSE }).filter({ hasText: '72' }).waitFor();
    expect(
      await page
        .getByRole('button', { name: /^(新增|批量导入|添加课程|编辑|删除)$/ })
        .filter({ visible: true })
        .count(),
    ).toBe(0);
  });
});
