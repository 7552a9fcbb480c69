import JSZip from 'jszip';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// 试卷模板 on the 文档工具 page (issue #19 part 1): admin01 edits the school's paper template,
// previews it (a sample paper printed with the form, shown page by page through word/preview),
// saves it, and finds it saved after a reload.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await context?.close();
});
afterAll(closeBrowser);

describe('试卷模板', () => {
  it('admin01 edits, previews and saves the school paper template', { timeout: 240_000 }, async () => {
    ({ context, page } = await newPage());
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/examMark/doc-tools');
    const card = page.locator('.ant-card').filter({ hasText: '试卷模板' }).first();
    const titles = card.getByLabel('标题行');
    await expect.poll(() => titles.inputValue(), { timeout: 30_000 }).toContain('{学校名称}');

    const watermark = `内部资料${STAMP}`;
    await titles.fill(`{学校名称}期中联考${STAMP}\n{考试名称}`);
    await card.getByLabel('水印文字').fill(watermark);
    await card.getByLabel('注意事项').fill('1. 请用黑色签字笔作答。');
    await card.getByLabel('正文字体').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^楷体$/ }).click();

    // The preview prints the form as it stands: its Word file holds the title and the watermark.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/tool/api/template/previewTemplate'), { timeout: 90_000 }),
      card.getByRole('button', { name: /预览模板$/ }).click(),
    ]);
    const stored = (await answer.json()) as { status: number; data: { url: string } };
    expect(stored.status).toBe(200);
    const docx = await page.request.get(stored.data.url);
    const zip = await JSZip.loadAsync(await docx.body());
    const headers = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => n.startsWith('word/header'))
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(headers.join('')).toContain(watermark);
    expect(await zip.file('word/document.xml')!.async('string')).toContain(`期中联考${STAMP}`);

    const viewer = page.locator('.ant-modal').filter({ hasText: '预览：试卷模板预览.docx' });
    await viewer.getByText(/共 \d+ 页/).waitFor({ timeout: 150_000 });
    const first = viewer.locator('img.word-page').first();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalHeight / img.naturalWidth : 0)))
      .toBeCloseTo(297 / 210, 1);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: /保存模板$/ }).click();
    await page.locator('.ant-notification-notice-title', { hasText: '试卷模板已保存' }).waitFor();
    await card.getByText('已保存', { exact: true }).waitFor();

    await page.reload();
    const again = page.locator('.ant-card').filter({ hasText: '试卷模板' }).first();
    await expect.poll(() => again.getByLabel('水印文字').inputValue(), { timeout: 30_000 }).toBe(watermark);
    expect(await again.getByLabel('标题行').inputValue()).toContain(`期中联考${STAMP}`);
  });
});
