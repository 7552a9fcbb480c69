import {
  authApi,
  BASKET_DUPLICATE_MESSAGE,
  BASKET_FULL_MESSAGE,
  type Basket,
  type QbCourse,
  type QuestionPage,
  questionBankApi,
  questionBankUserApi,
  type StoredUser,
} from '@huikao/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_QUESTION_BANKS } from '../../apps/server/src/db/seed/demo-questions/index.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

// Issue #6, the question screens: teacher01 picks 数学, narrows by a knowledge point, sees the
// questions with rendered formulas, filters by 题型 and 难度, searches a Chinese keyword, pages, and
// opens a paper of the library.

// The demo seed files each grade's demo questions of a course under one paper.
const DEMO_PAPER_TITLE = '七年级数学综合练习（示例）';
const DEMO_PAPER_QUESTIONS = DEMO_QUESTION_BANKS.find((b) => b.course === '数学')!.questions.filter(
  (q) => q.grade === 7,
).length;

let context: BrowserContext;
let page: Page;

afterAll(closeBrowser);
beforeEach(async () => {
  ({ context, page } = await newPage());
  await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/\/teacher\//);
});
afterEach(async () => {
  await context.close();
});

const cards = (p: Page) => p.locator('.qb-question-card');
const total = (p: Page) => p.getByText(/共 \d+ 道试题/);

async function totalCount(p: Page): Promise<number> {
  return Number((await total(p).innerText()).replace(/\D/g, ''));
}

/** Waits until the list has settled on a new total (the previous page stays while loading). */
async function settled(p: Page, previous: number): Promise<number> {
  await expect.poll(() => totalCount(p), { timeout: 10_000 }).not.toBe(previous);
  await p.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  return totalCount(p);
}

async function pickTag(p: Page, group: string, tag: string) {
  await p.getByRole('group', { name: group }).locator('.ant-tag-checkable', { hasText: tag }).first().click();
}

async function allCardsContain(list: Locator, text: string) {
  const texts = await list.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const cardText of texts) expect(cardText).toContain(text);
}

async function openMath(p: Page) {
  await p.goto('/teacher/questionBank/know-topic');
  await p.locator('.ant-segmented-item', { hasText: '初中' }).click();
  await p.locator('.ant-radio-button-wrapper', { hasText: /^数学$/ }).click();
  await total(p).waitFor();
  await expect.poll(() => totalCount(p), { timeout: 10_000 }).toBeGreaterThan(20);
}

