import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createExam, gradeInTerm, loginAs } from '../support/exams-api.ts';

// 临时阅卷账号 (issue #17): admin01 creates three for a 题块 on the 阅卷设置 tab and downloads the
// account sheet; picks one of them (tagged 临时 among the teachers) as a marker of the other 题块;
// it logs in, lands on 我的阅卷任务, and is sent back there from a school base page.

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

it('creates temporary markers, downloads their sheet, picks one for another 题块, and it lands on its tasks', async () => {
  const admin = await loginAs('admin01');
  const { classes } = await gradeInTerm(admin, '七年级');
  const exam = await createExam(admin, `临时账号${Date.now() % 100000}`, {
    gradeName: '七年级',
    subjects: [
      {
        course: '数学',
        fullMark: 100,
        questions: [
          { questionNo: '1', kind: 2, fullMark: 50 },
          { questionNo: '2', kind: 2, fullMark: 50 },
        ],
      },
    ],
    classes: classes.slice(0, 1),
  });
  const seId = exam.singleExams[0]!.seId;

  await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
  await page.waitForURL(/\/teacher\//);
  await page.goto(`/makeExamDetailInfo?seId=${seId}&tab=scan`);
  await page.getByRole('tab', { name: '阅卷设置' }).click();
  await page.getByRole('button', { name: '按题目生成题块' }).click();
  await page.getByRole('button', { name: '保存题块设置' }).click();
  await page.getByText('题块设置已保存').waitFor();

  const card = page.getByLabel('临时阅卷账号', { exact: true });
  const prefix = `t${Date.now() % 100000}`;
  await card.getByLabel('人数').fill('3');
  await card.getByLabel('账号前缀').fill(prefix);
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel('有效期至').fill(expires);
  await card.getByLabel('题块').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '第1题' }).click();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: '创建临时账号' }).click();
  const shown = await card.getByText('初始密码只显示这一次').textContent();
  const [first] = [...(shown ?? '').matchAll(new RegExp(`(${prefix}\\d+) / (\\w+)`, 'g'))];
  expect(first).toBeDefined();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: '下载账号表' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('临时阅卷账号.xlsx');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  for (const n of ['001', '002', '003']) await card.getByRole('cell', { name: `${prefix}${n}` }).waitFor();
  await page.getByTestId('mark-block-第1题').getByText(`临时阅卷${prefix}001`).waitFor();

  // The other 题块: the temporary account is offered among the school's teachers, tagged 临时.
  const other = page.getByTestId('mark-block-第2题');
  await other.getByRole('button', { name: '设置阅卷教师' }).click();
  const picker = other.getByLabel('阅卷教师');
  await picker.click();
  await picker.fill(`${prefix}001`);
  const option = page.locator('.ant-select-item-option').filter({ hasText: `${prefix}001` });
  await option.locator('.ant-tag', { hasText: '临时' }).waitFor();
  await option.click();
  await page.keyboard.press('Escape');
  await other.getByRole('button', { name: '保存阅卷教师' }).click();
  await page.getByText('阅卷教师已保存').waitFor();
  await other.getByText(`临时阅卷${prefix}001`).waitFor();

  const temp = await newPage();
  try {
    // Every call the landing page makes is one the account may make: a refused one would send it to /403.
    const refused: string[] = [];
    temp.page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await loginThroughPage(temp.page, first![1]!, first![2]!);
    await temp.page.waitForURL(/\/teacher\/examMark\/my-mark-task$/);
    await temp.page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await temp.page.getByRole('button', { name: '进入阅卷' }).first().waitFor();
    await temp.page.goto('/teacher/initData/user-info');
    await temp.page.waitForURL(/\/teacher\/examMark\/my-mark-task$/);
  } finally {
    await temp.context.close();
  }
}, 180_000);
