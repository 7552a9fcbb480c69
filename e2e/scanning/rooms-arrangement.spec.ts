import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { scanningRoomsApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createExam, gradeInTerm, loginAs } from '../support/exams-api.ts';
import { markCall } from './card-support.ts';

// Issue #19's two screens on 考场编排: an administrator types two 监考教师 into a room's edit form
// (still there after a reload, in the rooms table), then 导出考务安排 downloads the exam's Word
// document, unzipped here: word/document.xml has the title and the invigilators typed.

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

describe('考场编排: 监考教师 and 考务安排', () => {
  it('an administrator adds two invigilators to a room and exports the 考务安排 as Word', async () => {
    const admin = await loginAs('admin01');
    const { classes } = await gradeInTerm(admin, '七年级');
    const exam = await createExam(admin, `考务安排演练${Date.now() % 100000}`, {
      gradeName: '七年级',
      subjects: [{ course: '数学', fullMark: 100 }],
      classes: classes.slice(0, 1),
    });
    await markCall(
      scanningRoomsApi.saveExamRooms,
      {
        schoolId: admin.schoolId,
        meId: exam.meId,
        rooms: [
          { name: '第01考场', location: '实验楼', seatCount: 40, columns: 6 },
          { name: '第02考场', location: '实验楼', seatCount: 40, columns: 6 },
        ],
      },
      admin,
    );

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto(`/makeExamDetailInfo?seId=${exam.singleExams[0]!.seId}&tab=rooms`);
    const table = page.getByTestId('data-table-考场列表');
    const first = table.locator('tr.ant-table-row', { hasText: '第01考场' });
    await first.waitFor();

    // 修改 → 监考教师: two names, each confirmed with Enter.
    await first.getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog', { name: '修改考场' });
    const names = dialog.getByLabel('监考教师');
    await names.fill('王监考');
    await names.press('Enter');
    await names.fill('李巡视');
    await names.press('Enter');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await first.getByText('王监考、李巡视').waitFor();

    // Stored: still there after a reload, and in the edit form again.
    await page.reload();
    await first.getByText('王监考、李巡视').waitFor();
    expect(await table.locator('tr.ant-table-row', { hasText: '第02考场' }).innerText()).not.toContain('王监考');
    await first.getByRole('button', { name: '修改' }).click();
    await dialog.getByText('李巡视').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // 导出考务安排: a Word file whose document has the 考务安排 and both invigilators.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出考务安排' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${exam.name}考务安排.docx`);
    const file = (await download.path())!;
    expect(statSync(file).size).toBeGreaterThan(0);
    const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('考务安排');
    expect(xml).toContain('王监考');
    expect(xml).toContain('李巡视');
    expect(xml).toContain('第02考场');
  });
});
