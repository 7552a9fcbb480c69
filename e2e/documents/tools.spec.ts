import { readFile } from 'node:fs/promises';
import { authApi, questionBankApi, questionBankSchoolApi } from '@huikao/contracts';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiSession, mathCourseId, pickJuniorMath } from '../question-bank/school-bank-support.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// Issue #19 part 1 in the browser: an exam document (a two-page Word paper) previewed page by page
// from 考试文档; a picture pasted into the question editor's 题干 becomes a stored picture shown
// under it; 拍照识题 fills the 题干 from a photo of a printed question (rendered here from text
// with the CJK font, as a phone photo of a printed paper would look).

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await context?.close();
});
afterAll(closeBrowser);

async function signIn(loginName: string) {
  ({ context, page } = await newPage());
  await loginThroughPage(page, loginName, DEMO_PASSWORD);
  await page.waitForURL('**/teacher/**');
}

async function twoPagePaper(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun(`九年级数学试卷${STAMP}`)] }),
          new Paragraph({ children: [new TextRun('1. 计算 12 + 35 的值。')] }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ children: [new TextRun('2. 解方程 2x + 3 = 11。')] }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}

describe('exam document preview', () => {
  beforeEach(() => signIn('admin01'));

  it('previews an uploaded Word exam document as page images', { timeout: 180_000 }, async () => {
    const fileName = `试卷${STAMP}.docx`;
    await page.goto('/teacher/examMark/exam-doc');
    const docs = page.getByRole('region', { name: '考试文档' });
    await docs.getByRole('button', { name: /上传文档$/ }).click();
    const upload = await opened(page.locator('.ant-modal').filter({ hasText: '上传考试文档' }));
    await upload.getByLabel('考试').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await upload.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await twoPagePaper(),
    });
    await upload.getByText(fileName).waitFor();
    await upload.getByRole('button', { name: '确定' }).click();
    await upload.waitFor({ state: 'hidden', timeout: 15_000 });

    const row = docs.getByRole('row').filter({ hasText: fileName });
    await row.getByRole('button', { name: /预览$/ }).click();
    const viewer = page.locator('.ant-modal').filter({ hasText: `预览：${fileName}` });
    await viewer.getByText('共 2 页').waitFor({ timeout: 150_000 });
    const pages = viewer.locator('img.word-page');
    expect(await pages.count()).toBe(2);
    // Each page image really loaded (a signed link served the JPEG), in A4 proportions.
    await expect
      .poll(() =>
        pages.nth(1).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalHeight / img.naturalWidth : 0)),
      )
      .toBeCloseTo(297 / 210, 1);
  });
});

describe('文档工具', () => {
  beforeEach(() => signIn('teacher01'));

  it('prints an uploaded workbook landscape and cuts a Word paper into questions', { timeout: 180_000 }, async () => {
    await page.goto('/teacher/examMark/doc-tools');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('成绩');
    sheet.addRow(['姓名', '语文', '数学']);
    sheet.addRow([`张一${STAMP}`, 98, 100]);
    const files = page.locator('.ant-card').filter({ hasText: '文件预览与打印' });
    await files.locator('input[type=file]').setInputFiles({
      name: `成绩表${STAMP}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    const item = files.locator('.ant-list-item').filter({ hasText: `成绩表${STAMP}.xlsx` });
    await item.waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 150_000 }),
      item.getByRole('button', { name: /横向打印$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`成绩表${STAMP}-横向.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    const seg = page.locator('.ant-card').filter({ hasText: 'Word 试卷拆题' });
    await seg.getByLabel('学科').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^数学$/ }).click();
    await seg.locator('input[type=file]').setInputFiles({
      name: `练习${STAMP}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await twoPagePaper(),
    });
    await seg.getByText('识别出 2 道题', { exact: false }).waitFor({ timeout: 60_000 });
    expect(await seg.innerText()).toContain('解方程 2x + 3 = 11');
  });
});

describe('question editor: pasted picture and 拍照识题', () => {
  let stem: string;
  beforeEach(async () => {
    const teacher = await apiSession('teacher01');
    const mathId = await mathCourseId(teacher);
    const me = (await callApi(authApi.findUserInfo, {}, teacher)).data as {
      user: { userId: string; schoolId: string };
    };
    const base = (await callApi(questionBankApi.getBase, { courseId: mathId }, teacher)).data as {
      questionTypes: { id: string; name: string }[];
    };
    stem = `E2E识题${STAMP}${Date.now() % 1000}：原题干`;
    const imported = await callApi(
      questionBankSchoolApi.importUserQuestions,
      {
        userId: me.user.userId,
        schoolId: me.user.schoolId,
        courseId: mathId,
        questions: [
          {
            questionTypeId: base.questionTypes.find((t) => t.name === '解答题')!.id,
            difficulty: 2,
            stem,
            options: [],
            answer: '47',
            explanation: '',
          },
        ],
      },
      teacher,
    );
    expect(imported.status, imported.message).toBe(200);
    await signIn('teacher01');
    await page.goto('/teacher/questionBank/my-paper');
    await page.getByRole('tab', { name: '我上传的试题' }).click();
    await pickJuniorMath(page);
    const row = page.getByTestId('data-table-我上传的试题').locator('tr.ant-table-row', { hasText: stem });
    await row.getByRole('button', { name: '编辑' }).click();
  });

  const editor = () => page.locator('.ant-modal').filter({ hasText: '编辑我的试题' });

  it('keeps a picture pasted into 题干 and shows it under the text', { timeout: 90_000 }, async () => {
    const dialog = await opened(editor());
    const box = dialog.getByLabel('题干');
    const picture = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    await box.evaluate((element: HTMLTextAreaElement, base64: string) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, picture.toString('base64'));
    await expect
      .poll(() => box.inputValue(), { timeout: 20_000 })
      .toMatch(/^E2E识题.*原题干\{\{图:\d+\/\d{4}\/[0-9a-f-]{36}\.png\}\}$/);
    const shown = dialog.locator('img.qb-picture');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBe(120);
  });

  it('fills 题干 from a photo of a printed question', { timeout: 120_000 }, async () => {
    const dialog = await opened(editor());
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="140"><rect width="100%" height="100%" fill="#f4f1ea"/><text x="30" y="85" font-family="Noto Sans CJK SC" font-size="44" fill="#111">1. 计算 12 + 35 的值是多少</text></svg>`;
    const photo = await sharp(Buffer.from(svg)).blur(0.6).jpeg({ quality: 80 }).toBuffer();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: '题目照片.jpg', mimeType: 'image/jpeg', buffer: photo });
    const box = dialog.getByLabel('题干');
    await expect.poll(() => box.inputValue(), { timeout: 90_000 }).toContain('的值是多少');
    const text = await box.inputValue();
    expect(text).toContain('计算');
    expect(text).toContain('12');
    expect(text).toContain('35');
  });
});
