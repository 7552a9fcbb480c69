import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { pickJuniorMath } from './school-bank-support.ts';

// Issue #6, the school bank: admin01 uploads an Excel of questions, corrects one in the preview,
// confirms, and publishes them; teacher01 then finds them under 校本试题.

let context: BrowserContext;
let page: Page;

afterAll(closeBrowser);
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});

const HEADER = [
  '题型*',
  '难度*',
  '题干*',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '答案*',
  '解析',
  '知识点',
  '章节',
  '年份',
  '年级',
  '分值',
];

async function questionSheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('school-question-manage', () => {
  it('uploads an Excel, corrects the preview, confirms, publishes, and a teacher sees the questions', async () => {
    const tag = `E2E校本${Date.now() % 100_000}`;
    const file = await questionSheet([
      [
        '单选题',
        '容易',
        `${tag}：方程 $x+1=3$ 的解是`,
        '$x=1$',
        '$x=2$',
        '$x=3$',
        '$x=4$',
        null,
        null,
        'B',
        '移项得 $x=2$',
        null,
        null,
        2025,
        '七年级',
        3,
      ],
      ['单选题', 3, `${tag}：错字题`, '甲', '乙', null, null, null, null, 'A', null, null, null, null, null, null],
    ]);

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/questionBank/school-question-manage');
    await pickJuniorMath(page);
    await page.getByRole('button', { name: '从 Excel 导入' }).click();
    const dialog = page.getByRole('dialog', { name: '从 Excel 导入试题' });
    await dialog.getByLabel('上传文件').setInputFiles({
      name: '校本试题.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const cards = dialog.locator('.qb-draft-card');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
    expect(await dialog.getByTestId('question-import-counts').innerText()).toContain('将导入 2 题');
    // The formula of the first stem is shown rendered beside the text.
    await expect.poll(() => cards.first().locator('.katex').count()).toBeGreaterThan(0);
    // The teacher corrects the second question's stem in the preview.
    await cards.nth(1).getByLabel('题干').fill(`${tag}：改正后的题`);
    await dialog.getByRole('button', { name: /确认导入/ }).click();
    await page.locator('.ant-notification-notice', { hasText: '已导入 2 道试题' }).waitFor();

    const table = page.getByTestId('data-table-校本试题');
    const search = table.getByPlaceholder('搜索题干');
    await search.fill(tag);
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await table.innerText()).toContain('改正后的题');
    await expect.poll(() => table.locator('.ant-tag', { hasText: '待审核' }).count()).toBe(2);
    // One published from its row, the other with 发布所选.
    await rows.first().getByRole('button', { name: '发布' }).click();
    await expect.poll(() => table.locator('.ant-tag', { hasText: '已发布' }).count()).toBe(1);
    const draft = rows.filter({ has: page.locator('.ant-tag', { hasText: '待审核' }) });
    await draft.locator('.ant-checkbox-input').check();
    await table.getByRole('button', { name: '发布所选' }).click();
    await expect.poll(() => table.locator('.ant-tag', { hasText: '已发布' }).count()).toBe(2);

    // teacher01 of the same school sees them under 校本试题.
    await context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/questionBank/school-question');
    await pickJuniorMath(page);
    await page.getByLabel('试题关键字').fill(tag);
    await page.getByLabel('试题关键字').press('Enter');
    const found = page.locator('.qb-question-card');
    await expect.poll(() => found.count(), { timeout: 10_000 }).toBe(2);
    const texts = (await found.allInnerTexts()).join('\n');
    expect(texts).toContain('改正后的题');
    expect(texts).toContain('校本题库');
    await expect.poll(() => found.locator('.katex').count()).toBeGreaterThan(0);
  });

  it('tells a teacher the screen is the administrator’s', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/questionBank/school-question-manage');
    await page.getByText('仅教务管理员可以管理校本题库').waitFor();
  });
});
