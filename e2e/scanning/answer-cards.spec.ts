import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { authApi, type QuestionPage, questionBankApi, questionBankUserApi, scanningCardsApi } from '@huikao/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs } from '../support/exams-api.ts';
import { pickOption } from '../support/select';
import { cardOf, dragHandle, markCall, pdfFacts, pointsOf } from './card-support.ts';

// Issue #15's browser flows: admin01 opens a demo exam's subject in 我的答题卡, generates its card,
// drags a box taller, changes the column count and the bubble layout in the designer, and downloads the PDF (page
// count and size as the template says); the signed print link opens the card without a session and
// an altered one is refused; teacher01 makes an exam from a paper in 我的试卷 and lands on its card.

const DEMO_EXAM = '八年级第二次月考';
const COURSE = '数学';

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async ({ task }) => {
  // A failed flow leaves its last screen for whoever reads the failure.
  if (task.result?.state === 'fail')
    await page.screenshot({ path: `${tmpdir()}/answer-cards-failure.png`, fullPage: true });
  await context.close();
});
afterAll(closeBrowser);

const notification = (p: Page, title: string) =>
  p.locator('.ant-notification-notice').filter({ hasText: title }).first();

describe('answer cards', () => {
  it('an administrator generates a demo exam card, drags a box, changes the columns and downloads the PDF', async () => {
    const step = (name: string) => console.log(`[answer-cards] ${name}`);
    page.on('pageerror', (error) => console.log(`[answer-cards] page error: ${error.message}`));
    const admin = await loginAs('admin01');
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);

    step('list');
    // 我的答题卡: the demo exam's subjects, none with a card yet.
    await page.goto('/teacher/examMark/my-card');
    const table = page.getByTestId('data-table-答题卡列表');
    await table.locator('tr.ant-table-row').first().waitFor();
    await pickOption(page, page.getByLabel('考试'), DEMO_EXAM);
    const row = table.locator('tr.ant-table-row', { has: page.getByRole('link', { name: COURSE, exact: true }) });
    await row.waitFor();
    expect(await row.innerText()).toContain('未生成');
    await row.getByRole('button', { name: '生成答题卡' }).click();

    step('designer');
    // The designer opens on the new card: version 1, a draft, its pages drawn and its PDF shown.
    await page.waitForURL(/\/examTemplateInfo\?seId=\d+/);
    const seId = new URL(page.url()).searchParams.get('seId')!;
    await expect.poll(() => page.getByTestId('card-version').textContent()).toContain('第 1 版');
    expect(await page.getByTestId('card-status').textContent()).toBe('草稿');
    await page.getByTestId('card-pdf').waitFor();
    const generated = (await cardOf(admin, seId))!;
    expect(generated.status).toBe('draft');

    step('drag');
    // Drag the first answer box that ends on page 1 down by 20 mm.
    const first = generated.template.pages[0]!;
    const piece = first.regions.find(
      (r): r is Extract<typeof r, { kind: 'answerBox' }> => r.kind === 'answerBox' && r.part === r.parts,
    );
    if (!piece) throw new Error('page 1 has no answer box');
    const before = generated.template.items.flatMap((item) => (item.kind === 'box' ? [item.box] : []));
    const startHeight = before.find((box) => box.id === piece.boxId)!.height;
    const svg = page.getByTestId('card-page-1');
    const handle = page.getByTestId(`box-handle-${piece.boxId}`);
    await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await dragHandle(page, svg, handle, first.width, 20);
    await notification(page, '答题框高度已保存').waitFor();
    await expect
      .poll(async () => {
        const card = await cardOf(admin, seId);
        return card?.template.items.flatMap((item) =>
          item.kind === 'box' && item.box.id === piece.boxId ? [item.box.height] : [],
        )[0];
      })
      .toBeGreaterThanOrEqual(startHeight + 19);
    const dragged = (await cardOf(admin, seId))!;
    expect(dragged.revision).toBeGreaterThan(generated.revision);
    expect(await handle.getAttribute('aria-valuenow')).toBe(
      String(
        dragged.template.items.flatMap((item) =>
          item.kind === 'box' && item.box.id === piece.boxId ? [item.box.height] : [],
        )[0],
      ),
    );

    step('columns');
    // Three columns on A3 (an A4 card goes to A3 first: A4 has one column only).
    if (dragged.settings.paper === 'A4') {
      await page.locator('.ant-segmented-item', { hasText: 'A3 横版' }).click();
      await notification(page, '版式已保存').waitFor();
      await expect.poll(async () => (await cardOf(admin, seId))?.settings.paper).toBe('A3');
    }
    await page.locator('.ant-segmented-item', { hasText: '3 栏' }).click();
    await expect.poll(async () => (await cardOf(admin, seId))?.settings.columns).toBe(3);
    const threeColumns = (await cardOf(admin, seId))!;
    expect(threeColumns.template.pages[0]!.columns).toHaveLength(3);
    await page.getByText(`A3 3 栏 · ${threeColumns.template.pages.length} 页`).waitFor();

    step('bubbles');
    // The bubble layout: 4 questions per block, 竖排; the card is laid out again and the PDF preview
    // is the new file.
    const previewBefore = await page.getByTestId('card-pdf').getAttribute('src');
    await page
      .getByLabel('题组大小')
      .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')
      .click();
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '每组 4 题' })
      .first()
      .click();
    await notification(page, '版式已保存').waitFor();
    await expect.poll(async () => (await cardOf(admin, seId))?.settings.questionsPerBlock).toBe(4);
    await page.locator('.ant-segmented-item', { hasText: '竖排' }).click();
    await expect.poll(async () => (await cardOf(admin, seId))?.settings.blockOrder).toBe('down');
    const bubbles = (await cardOf(admin, seId))!;
    const blocks = bubbles.template.pages.flatMap((p) =>
      p.regions.flatMap((r) => (r.kind === 'objectiveBlock' ? [r.rows.length] : [])),
    );
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.slice(0, -1).every((rows) => rows === 4)).toBe(true);
    await expect.poll(() => page.getByTestId('card-pdf').getAttribute('src')).not.toBe(previewBefore);

    step('bad input');
    // A 考号 of 30 digits is refused with the field's message, and the stored length comes back.
    const digits = page.getByLabel('考号位数');
    await digits.fill('30');
    await digits.press('Enter');
    await notification(page, '考号位数只能是 1 到 20').waitFor();
    await expect.poll(() => digits.inputValue()).toBe(String(bubbles.settings.examNumberLength));
    expect((await cardOf(admin, seId))?.revision).toBe(bubbles.revision);

    step('pdf');
    // The blank PDF: as many A3 landscape pages as the template has.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载空白卡' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const facts = pdfFacts(await readFile((await download.path())!));
    expect(facts.pages).toBe(bubbles.template.pages.length);
    expect(facts.pageSize).toBe(`${pointsOf(420)} x ${pointsOf(297)} pts`);

    step('link');
    // The print link from the designer opens the card without a session.
    await page.getByRole('button', { name: '打印链接' }).click();
    const linkBox = page.getByLabel('打印链接地址');
    await linkBox.waitFor();
    const url = await linkBox.inputValue();
    expect(url).toContain('/answerSheet?');

    const stranger = await newPage();
    try {
      await stranger.page.goto(url);
      await expect
        .poll(() => stranger.page.getByTestId('answer-sheet-title').textContent(), { timeout: 20_000 })
        .toContain(`${DEMO_EXAM} ${COURSE}`);
      await stranger.page.getByTestId('card-pdf').waitFor();
      expect(new URL(stranger.page.url()).pathname).toBe('/answerSheet');

      // One character of the signature changed: refused, with a clear message, and no PDF.
      const altered = new URL(url);
      const sign = altered.searchParams.get('sign')!;
      altered.searchParams.set('sign', `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`);
      await stranger.page.goto(altered.toString());
      await stranger.page.getByText('无法打开答题卡').waitFor();
      expect(await stranger.page.getByTestId('card-pdf').count()).toBe(0);
      expect(new URL(stranger.page.url()).pathname).toBe('/answerSheet');
    } finally {
      await stranger.context.close();
    }
  }, 150_000);

  it('a printed demo card is read-only until saved as a new version', async () => {
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/examMark/my-card');
    const table = page.getByTestId('data-table-答题卡列表');
    await table.locator('tr.ant-table-row').first().waitFor();
    await pickOption(page, page.getByLabel('考试'), '九年级11月月考');
    const printed = table.locator('tr.ant-table-row', { hasText: '已印刷' }).first();
    await printed.waitFor();
    await printed.getByRole('button', { name: '设计' }).click();

    await page.waitForURL(/\/examTemplateInfo\?seId=\d+/);
    await expect.poll(() => page.getByTestId('card-status').textContent()).toBe('已印刷');
    const version = Number(/第 (\d+) 版/.exec((await page.getByTestId('card-version').textContent()) ?? '')?.[1]);
    await page.getByTestId('card-page-1').waitFor();
    expect(await page.getByRole('slider').count()).toBe(0);

    await page.getByRole('button', { name: '另存为新版本' }).click();
    await page.getByRole('slider').first().waitFor();
    await page.locator('.ant-segmented-item', { hasText: '单面' }).click();
    await notification(page, `已另存为第 ${version + 1} 版`).waitFor();
    await expect.poll(() => page.getByTestId('card-version').textContent()).toBe(`第 ${version + 1} 版`);
  });

  it('a teacher makes an exam from a paper in 我的试卷 and sees its card', async () => {
    const teacher = await loginAs('teacher01');
    const courses = (await callApi(questionBankApi.getCourses, { stageCode: 2 }, teacher)).data as Array<{
      courseId: string;
      name: string;
    }>;
    const courseId = courses.find((course) => course.name === COURSE)!.courseId;
    const found = (await callApi(questionBankApi.getFast, { courseId, pageSize: 50 }, teacher)).data as QuestionPage;
    // Choice questions whose key is one letter, and questions without options (answered in a box).
    const choices = found.list
      .filter((q) => (q.options?.length ?? 0) >= 2 && /^[A-D]$/.test(q.answer.trim()))
      .slice(0, 4);
    const open = found.list.filter((q) => !q.options || q.options.length === 0).slice(0, 2);
    expect(choices.length).toBeGreaterThan(1);
    const me = (await callApi(authApi.findUserInfo, {}, teacher)).data as {
      user: { userId: string; schoolId: string };
    };
    const title = `E2E试卷建考试${Date.now() % 100_000}`;
    const saved = await callApi(
      questionBankUserApi.addUserPaper,
      {
        userId: me.user.userId,
        schoolId: me.user.schoolId,
        paper: {
          title,
          courseId,
          sections: [
            { title: '一、选择题', questions: choices.map((q) => ({ quesId: q.quesId, score: 4 })) },
            ...(open.length > 0
              ? [{ title: '二、解答题', questions: open.map((q) => ({ quesId: q.quesId, score: 10 })) }]
              : []),
          ],
        },
      },
      teacher,
    );
    expect(saved.status, saved.message).toBe(200);

    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/questionBank/my-paper');
    const row = page.getByTestId('data-table-我的试卷列表').locator('tr.ant-table-row', { hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: '用此试卷建考试' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '用此试卷建考试' });
    await dialog.getByLabel('考试名称').waitFor();
    await dialog.getByLabel('考试名称').fill(title);
    await pickOption(page, dialog.getByLabel('年级'), /^八年级$/);
    await pickOption(page, dialog.getByLabel('参考班级'), '八年级(1)班');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();

    // The new exam's making page, on its card: a draft, version 1, drawn page by page.
    await page.waitForURL(/\/makeExamDetailInfo\?seId=\d+&tab=card/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('card-tab-status').textContent(), { timeout: 20_000 }).toContain('草稿');
    expect(await page.getByTestId('card-tab-status').textContent()).toContain('第1版');
    await page.getByTestId('card-page-1').waitFor();
    const seId = new URL(page.url()).searchParams.get('seId')!;
    const card = await markCall<{ questions: unknown[]; status: string } | null>(
      scanningCardsApi.getExamTemplate,
      { schoolId: teacher.schoolId, seId },
      teacher,
    );
    expect(card?.status).toBe('draft');

    // Its questions are the paper's, with their keys.
    await page.getByRole('tab', { name: '题目结构' }).click();
    await expect
      .poll(() => page.getByTestId('structure-summary').textContent())
      .toContain(`共 ${choices.length + open.length} 题`);
    // And it is listed in 我的答题卡.
    await page.goto('/teacher/examMark/my-card');
    await page.getByTestId('data-table-答题卡列表').locator('tr.ant-table-row', { hasText: title }).waitFor();
  });
});
