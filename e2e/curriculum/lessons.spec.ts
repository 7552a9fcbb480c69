import { curriculumApi, type MajorLesson, type StoredUser } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { loginAs, ok } from '../support/exams-api.ts';

// Issue #19 part 3, the lessons (课次) of a major's teaching plan: admin01 renames one lesson through
// its 编辑 dialog and deletes another (with the confirmation); the server then holds exactly that.
// The school, course, major, plan and two lessons are made through the calls; majors are turned
// off again at the end, since curriculum.spec.ts starts from a school without them.

const STAMP = Date.now().toString(36).toUpperCase().slice(-5);
const COURSE = `机械制图${STAMP}`;
const MAJOR = `数控技术${STAMP}`;

let context: BrowserContext;
let page: Page;
let admin: StoredUser;
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(async () => {
  if (admin) await ok(curriculumApi.saveSetting, { schoolId: admin.schoolId, majorsEnabled: false }, admin);
  await closeBrowser();
});

describe('专业课程: 课次', () => {
  it('admin01 edits a lesson name and deletes a lesson', { timeout: 120_000 }, async () => {
    admin = await loginAs('admin01');
    const schoolId = admin.schoolId;
    await ok(curriculumApi.saveSetting, { schoolId, majorsEnabled: true }, admin);
    const course = await ok<{ courseId: string }>(curriculumApi.saveCourse, { schoolId, name: COURSE }, admin);
    const major = await ok<{ majorId: string }>(
      curriculumApi.saveMajor,
      { schoolId, name: MAJOR, enterYear: 2026, years: 3 },
      admin,
    );
    const plan = await ok<{ planId: string }>(
      curriculumApi.savePlan,
      { schoolId, majorId: major.majorId, term: 1, courseId: course.courseId, hours: 64 },
      admin,
    );
    for (const [lessonNo, title] of [
      [1, '投影基础'],
      [2, '三视图'],
    ] as const) {
      await ok(curriculumApi.saveLesson, { schoolId, planId: plan.planId, lessonNo, title, hours: 2 }, admin);
    }

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/initData/curriculum');
    await page.getByRole('tab', { name: '专业与教学计划' }).click();
    const majors = page.getByRole('region', { name: '专业' });
    await majors.getByRole('row').filter({ hasText: MAJOR }).getByRole('button', { name: '教学计划' }).click();
    const card = page.locator('.ant-card').filter({ hasText: `2026级${MAJOR} 教学计划` });
    const row = card.getByRole('row').filter({ hasText: COURSE });
    await row.locator('.ant-table-row-expand-icon').click();
    const first = card.getByLabel('第1次课');
    await first.getByText('投影基础').waitFor();

    // 编辑: the dialog opens with the lesson's values; the new name shows in the list.
    await first.getByRole('button', { name: '编辑' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `编辑课次：${COURSE}` });
    await dialog.waitFor();
    const title = dialog.getByLabel('授课内容');
    expect(await title.inputValue()).toBe('投影基础');
    await title.fill('正投影与三视图');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await first.getByText('第1次课：正投影与三视图（2学时）').waitFor();

    // 删除 the second, confirmed.
    const second = card.getByLabel('第2次课');
    await second.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await second.waitFor({ state: 'detached' });

    const stored = await ok<MajorLesson[]>(curriculumApi.getLessons, { schoolId, majorId: major.majorId }, admin);
    expect(stored.map((l) => [l.lessonNo, l.title])).toEqual([[1, '正投影与三视图']]);
  });
});
