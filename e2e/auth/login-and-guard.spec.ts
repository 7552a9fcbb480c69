import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const AREAS = [
  ['teacher01', 'teacher', '/teacher/examMark/my-mark-task'],
  ['admin01', 'teacher', '/teacher/examMark/my-mark-task'],
  ['student01', 'student', '/student/student-analysis-main/student-subject-analysis'],
  ['manager01', 'school', '/school/school-analysis-main/school-grade-whole'],
] as const;

describe('login lands each demo user in their area', () => {
  for (const [loginName, area, landing] of AREAS) {
    it(`${loginName} → ${landing}`, async () => {
      await loginThroughPage(page, loginName, DEMO_PASSWORD);
      await page.waitForURL(`**${landing}`);
      const header = page.getByTestId('app-header');
      await expect(header.getAttribute('data-area')).resolves.toBe(area);
      expect(await page.title()).toMatch(/^慧考云/);
    });
  }

  it('gives the student a red header without the teacher menu, and teachers a blue one', async () => {
    await loginThroughPage(page, 'student01', DEMO_PASSWORD);
    await page.waitForURL('**/student/**');
    const studentColor = await page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await page.getByText('选题组卷').count()).toBe(0);

    const teacher = await newPage();
    await loginThroughPage(teacher.page, 'teacher01', DEMO_PASSWORD);
    await teacher.page.waitForURL('**/teacher/**');
    const teacherColor = await teacher.page
      .getByTestId('app-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    for (const section of ['考试阅卷', '学情分析', '选题组卷', '个人中心']) {
      expect(await teacher.page.getByTestId('app-header').getByText(section).count()).toBeGreaterThan(0);
    }
    await teacher.context.close();

    const [r1, g1, b1] = studentColor.match(/\d+/g)!.map(Number);
    const [r2, g2, b2] = teacherColor.match(/\d+/g)!.map(Number);
    expect(r1).toBeGreaterThan(b1!); // red
    expect(b2).toBeGreaterThan(r2!); // blue
    expect(g1).toBeLessThan(200);
    expect(g2).toBeLessThan(200);
  });

  it('shows the server message when the password is wrong', async () => {
    await loginThroughPage(page, 'teacher01', 'Wrong@2026');
    await expect(
      page.getByRole('alert').filter({ hasText: '账号或密码错误' }).first().waitFor(),
    ).resolves.toBeUndefined();
    expect(page.url()).toContain('/login');
  });
});

describe('route guard', () => {
  it('sends a visitor without a session to /login with the redirect, and back there after login', async () => {
    await page.goto('/teacher/questionBank/know-topic');
    await page.waitForURL('**/login?redirect=*');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
      '/teacher/questionBank/know-topic',
    );
    await page.getByLabel('账号').fill('teacher01');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/teacher/questionBank/know-topic');
  });

  it('sends a student who opens /teacher to /login and clears the session cookie', async () => {
    await loginThroughPage(page, 'student01', DEMO_PASSWORD);
    await page.waitForURL('**/student/**');
    await page.goto('/teacher');
    await page.waitForURL('**/login**');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'huikao_token')).toBeUndefined();
  });

  it('sends an unknown path to /404', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('页面不存在').first().waitFor();
  });

  it('sends a logged-in visit to /login to the user’s own area', async () => {
    await loginThroughPage(page, 'manager01', DEMO_PASSWORD);
    await page.waitForURL('**/school/**');
    await page.goto('/login');
    await page.waitForURL('**/school/school-analysis-main/school-grade-whole');
  });

  it('renews the session cookie to two hours on a route change', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.goto('/teacher/examMark/mark-monitor');
    await page.getByRole('heading', { name: '阅卷监控' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'huikao_token');
    const hoursLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThan(2.1);
  });

  it('lands teacher01 on a working 我的阅卷任务, not the 即将上线 placeholder', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/examMark/my-mark-task');
    await page.getByRole('heading', { name: '我的阅卷任务' }).waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
  });

  it('logs out after the confirmation', async () => {
    await loginThroughPage(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL('**/teacher/**');
    await page.getByText('退出登录').first().click();
    await page.getByText('确定注销并退出系统吗？').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login**');
    await page.goto('/teacher');
    await page.waitForURL('**/login**');
  });
});
