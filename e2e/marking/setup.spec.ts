import { tmpdir } from 'node:os';
import { type LeasedPaper, type MarkBlock, markingApi, type StoredUser } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markCall } from '../scanning/card-support.ts';
import { closeBrowser, newPage } from '../support/browser.ts';
import { loginAs } from '../support/exams-api.ts';
import {
  createScannableExam,
  GENTLE_SCANNER,
  openScanTab,
  scannedSheets,
  uploadScanBatch,
  waitForRecognition,
} from '../support/scan-batch.ts';

// Issue #17's set-up flow (mark-setup's part): admin01 scans two sheets of a fresh exam, then on
// 试卷制作's 阅卷设置 tab proposes the 题块, sets admin01 and teacher01 as its markers and starts
// marking (the papers come from the sheets' crops); the marks are made through the API; admin01
// finishes the 题块 and runs 合成成绩, and finds the subjective finals in the exam's 成绩 step.

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const KEYS = { '1': 'A', '2': 'B' } as const;

/** Both markers claim and submit until nothing is left for them: double marking, equal scores. */
async function markAll(blockId: string, markers: StoredUser[], score: (paperId: string) => number, question: string) {
  for (const marker of markers) {
    for (;;) {
      const paper = await markCall<LeasedPaper | null>(markingApi.claim, { blockId }, marker);
      if (!paper) break;
      await markCall(
        markingApi.submit,
        {
          blockId,
          paperId: paper.paperId,
          token: paper.token,
          scores: { [question]: score(paper.paperId) },
          seconds: 5,
        },
        marker,
      );
    }
  }
}

describe('阅卷设置', () => {
  it('admin01 sets up a 题块 with markers, starts marking, finishes and merges the scores', async () => {
    try {
      await flow();
    } catch (error) {
      await page.screenshot({ path: `${tmpdir()}/huikao-mark-setup-failure.png`, fullPage: true }).catch(() => {});
      throw error;
    }
  }, 300_000);
});

async function flow() {
  const admin = await loginAs('admin01');
  const teacher = await loginAs('teacher01');
  const { exam, seId, card, students } = await createScannableExam(admin, `阅卷演练${Date.now() % 100000}`, {
    key: KEYS,
    subjectiveMark: 90,
    students: 2,
  });
  const files = await scannedSheets(
    card,
    students.map((student) => ({ examNo: student.examNo!, answers: { ...KEYS } })),
    GENTLE_SCANNER,
  );

  await openScanTab(page, seId);
  await uploadScanBatch(page, files);
  await waitForRecognition(page, files.length);

  // 阅卷设置: one 题块 proposed for the subjective question (90 points: 双评), saved.
  await page.getByRole('tab', { name: '阅卷设置' }).click();
  await page.getByRole('button', { name: '按题目生成题块' }).click();
  const block = page.getByTestId('mark-block-第3题');
  await block.getByText('双评', { exact: true }).waitFor();
  await page.getByRole('button', { name: '保存题块设置' }).click();
  await page.getByText('题块设置已保存').waitFor();
  await block.getByText('试卷 0 份').waitFor();

  // Markers: admin01 and teacher01 picked from the school's teachers; admin01 is 题组长.
  await block.getByRole('button', { name: '设置阅卷教师' }).click();
  const picker = block.getByLabel('阅卷教师');
  for (const who of [admin.name, teacher.name]) {
    await picker.click();
    await picker.fill(who);
    await page.locator('.ant-select-item-option').filter({ hasText: who }).first().click();
  }
  await page.keyboard.press('Escape');
  await block.getByRole('checkbox', { name: '题组长' }).first().check();
  await block.getByRole('button', { name: '保存阅卷教师' }).click();
  await page.getByText('阅卷教师已保存').waitFor();
  await block.getByText(`${admin.name}（题组长）`).waitFor();

  // 开始阅卷: the two sheets' crops become the papers.
  await block.getByRole('button', { name: '开始阅卷' }).click();
  await block.getByText('阅卷中').waitFor();
  await block.getByText('试卷 2 份').waitFor();

  const [stored] = await markCall<MarkBlock[]>(markingApi.findBlocks, { seId }, admin);
  const question = stored!.questions[0]!.questionId;
  const scores = new Map<string, number>();
  await markAll(
    stored!.id,
    [admin, teacher],
    (id) => {
      if (!scores.has(id)) scores.set(id, 60 + scores.size * 10);
      return scores.get(id)!;
    },
    question,
  );

  // 结束, then 合成成绩: the finals (60, 70) join the objective 10 of each sheet.
  await page.reload();
  await block.getByRole('button', { name: '结束' }).click();
  await block.getByText('已结束').waitFor();
  await page.getByRole('button', { name: '合成成绩' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await page.getByText('成绩已合成').waitFor();

  await page.goto(`/teacher/examMark/my-exam?meId=${exam.meId}&step=4`);
  const totals = [...scores.values()].map((s) => String(s + 10)).sort();
  const shown: string[] = [];
  for (const student of students) {
    const row = page.locator('tr[data-testid^="score-row-"]').filter({ hasText: student.name });
    await row.getByTestId('row-total').waitFor();
    shown.push((await row.getByTestId('row-total').innerText()).trim());
  }
  expect(shown.sort()).toEqual(totals);
}
