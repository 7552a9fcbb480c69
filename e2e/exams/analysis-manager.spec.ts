import { readFile } from 'node:fs/promises';
import { examsApi, type MultiExam, type StoredUser } from '@huikao/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createFinalisedExam, type FinalisedExam, loginAs, ok } from '../support/exams-api.ts';
import { pickOption } from '../support/select';

// Issue #4's analysis-manager and exam-doc screens as admin01 uses them: a school setting kept
// after a reload, a level scheme refused until its shares add up, an exam document uploaded and
// downloaded, and a finalised exam published for a chosen class. Names carry a stamp so the flow
// never clashes with other flows on the same server.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const EXAM_NAME = `E2E成绩发布${STAMP}`;
const MANAGER = '/teacher/examMark/analysis-manager';

let context: BrowserContext;
let page: Page;
let admin: StoredUser;
let finalised: FinalisedExam;

beforeAll(async () => {
  admin = await loginAs('admin01');
  finalised = await createFinalisedExam(admin, EXAM_NAME);
});
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
  await page.waitForURL('**/teacher/**');
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const dialogTitled = (p: Page, title: string | RegExp) => p.locator('.ant-modal').filter({ hasText: title });

/** Waits until a dialog has finished opening: antd ignores a click on 确定 during the zoom-in. */
async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}

/**
 * Waits for a dialog to close after 确定; if it stays open, says why: the messages under its fields
 * and every notice seen meanwhile (notices last 2.5 s, so they are collected as they come).
 */
async function closes(p: Page, dialog: Locator) {
  const seen = new Set<string>();
  for (let waited = 0; waited < 15_000; waited += 250) {
    if (!(await dialog.isVisible())) return;
    for (const notice of await p.locator('.ant-notification-notice').allTextContents()) seen.add(notice);
    await p.waitForTimeout(250);
  }
  const fieldErrors = await dialog.locator('.ant-form-item-explain-error').allTextContents();
  throw new Error(`the dialog stayed open: ${[...fieldErrors, ...seen].join(' | ') || 'no message'}`);
}

/** Replaces an InputNumber's value as typed, then leaves the field (antd commits on blur). */
async function typeNumber(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
}

describe('成绩管理 and 考试文档', () => {
  it('keeps a changed school setting after a reload', { timeout: 90_000 }, async () => {
    await page.goto(`${MANAGER}?tab=ssc`);
    const excellent = page.getByLabel('优秀率');
    await expect.poll(() => excellent.inputValue(), { timeout: 20_000 }).not.toBe('');
    const before = await excellent.inputValue();
    const changed = before === '88' ? '87' : '88';
    await typeNumber(excellent, changed);
    await page.getByText('有未保存的修改').waitFor();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('.ant-notification').getByText('保存成功').waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('优秀率').inputValue(), { timeout: 20_000 }).toBe(changed);
    // The tab is kept in the address.
    expect(await page.getByRole('tab', { name: '成绩分析设置', selected: true }).count()).toBe(1);
  });

  it('refuses a level scheme whose shares do not add up to 100%, then saves a good one', {
    timeout: 90_000,
  }, async () => {
    await page.goto(`${MANAGER}?tab=ela`);
    const schemes = page.getByRole('region', { name: '等级赋分方案' });
    await schemes.getByRole('row').filter({ hasText: '内置' }).first().waitFor();

    await schemes.getByRole('button', { name: /新增方案$/ }).click();
    const dialog = await opened(dialogTitled(page, '新增等级方案'));
    await dialog.getByLabel('方案名称').fill(`E2E方案${STAMP}`);
    await typeNumber(dialog.getByLabel('等级比例 1'), '20');
    await dialog.getByText('各等级比例之和应为100%，当前为105%').waitFor();
    expect(await dialog.getByTestId('cumulative-4').textContent()).toBe('105%');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-notification').getByText('各等级比例之和应为100%，当前为105%').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await typeNumber(dialog.getByLabel('等级比例 2'), '30');
    await dialog.getByText('各等级比例之和为100%').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await closes(page, dialog);
    const row = schemes.getByRole('row').filter({ hasText: `E2E方案${STAMP}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('A 20% 100–86');
    expect(await row.getByText('内置').count()).toBe(0);
  });

  it('uploads an exam document, lists it and downloads it', { timeout: 90_000 }, async () => {
    const fileName = `试卷${STAMP}.pdf`;
    const content = `%PDF-1.4\n% E2E 试卷 ${STAMP}\n%%EOF\n`;
    await page.goto('/teacher/examMark/exam-doc');
    const docs = page.getByRole('region', { name: '考试文档' });
    await docs.getByRole('button', { name: /上传文档$/ }).click();
    const dialog = await opened(dialogTitled(page, '上传考试文档'));
    await pickOption(page, dialog.getByLabel('考试'), EXAM_NAME);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(content) });
    await dialog.getByText(fileName).waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await closes(page, dialog);

    const row = docs.getByRole('row').filter({ hasText: fileName });
    await row.waitFor();
    expect(await row.textContent()).toContain(EXAM_NAME);
    expect(await row.textContent()).toContain('试卷');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /下载$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(await readFile(await download.path(), 'utf8')).toBe(content);
  });

  it('publishes a finalised exam for the chosen classes and to its students', { timeout: 90_000 }, async () => {
    const [kept, dropped] = finalised.classes;
    await page.goto(MANAGER);
    const exams = page.getByRole('region', { name: '考试发布' });
    await exams.getByLabel('搜索').fill(EXAM_NAME);
    const row = exams.getByRole('row').filter({ hasText: EXAM_NAME });
    await row.getByText('已完成').waitFor();
    await row.getByRole('button', { name: '发布', exact: true }).click();

    const dialog = await opened(dialogTitled(page, `发布考试：${EXAM_NAME}`));
    const keptBox = dialog.getByRole('checkbox', { name: kept!.name, exact: true });
    const droppedBox = dialog.getByRole('checkbox', { name: dropped!.name, exact: true });
    // Every class of the exam is chosen at first.
    expect(await keptBox.isChecked()).toBe(true);
    expect(await droppedBox.isChecked()).toBe(true);
    await droppedBox.uncheck();
    expect(await dialog.getByRole('checkbox', { name: '同时发布给学生' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('单科分段宽度').getAttribute('aria-valuemax')).toBe('50');
    await dialog.getByRole('button', { name: '确定' }).click();
    await closes(page, dialog);

    await row.getByText('已发布', { exact: true }).waitFor();
    await row.getByText('已发布给学生').waitFor();
    const stored = await ok<MultiExam>(
      examsApi.getMultiExamByMeId,
      { schoolId: admin.schoolId, meId: finalised.exam.meId },
      admin,
    );
    expect(stored.status).toBe(4);
    expect(stored.publishedToStudents).toBe(true);
    expect(stored.settings.classIds).toEqual([kept!.classId]);
  });
});
