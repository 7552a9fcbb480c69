import { writeFile } from 'node:fs/promises';
import { examsApi } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { callApi } from '../support/api.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createExam, gradeInTerm, loginAs, type SubjectPlan } from '../support/exams-api.ts';
import { pickOption } from '../support/select';

// Issue #4's browser test: admin01 creates an exam of 八年级 with two subjects, seats 八年级(1)班,
// defines the questions, imports each subject's scores from the downloaded template (one bad row
// first, fixed and uploaded again), finalises and publishes; student01 then sees the scores and the
// paper. A second flow drives the keyboard score grid.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const GRADE = '八年级';
const CLASS = '八年级(1)班';
const STUDENT = { no: '20240801', name: '张子涵' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const dialogTitled = (p: Page, title: string | RegExp) => p.locator('.ant-modal').filter({ hasText: title });

/** Waits until a dialog has finished its opening animation (antd ignores clicks while it zooms in). */
async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
  return dialog;
}

const notification = (p: Page, title: string) =>
  p.locator('.ant-notification-notice').filter({ hasText: title }).first();

type Answers = Record<string, string | number>;

/**
 * The downloaded template with every pre-filled student's cells set: `answers` for everyone, and
 * per 学号 overrides. The sheet is the subject's; the header row names 学号 … and each 题号.
 */
async function scoresFile(template: string, course: string, answers: Answers, overrides: Record<string, Answers>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.getWorksheet(course);
  if (!sheet) throw new Error(`template has no sheet ${course}: ${workbook.worksheets.map((w) => w.name).join(', ')}`);
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    columns.set(cell.text.trim(), col);
  });
  let students = 0;
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const studentNo = row.getCell(columns.get('学号')!).text.trim();
    if (!studentNo) continue;
    students++;
    for (const [title, value] of Object.entries({ ...answers, ...overrides[studentNo] })) {
      const col = columns.get(title);
      if (col === undefined) throw new Error(`template has no column ${title}: ${[...columns.keys()].join(', ')}`);
      row.getCell(col).value = value;
    }
    row.commit();
  }
  expect(students).toBeGreaterThan(10);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function chooseSubject(p: Page, course: string) {
  await p.locator('.ant-segmented-item').filter({ hasText: course }).click();
  await p.locator('.ant-segmented-item-selected').filter({ hasText: course }).waitFor();
}

async function defineQuestions(p: Page, course: string) {
  await chooseSubject(p, course);
  const quickAdd = p.getByTestId('quick-add');
  await quickAdd.getByLabel('题数').fill('2');
  await quickAdd.getByLabel('每题分值').fill('3');
  await quickAdd.getByRole('button', { name: '添加' }).click();
  await p.getByLabel('第2题答案').waitFor();
  await quickAdd.getByLabel('题数').fill('1');
  await pickOption(p, quickAdd.getByLabel('题型'), '主观题', { confirm: true });
  await quickAdd.getByLabel('每题分值').fill('10');
  await quickAdd.getByRole('button', { name: '添加' }).click();
  await p.getByLabel('第3题满分').waitFor();
  await p.getByLabel('第1题答案').fill('A');
  await p.getByLabel('第2题答案').fill('B');
  // 3 + 3 + 10 = the subject's full mark of 16.
  expect(await p.getByTestId('structure-sum').textContent()).toContain('16 / 科目满分 16');
  await p.getByRole('button', { name: '保存题目结构与答案' }).click();
  await notification(p, '题目结构已保存').waitFor();
  await p.getByText('有未保存的修改').waitFor({ state: 'hidden' });
}

