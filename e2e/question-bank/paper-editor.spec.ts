import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { teacherWithEmptyBasket } from './school-bank-support.ts';

// Issue #6, the paper editor and the Word export: teacher01 narrows 数学 by a knowledge point, puts
// three questions in the basket, opens the editor from the basket, changes a score (the total
// follows), saves, reloads the saved paper and exports it to Word.

const flow = teacherWithEmptyBasket();

const cards = (p: Page) => p.locator('.qb-question-card');
const total = (p: Page) => p.getByText(/共 \d+ 道试题/);
const paperTotal = async (p: Page) => Number(await p.getByTestId('paper-total').innerText());

describe('paper editor', () => {
  it('builds a paper from the basket, rescores, saves, reloads and exports it to Word', async () => {
    await flow.page.goto('/teacher/questionBank/know-topic');
    await flow.page.locator('.ant-segmented-item', { hasText: '初中' }).click();
    await flow.page.locator('.ant-radio-button-wrapper', { hasText: /^数学$/ }).click();
    await total(flow.page).waitFor();
    const all = Number((await total(flow.page).innerText()).replace(/\D/g, ''));

    // A knowledge point, through the tree's search box.
    await flow.page.getByLabel('搜索知识点').fill('一元一次方程');
    await flow.page.locator('.ant-tree-title', { hasText: /^一元一次方程$/ }).click();
    await expect
      .poll(async () => Number((await total(flow.page).innerText()).replace(/\D/g, '')), { timeout: 10_000 })
      .not.toBe(all);
    await flow.page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    expect(await cards(flow.page).count()).toBeGreaterThanOrEqual(3);

    const chosen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const card = cards(flow.page).nth(i);
      chosen.push((await card.getAttribute('data-ques-id'))!);
      await card.getByRole('button', { name: '加入试题篮' }).click();
      await card.getByRole('button', { name: '移出试题篮' }).waitFor();
    }

    // 试题篮 → 生成试卷 opens the editor with the three questions, one section per type.
    await flow.page.getByRole('button', { name: '试题篮', exact: true }).click();
    await flow.page.getByRole('button', { name: '生成试卷' }).click();
    await flow.page.waitForURL(/\/teacher\/questionBank\/paper-editor\?from=basket/);
    const questions = flow.page.locator('.qb-editor-question');
    await expect.poll(() => questions.count(), { timeout: 10_000 }).toBe(3);
    expect((await questions.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ques-id')))).sort()).toEqual(
      [...chosen].sort(),
    );

    // A new score for question 1: the paper's total follows at once.
    const before = await paperTotal(flow.page);
    const score = flow.page.getByLabel('第1题分值');
    const old = Number(await score.inputValue());
    await score.fill(String(old + 5));
    await score.press('Tab');
    await expect.poll(() => paperTotal(flow.page)).toBe(before + 5);

    await flow.page.getByLabel('试卷标题').fill('一元一次方程单元测验');
    await flow.page.getByRole('button', { name: '保存试卷' }).click();
    await flow.page.locator('.ant-notification-notice', { hasText: '保存成功' }).waitFor();
    await flow.page.waitForURL(/paper-editor\?paperId=\d+/);

    // The saved paper comes back after a reload, with its title, score and total.
    await flow.page.reload();
    await expect.poll(() => flow.page.locator('.qb-editor-question').count(), { timeout: 10_000 }).toBe(3);
    expect(await flow.page.getByLabel('试卷标题').inputValue()).toBe('一元一次方程单元测验');
    expect(Number(await flow.page.getByLabel('第1题分值').inputValue())).toBe(old + 5);
    expect(await paperTotal(flow.page)).toBe(before + 5);
    expect(await flow.page.getByText('已保存', { exact: true }).count()).toBe(1);

    // 导出 Word → 学生版: a .docx download.
    await flow.page.getByRole('button', { name: /导出 Word/ }).click();
    const downloading = flow.page.waitForEvent('download');
    await flow.page.getByRole('menuitem', { name: '学生版' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('一元一次方程单元测验.docx');
    const file = path.join(tmpdir(), `paper-editor-${Date.now()}.docx`);
    await download.saveAs(file);
    expect((await stat(file)).size).toBeGreaterThan(0);
  });
});
