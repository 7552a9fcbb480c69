import {
  type OnlineExamCandidate,
  type OnlineExamSummary,
  onlineExamApi,
  type StudentOnlineExam,
} from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { gradeInTerm, loginAs, ok } from '../support/exams-api.ts';

// Issue #18 items 1–2: teacher01 makes an online exam from an existing exam's structure (答题卡 on
// screen, against a printed paper) for two chosen students of their class: student01 and one
// classmate. student01 finds it in 我的考试 and sees the numbered slots; a classmate not chosen
// does not see it.

let context: BrowserContext;
let page: Page;
afterAll(closeBrowser);
beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});

const NAME = `结构在线作答${Date.now() % 100_000}`;
/** Imported students sign in with the school code and their 学号 (school-base person-accounts). */
const loginNameOf = (studentNo: string) => `hksy${studentNo}`;

describe('在线考试 from an exam’s structure, for chosen students', () => {
  it('teacher01 gives it to student01 and one classmate; another classmate does not see it', async () => {
    const teacher = await loginAs('teacher01');
    const student01 = await loginAs('student01');
    const schoolId = teacher.schoolId;
    const { sgt } = await gradeInTerm(teacher, '八年级');

    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto('/teacher/examMark/online-exam');
    await page.getByRole('button', { name: '新建在线考试' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建在线考试' });
    await dialog.waitFor();
    await dialog.getByText('已有考试的结构').click();
    const source = dialog.getByLabel('考试科目（按其题号、题型、分值和答案作答）');
    await source.click();
    await source.fill('八年级数学');
    await page.locator('.ant-select-item-option').filter({ hasText: '八年级数学' }).first().click();
    await dialog.getByLabel('考试名称').fill(NAME);

    // The picker offers teacher01's students: student01 by 学号, then a classmate by name.
    const picker = dialog.getByLabel('指定学生');
    await picker.click();
    await picker.fill('20240801');
    await page.locator('.ant-select-item-option').filter({ hasText: '张子涵' }).click();
    // 学号 are entry year, grade, class and seat (demo-base-data.ts): seats 2 and 3 of student01's class.
    const find = (keyword: string) =>
      ok<OnlineExamCandidate[]>(
        onlineExamApi.findOnlineExamStudents,
        { schoolId, termId: sgt.term.termId, keyword },
        teacher,
      );
    const me = (await find('20240801')).find((c) => c.studentNo === '20240801');
    expect(me, 'student01 is in teacher01’s classes').toBeDefined();
    const seat = async (no: string) =>
      (await find(no)).find((c) => c.classId === me!.classId && c.studentNo.endsWith(no));
    const chosen = (await seat('080102'))!;
    const left = (await seat('080103'))!;
    expect(chosen && left).toBeTruthy();
    await picker.fill(chosen.studentNo);
    await page.locator('.ant-select-item-option').filter({ hasText: chosen.studentNo }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

    const made = (await ok<OnlineExamSummary[]>(onlineExamApi.findOnlineExams, { schoolId }, teacher)).find(
      (e) => e.name === NAME,
    );
    expect(made).toMatchObject({ courseName: '数学', studentCount: 2, shuffle: false });

    // student01 sees it in 我的考试 and opens the numbered answer slots.
    const student = await newPage();
    try {
      await loginThroughPage(student.page, 'student01', DEMO_PASSWORD);
      await student.page.waitForURL(/\/student\//);
      await student.page.goto('/student/student-exam-main/student-exam-list');
      const row = student.page.locator('.ant-table-row').filter({ hasText: NAME });
      await row.getByRole('button', { name: '开始作答' }).click();
      await student.page.getByTestId('online-sitting').waitFor();
      await student.page
        .getByText(/请对照试卷第 \S+ 题作答/)
        .first()
        .waitFor();
    } finally {
      await student.context.close();
    }

    const names = async (loginName: string) =>
      (await ok<StudentOnlineExam[]>(onlineExamApi.findOnLineExamByStuId, { schoolId }, await loginAs(loginName))).map(
        (e) => e.name,
      );
    expect(await names(loginNameOf(chosen.studentNo))).toContain(NAME);
    expect(await names(loginNameOf(left.studentNo))).not.toContain(NAME);
    expect(await names(student01.loginName)).toContain(NAME);
  }, 120_000);
});