describe('know-topic', () => {
  it('filters by knowledge point, 题型 and 难度, renders formulas, searches in Chinese and pages', async () => {
    await openMath(page);
    const all = await totalCount(page);
    await expect.poll(() => cards(page).count()).toBe(10); // spec §9: 10 a page

    // A knowledge point, found through the tree's search box.
    await page.getByLabel('搜索知识点').fill('一元一次方程');
    await page.locator('.ant-tree-title', { hasText: /^一元一次方程$/ }).click();
    const byPoint = await settled(page, all);
    expect(byPoint).toBeGreaterThan(0);
    expect(byPoint).toBeLessThan(all);
    await expect.poll(() => page.locator('.qb-question-card .katex').count()).toBeGreaterThan(0);
    // 查看解析 shows the answer, the explanation and the knowledge point.
    await cards(page).first().getByRole('button', { name: '查看解析' }).click();
    const analysis = cards(page).first().getByRole('region', { name: '解析' });
    await expect.poll(() => analysis.innerText()).toContain('【答案】');
    expect(await analysis.innerText()).toContain('一元一次方程');

    // Back to the whole course (click the chosen node again), then 题型 and 难度.
    await page.locator('.ant-tree-title', { hasText: /^一元一次方程$/ }).click();
    await settled(page, byPoint);
    await pickTag(page, '题型', '单选题');
    const singles = await settled(page, all);
    await allCardsContain(cards(page), '单选题');
    await pickTag(page, '难度', '较易');
    await settled(page, singles);
    await allCardsContain(cards(page), '较易');
    await allCardsContain(cards(page), '单选题');

    // Back to 全部, then a Chinese keyword.
    await pickTag(page, '题型', '全部');
    await pickTag(page, '难度', '全部');
    await expect.poll(() => totalCount(page)).toBe(all);
    await page.getByLabel('试题关键字').fill('方程');
    await page.getByLabel('试题关键字').press('Enter');
    const matching = await settled(page, all);
    expect(matching).toBeGreaterThan(0);
    await allCardsContain(cards(page), '方程');

    // Paging: the whole course again, page 2 shows other questions.
    await page.getByLabel('试题关键字').fill('');
    await expect.poll(() => totalCount(page)).toBe(all);
    const firstOnPage1 = await cards(page).first().getAttribute('data-ques-id');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => cards(page).first().getAttribute('data-ques-id')).not.toBe(firstOnPage1);
    await expect.poll(() => page.locator('.ant-pagination-item-active').innerText()).toBe('2');
  });

  it('opens a paper of the library with its sections and formulas', async () => {
    await openMath(page);
    await page.goto('/teacher/questionBank/paper-topic');
    const table = page.getByTestId('data-table-试卷列表');
    await table.getByRole('button', { name: DEMO_PAPER_TITLE }).click();
    const content = page.getByRole('article', { name: '试卷内容' });
    await content.waitFor();
    await expect.poll(() => content.locator('.qb-paper-question').count()).toBe(DEMO_PAPER_QUESTIONS);
    expect(await content.locator('.katex').count()).toBeGreaterThan(0);
    const text = await content.innerText();
    expect(text).toContain(DEMO_PAPER_TITLE);
    expect(text).toMatch(/一、\S+题/);
    expect(text).toContain('单选题');
    // The paper is linkable: the open paper is in the address.
    expect(page.url()).toMatch(/paperId=\d+/);
  });

  it('chapter-topic narrows by a chapter of the chosen volume', async () => {
    await openMath(page);
    await page.goto('/teacher/questionBank/chapter-topic');
    await page.getByRole('combobox', { name: '册别' }).waitFor();
    await page.locator('.ant-select', { hasText: '七年级上册' }).waitFor();
    await total(page).waitFor();
    await expect.poll(() => totalCount(page), { timeout: 10_000 }).toBeGreaterThan(0);
    const volume = await totalCount(page);
    await page.locator('.ant-tree-title', { hasText: /^第三章 一元一次方程$/ }).click();
    const chapter = await settled(page, volume);
    expect(chapter).toBeGreaterThan(0);
    expect(chapter).toBeLessThan(volume);
    await expect.poll(() => page.locator('.qb-question-card .katex').count()).toBeGreaterThan(0);
  });

  it('adds questions to the basket, counts them per type, and refuses a duplicate with 提示', async () => {
    await openMath(page);
    // A second tab of the same teacher, loaded before the basket changes (another device).
    const other = await context.newPage();
    await openMath(other);

    for (let i = 0; i < 3; i++) {
      const card = cards(page).nth(i);
      await card.getByRole('button', { name: '加入试题篮' }).click();
      await card.getByRole('button', { name: '移出试题篮' }).waitFor();
    }
    await page.getByRole('button', { name: '试题篮', exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '清空试题篮' });
    await expect.poll(() => drawer.innerText()).toMatch(/共\s*3\s*题/);
    const counts = await drawer.locator('.qb-basket-count').allInnerTexts();
    expect(counts.map((count) => Number.parseInt(count, 10)).reduce((a, b) => a + b, 0)).toBe(3);

    // The other tab still shows 加入试题篮 on the first question: the server refuses it.
    await other.bringToFront();
    await cards(other).first().getByRole('button', { name: '加入试题篮' }).click();
    const notice = other.locator('.ant-notification-notice', { hasText: BASKET_DUPLICATE_MESSAGE });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('提示');
  });
  it('refuses a 51st question with the spec notice titled 提示', async () => {
    // Fill teacher01's 数学 basket to 50 from another device (the API), leaving out the question
    // the page shows first.
    const login = await callApi(authApi.userLogin, { loginName: 'teacher01', password: DEMO_PASSWORD });
    const teacher = login.data as StoredUser;
    const courses = (await callApi(questionBankApi.getCourses, { stageCode: 2 }, teacher)).data as QbCourse[];
    const courseId = courses.find((c) => c.name === '数学')!.courseId;
    const firstPage = (await callApi(questionBankApi.getFast, { courseId }, teacher)).data as QuestionPage;
    const shownFirst = firstPage.list[0]!.quesId;
    const all = (await callApi(questionBankApi.getFast, { courseId, pageSize: 100 }, teacher)).data as QuestionPage;
    const fifty = all.list
      .map((q) => q.quesId)
      .filter((id) => id !== shownFirst)
      .slice(0, 50);
    expect(fifty).toHaveLength(50);
    expect((await callApi(questionBankUserApi.clearBasket, { courseId }, teacher)).status).toBe(200);
    const filled = await callApi(questionBankUserApi.addManyToBasket, { quesIds: fifty }, teacher);
    expect(filled.status, filled.message).toBe(200);

    await openMath(page);
    const first = cards(page).first();
    expect(await first.getAttribute('data-ques-id')).toBe(shownFirst);
    await first.getByRole('button', { name: '加入试题篮' }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: BASKET_FULL_MESSAGE });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('提示');
    // Nothing was added: the basket still holds 50.
    const basket = (await callApi(questionBankUserApi.getBasket, { courseId }, teacher)).data as Basket;
    expect(basket.total).toBe(50);
    expect(basket.groups.flatMap((group) => group.quesIds)).not.toContain(shownFirst);
    await callApi(questionBankUserApi.clearBasket, { courseId }, teacher);
  });
});
