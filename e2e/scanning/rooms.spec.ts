import { execFileSync } from 'node:child_process';
import { scanningRoomsApi } from '@huikao/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { closeBrowser, loginThroughPage, newPage } from '../support/browser.ts';
import { createExam, gradeInTerm, loginAs } from '../support/exams-api.ts';
import { markCall } from './card-support.ts';

// Issue #16 item 4's browser flow: admin01 opens 试卷制作's 考场编排 tab of an exam made here, creates
// rooms in bulk, places the students shuffled (the seat map shows no classmates side by side) and
// downloads the 考场安排表, read back by poppler (A4, the rooms and the students' names).

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await newPage());
});
afterEach(async () => {
  await context.close();
});
afterAll(closeBrowser);

const notification = (p: Page, title: string) =>
  p.locator('.ant-notification-notice').filter({ hasText: title }).first();

interface SeatMap {
  room: { seatCount: number; columns: number };
  students: { name: string; classId: string; seat: number | null }[];
}

describe('exam rooms', () => {
  it('an administrator creates rooms, places students shuffled and downloads the 考场安排表', async () => {
    const admin = await loginAs('admin01');
    const { classes } = await gradeInTerm(admin, '七年级');
    const exam = await createExam(admin, `考场编排演练${Date.now() % 100000}`, {
      gradeName: '七年级',
      subjects: [
        { course: '数学', fullMark: 100 },
        { course: '语文', fullMark: 100 },
      ],
      classes: classes.slice(0, 2),
    });
    const students = exam.singleExams[0]!.studentCount;
    expect(students).toBeGreaterThan(10);

    await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
    await page.waitForURL(/\/teacher\//);
    await page.goto(`/makeExamDetailInfo?seId=${exam.singleExams[0]!.seId}&tab=rooms`);
    const table = page.getByTestId('data-table-考场列表');
    await table.waitFor();

    // 批量新增考场: enough rooms of 10 seats, 5 to a row, for every student.
    const roomCount = Math.ceil(students / 10);
    await page.getByRole('button', { name: '批量新增考场' }).click();
    const dialog = page.getByRole('dialog', { name: '批量新增考场' });
    await dialog.getByLabel('考场数量').fill(String(roomCount));
    await dialog.getByLabel('每个考场座位数').fill('10');
    await dialog.getByLabel('每排座位数').fill('5');
    await dialog.getByLabel('地点（选填）').fill('实验楼');
    await dialog.getByRole('button', { name: '新增' }).click();
    await notification(page, `已新增 ${roomCount} 个考场`).waitFor();
    await table.locator('tr.ant-table-row', { hasText: '第01考场' }).waitFor();
    expect(await table.locator('tr.ant-table-row').count()).toBe(Math.min(roomCount, 20));

    // 排考场, shuffled (the default mode).
    expect(await page.getByLabel('编排方式').locator('..').innerText()).toContain('随机（同班不相邻）');
    await page.getByRole('button', { name: '排考场', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '排考场' }).click();
    await notification(page, '排考场完成').waitFor();
    await page.getByText(`考生 ${students} 人，考场 ${roomCount} 个`).waitFor();
    expect(await page.getByText('未安排考场 0 人').count()).toBe(1);

    // The seat map of 第01考场: ten seats, and no two of a class side by side in a row.
    const first = table.locator('tr.ant-table-row', { hasText: '第01考场' });
    await first.getByRole('button', { name: '座位图' }).click();
    const map = page.getByLabel('第01考场座位图');
    await map.waitFor();
    expect(await map.locator('[data-seat]').count()).toBe(10);
    const rooms = await markCall<{ rooms: { roomId: string; name: string }[] }>(
      scanningRoomsApi.listExamRooms,
      { schoolId: admin.schoolId, meId: exam.meId },
      admin,
    );
    const seats = await markCall<SeatMap>(
      scanningRoomsApi.findRoomSeatMap,
      { schoolId: admin.schoolId, roomId: rooms.rooms[0]!.roomId },
      admin,
    );
    for (const student of seats.students) {
      expect(await map.locator(`[data-seat="${student.seat}"]`).innerText()).toContain(student.name);
      const right = seats.students.find((other) => other.seat === student.seat! + 1);
      if (right && student.seat! % seats.room.columns !== 0) expect(right.classId).not.toBe(student.classId);
    }
    await page.keyboard.press('Escape');

    // 下载打印 → 考场安排表: a PDF with every room and the names of the first room's students.
    // 下载打印 opens on a click. (It opened on hover: under load the item was clicked while the menu
    // was still being placed off screen, the page scrolled, the pointer left the button and the menu
    // closed for good, so no download ever started.)
    await page.getByRole('button', { name: '下载打印' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: '考场安排表' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${exam.name}-考场安排表.pdf`);
    const file = (await download.path())!;
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595.28 x 841.89 pts \(A4\)/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(roomCount);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`${exam.name} 考场安排表`);
    expect(text).toContain(`第${String(roomCount).padStart(2, '0')}考场`);
    for (const student of seats.students) expect(text).toContain(student.name);
  });
});
