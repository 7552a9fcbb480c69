import { tmpdir } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, newPage } from '../support/browser.ts';
import { loginAs } from '../support/exams-api.ts';
import {
  createScannableExam,
  openScanTab,
  scannedSheets,
  uploadScanBatch,
  WORN_SCANNER,
  waitForRecognition,
} from '../support/scan-batch.ts';

// Issue #16's browser flow: admin01 uploads a small batch of scanned sheets on 试卷制作's 扫描 tab,
// watches the upload and recognition progress, resolves the one exception (a multi-marked question)
// at the keyboard, and finds the objective scores in the exam's 成绩 step. The sheets are drawn from
// the exam's own card template, filled in pencil and put through a scanner (turned, blurred, JPEG 60).

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const KEYS = { '1': 'A', '2': 'B', '3': 'C', '4': 'D' } as const;

describe('scanning', () => {
  it('an administrator uploads a batch, watches it, resolves an exception and sees the scores', async () => {
    try {
      await flow();
    } catch (error) {
      await page.screenshot({ path: `${tmpdir()}/huikao-scan-upload-failure.png`, fullPage: true }).catch(() => {});
      throw error;
    }
  }, 300_000);
});

async function flow() {
  const admin = await loginAs('admin01');
  const { exam, seId, card, students } = await createScannableExam(admin, `扫描演练${Date.now() % 100000}`, {
    key: KEYS,
    subjectiveMark: 80,
    students: 3,
  });

  // Two clean sheets (all right; all but one right) and one with question 1 marked twice.
  const answers = [{ ...KEYS }, { ...KEYS, '4': 'A' }, { ...KEYS, '1': 'AB' }];
  const files = await scannedSheets(
    card,
    students.map((student, i) => ({ examNo: student.examNo!, answers: answers[i] })),
    WORN_SCANNER,
  );
  files.push({ name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('scanner log') });

  await openScanTab(page, seId);

  // Upload: a bar for the batch, a line per file; the text file is left out with its reason.
  await uploadScanBatch(page, files);
  const scans = files.length - 1;
  await page.getByText(`本批上传 ${scans} / ${files.length} 个文件`).waitFor();
  await page.getByText('只能上传扫描图像：JPEG、PNG、TIFF、PDF，或包含它们的 zip 压缩包').waitFor();
  expect(await page.getByText('已保存').count()).toBeGreaterThanOrEqual(scans);

  // Recognition progress in the batch list, polled until every page is read.
  await waitForRecognition(page, scans);

  // The multi-marked question waits in its queue; the correction is typed and Enter confirms it.
  await page.getByText('异常处理', { exact: false }).first().click();
  // The queue opens on the first kind with open exceptions: the one planted.
  await page.getByRole('tab', { name: /客观题涂卡异常\s*1/, selected: true }).waitFor();
  const item = page.getByRole('region', { name: '异常处理' });
  await item.getByText('第1题多涂（AB）').waitFor();
  await item.getByRole('img', { name: '扫描页' }).waitFor();
  await item.getByLabel('选项').fill('A');
  await item.getByLabel('选项').press('Enter');
  await page.getByText('没有待处理的异常', { exact: true }).waitFor();

  // Reconciliation: the class's room (no rooms placed) has the three sheets in and nothing open;
  // the students not scanned are listed as missing, so it is not yet 已核对.
  await page.getByText('考场核对', { exact: true }).click();
  const rooms = page.getByTestId('data-table-考场核对');
  const room = rooms.locator('tr.ant-table-row').filter({ hasText: '未分考场' });
  await room.waitFor();
  const cells = await room.locator('td').allInnerTexts();
  expect(cells).toContain(String(scans));
  expect(cells).toContain('未核对');
  await page.getByRole('region', { name: '考场核对' }).waitFor();

  // 成绩: the scanned answers scored from the key (5 each), the corrected one included.
  await page.goto(`/teacher/examMark/my-exam?meId=${exam.meId}&step=4`);
  const totals = [20, 15, 20];
  for (const [i, student] of students.entries()) {
    const row = page.locator('tr[data-testid^="score-row-"]').filter({ hasText: student.name });
    await row.getByTestId('row-total').getByText(String(totals[i]), { exact: true }).waitFor();
  }
}