/** Imports a subject's scores: the bad row is refused in the preview, then fixed and imported. */
async function importScores(p: Page, course: string, student01: Answers) {
  await chooseSubject(p, course);
  await p.getByRole('button', { name: '导入成绩' }).click();
  const dialog = await opened(dialogTitled(p, `导入${course}成绩`));
  const [download] = await Promise.all([
    p.waitForEvent('download'),
    dialog.getByRole('button', { name: /下载模板$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await download.path();
  const everyone = { '1': 'A', '2': 'C', '3': 6 };

  // student01's subjective score above the full mark of 10.
  const upload = dialog.locator('input[type=file]');
  const bad = await scoresFile(template, course, everyone, { [STUDENT.no]: { ...student01, '3': 99 } });
  await upload.setInputFiles({ name: `${course}.xlsx`, mimeType: XLSX, buffer: bad });
  const counts = dialog.getByTestId('import-counts');
  await counts.getByText('有错误 1 行').waitFor();
  const badRow = dialog.locator('[data-row-error="true"]');
  expect(await badRow.count()).toBe(1);
  expect(await badRow.textContent()).toContain(STUDENT.no);
  // The error stands in the bad cell itself (issue #22), marked.
  expect(await badRow.locator('td[data-error-key]').getAttribute('title')).toMatch(/满分|超过/);

  const fixed = await scoresFile(template, course, everyone, { [STUDENT.no]: student01 });
  await upload.setInputFiles({ name: `${course}.xlsx`, mimeType: XLSX, buffer: fixed });
  await counts.getByText('有错误 0 行').waitFor();
  await dialog.getByRole('button', { name: '确认导入' }).click();
  await dialog.getByText('导入完成').waitFor();
  await dialog.getByRole('button', { name: '完成' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const THREE_QUESTIONS = [
  { questionNo: '1', kind: 1, objectiveType: 1, optionCount: 4, answer: 'A', fullMark: 3 },
  { questionNo: '2', kind: 1, objectiveType: 1, optionCount: 4, answer: 'B', fullMark: 3 },
  { questionNo: '3', kind: 2, fullMark: 10 },
];

/** An exam of 八年级(1)班 made through the API as admin01, one subject per entry. */
async function examThroughApi(name: string, subjects: SubjectPlan[]) {
  const admin = await loginAs('admin01');
  const { classes } = await gradeInTerm(admin, GRADE);
  const exam = await createExam(admin, name, {
    gradeName: GRADE,
    subjects,
    classes: classes.filter((c) => c.name === CLASS),
  });
  return { admin, schoolId: admin.schoolId, exam };
}

describe('my-exam', () => {
  it('admin01 creates, fills and publishes an exam; student01 sees the scores and the paper', {
    timeout: 240_000,
  }, async () => {
    const examName = `E2E${STAMP}月考`;
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/examMark/my-exam');

    // ① 考试信息: the current term is suggested; the dates default to today.
    await page.getByRole('button', { name: '新建考试' }).click();
    await page.getByLabel('考试名称').fill(examName);
    await pickOption(page, page.getByLabel('年级', { exact: true }), GRADE, { confirm: true });
    await page.getByRole('button', { name: '创建并下一步' }).click();
    await notification(page, '考试已创建').waitFor();

    // ② 考试科目: two subjects of 16 marks, sat by 八年级(1)班 only.
    for (const course of ['语文', '数学']) {
      await pickOption(page, page.getByLabel('学科'), course, { confirm: true });
      await page.getByLabel('满分', { exact: true }).fill('16');
      if (course === '语文') {
        await pickOption(page, page.getByLabel('考试班级'), CLASS, { confirm: true });
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: '添加科目' }).click();
      await page.getByRole('table', { name: '考试科目' }).getByRole('row').filter({ hasText: course }).waitFor();
    }

    // ③ 考生: student01 sits the exam.
    await page.getByRole('button', { name: '下一步' }).click();
    const students = page.getByRole('region', { name: '考生' });
    await students.getByRole('row').filter({ hasText: STUDENT.no }).waitFor();
    expect(await students.getByRole('row').filter({ hasText: STUDENT.name }).textContent()).toContain(CLASS);

    // ④ 题目结构与答案: 2 单选 of 3 and 1 主观 of 10 per subject.
    await page.getByRole('button', { name: '下一步' }).click();
    await defineQuestions(page, '语文');
    await defineQuestions(page, '数学');

    // ⑤ 成绩: each subject imported from its template.
    await page.getByRole('button', { name: '下一步' }).click();
    await importScores(page, '语文', { '1': 'A', '2': 'C', '3': 8 });
    // 3 (A right) + 0 (C wrong) + 8, derived in the grid.
    await page.getByTestId(`score-row-${STUDENT.no}`).getByTestId('row-total').getByText('11').waitFor();
    await importScores(page, '数学', { '1': 'A', '2': 'B', '3': 9 });
    await page.getByTestId(`score-row-${STUDENT.no}`).getByTestId('row-total').getByText('15').waitFor();

    // 草稿 → 进行中 → 已完成.
    await page.getByRole('button', { name: '开始考试' }).click();
    await notification(page, '考试已开始').waitFor();
    await page.getByRole('button', { name: '完成考试' }).click();
    const done = notification(page, '考试已完成');
    const problems = page.getByTestId('finalise-problems');
    const failed = page.locator('.ant-notification-notice-error');
    await done.or(problems).or(failed).first().waitFor();
    if (await failed.isVisible()) throw new Error(`完成考试 failed: ${await failed.first().textContent()}`);
    if (await problems.isVisible()) throw new Error(`完成考试 refused: ${await problems.textContent()}`);
    await page.getByText('考试已完成，成绩已锁定').first().waitFor();

    // Published to analysis and to students from 成绩管理.
    await page.goto('/teacher/examMark/analysis-manager');
    const publishList = page.getByRole('region', { name: '考试发布' });
    await publishList.getByLabel('搜索').fill(examName);
    const row = publishList.getByRole('row').filter({ hasText: examName });
    await row.getByRole('button', { name: '发布' }).click();
    const publish = await opened(dialogTitled(page, `发布考试：${examName}`));
    await publish.getByRole('button', { name: '确定' }).click();
    await notification(page, '发布成功').waitFor();

    // student01 sees the exam: scores per subject and the paper.
    const student = await newPage();
    try {
      await loginThroughPage(student.page, 'student01', DEMO_PASSWORD);
      await student.page.waitForURL('**/student/**');
      await student.page.goto('/student/student-exam-main/student-exam-list');
      const card = student.page.getByTestId(`student-exam-${examName}`);
      await card.waitFor();
      const chinese = card.getByRole('row').filter({ hasText: '语文' });
      expect(await chinese.textContent()).toContain('11 / 16');
      expect(await card.getByRole('row').filter({ hasText: '数学' }).textContent()).toContain('15 / 16');
      // Ranks are hidden by default (学生查看设置 隐藏名次): no rank column at all.
      expect(await card.getByText('年级名次').count()).toBe(0);

      await chinese.getByRole('link', { name: '语文' }).click();
      await student.page.waitForURL('**/findStudentDetailPaper?**');
      await student.page.getByTestId('paper-total').getByText('11').waitFor();
      const questions = student.page.getByRole('table', { name: '逐题得分' });
      const first = questions
        .getByRole('row')
        .filter({ has: student.page.getByRole('cell', { name: '1', exact: true }) });
      expect(await first.locator('[data-mark]').getAttribute('data-mark')).toBe('right');
      const second = questions
        .getByRole('row')
        .filter({ has: student.page.getByRole('cell', { name: '2', exact: true }) });
      expect(await second.locator('[data-mark]').getAttribute('data-mark')).toBe('wrong');
      expect(await second.textContent()).toContain('C');
    } finally {
      await student.context.close();
    }
  });

  it('the score grid moves with Enter, refuses invalid values as typed and saves with Ctrl+S', {
    timeout: 120_000,
  }, async () => {
    // Arrange through the API: an exam of 八年级(1)班 with one subject of 2 单选 + 1 主观.
    const { exam } = await examThroughApi(`E2E${STAMP}网格`, [
      { course: '英语', fullMark: 16, questions: THREE_QUESTIONS },
    ]);

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto(`/teacher/examMark/my-exam?meId=${exam.meId}&step=4`);
    const grid = page.getByRole('table', { name: '成绩录入' });
    const essay = grid.getByLabel(`${STUDENT.name} 第3题`);
    await essay.waitFor();

    // A score, then Enter: the focus goes down to the next student's same question.
    await essay.click();
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const below = await focused();
    expect(below).toMatch(/ 第3题$/);
    expect(below).not.toBe(`${STUDENT.name} 第3题`);

    // 99 is above the full mark: the second 9 is refused, with the reason.
    await page.keyboard.type('99');
    await page.getByTestId('grid-error').getByText('分数不能超过满分 10').waitFor();
    expect(await grid.getByLabel(below).inputValue()).toBe('9');

    // A letter the question does not have is refused in an objective cell.
    const choice = grid.getByLabel(`${STUDENT.name} 第1题`);
    await choice.click();
    await page.keyboard.type('E');
    await page
      .getByTestId('grid-error')
      .getByText(/只能填 A、B、C、D/)
      .waitFor();
    expect(await choice.inputValue()).toBe('');
    await page.keyboard.type('a');
    expect(await choice.inputValue()).toBe('A');
    // The arrow keys move between cells: right to 第2题.
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(`${STUDENT.name} 第2题`);

    // The derived total (3 + 8) and the changed cells, saved with Ctrl+S.
    const row = page.getByTestId(`score-row-${STUDENT.no}`);
    await row.getByTestId('row-total').getByText('11').waitFor();
    expect(await row.locator('[data-changed="true"]').count()).toBe(2);
    await page.keyboard.press('Control+s');
    await notification(page, '成绩已保存').waitFor();

    await page.reload();
    await grid.getByLabel(`${STUDENT.name} 第3题`).waitFor();
    expect(await grid.getByLabel(`${STUDENT.name} 第3题`).inputValue()).toBe('8');
    expect(await grid.getByLabel(`${STUDENT.name} 第1题`).inputValue()).toBe('A');
    await row.getByTestId('row-total').getByText('11').waitFor();
    expect(await row.locator('[data-changed="true"]').count()).toBe(0);

    // The teacher's view of the student's paper opens from the name, in a new tab.
    const [paper] = await Promise.all([
      page.waitForEvent('popup'),
      row.getByRole('link', { name: STUDENT.name }).click(),
    ]);
    await paper.getByTestId('paper-total').getByText('11').waitFor();
    expect(await paper.getByTestId('paper-total').textContent()).toContain('/ 16');
    await paper.close();
  });

  it('teacher01 reads the exam list without the administrator buttons', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/examMark/my-exam');
    const list = page.getByRole('region', { name: '考试列表' });
    await list.getByText(/共 \d+ 条/).waitFor();
    const adminButtons = page
      .getByRole('button')
      .filter({ hasText: /^(新建考试|删除|开始考试|撤销完成|编辑)$/ })
      .filter({ visible: true });
    // The demo exams of the grades teacher01 teaches are listed, each only to be viewed.
    await list.getByRole('button', { name: '查看' }).first().waitFor();
    expect(await adminButtons.count()).toBe(0);
  });
  it('imports every subject of an exam from one workbook, a sheet per subject', { timeout: 120_000 }, async () => {
    const { admin, schoolId, exam } = await examThroughApi(`E2E${STAMP}全科`, [
      { course: '语文', fullMark: 16, questions: THREE_QUESTIONS },
      { course: '数学', fullMark: 100 },
    ]);
    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto(`/teacher/examMark/my-exam?meId=${exam.meId}&step=4`);
    await page.getByRole('button', { name: '导入全部科目' }).click();
    const dialog = await opened(dialogTitled(page, '导入全部科目成绩'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /下载模板$/ }).click(),
    ]);
    const template = await download.path();
    const chinese = await scoresFile(template, '语文', { '1': 'A', '2': 'B', '3': 7 }, {});
    const tmp = `${template}.chinese.xlsx`;
    await writeFile(tmp, chinese);
    const both = await scoresFile(tmp, '数学', { 总分: 88 }, { [STUDENT.no]: { 总分: 95.5 } });
    await dialog.locator('input[type=file]').setInputFiles({ name: '全科.xlsx', mimeType: XLSX, buffer: both });
    const counts = dialog.getByTestId('import-counts');
    await counts.getByText('有错误 0 行').waitFor();
    // Both sheets are listed, each row with its sheet.
    await dialog.getByRole('columnheader', { name: '工作表' }).waitFor();
    expect(await dialog.getByRole('cell', { name: '数学', exact: true }).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await dialog.getByText('导入完成').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // An unsaved edit is not dropped silently: switching subject asks first.
    const essay = page.getByRole('table', { name: '成绩录入' }).getByLabel(`${STUDENT.name} 第3题`);
    await essay.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await expect.poll(() => essay.inputValue()).toBe('5');
    await page.locator('.ant-segmented-item').filter({ hasText: '数学' }).click();
    const leave = await opened(dialogTitled(page, '成绩尚未保存'));
    await leave.getByRole('button', { name: '继续编辑' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await essay.inputValue()).toBe('5');
    await page.locator('.ant-segmented-item').filter({ hasText: '数学' }).click();
    await (await opened(dialogTitled(page, '成绩尚未保存'))).getByRole('button', { name: '放弃修改' }).click();
    await page.locator('.ant-segmented-item-selected').filter({ hasText: '数学' }).waitFor();

    const scoresOf = async (seId: string) =>
      (await callApi(examsApi.findStuScoresBySeId, { schoolId, seId, pageSize: 100 }, admin)).data as {
        list: { studentNo: string; totalScore: number | null }[];
      };
    const chineseScores = await scoresOf(exam.singleExams[0]!.seId);
    const mathsScores = await scoresOf(exam.singleExams[1]!.seId);
    expect(chineseScores.list.find((s) => s.studentNo === STUDENT.no)?.totalScore).toBe(13);
    expect(mathsScores.list.find((s) => s.studentNo === STUDENT.no)?.totalScore).toBe(95.5);
    expect(mathsScores.list.filter((s) => s.totalScore === 88).length).toBeGreaterThan(10);
  });
});
