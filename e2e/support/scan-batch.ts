import {
  type CardTemplate,
  type MultiExam,
  type RoomStudent,
  type StoredUser,
  scanningCardsApi,
  scanningRoomsApi,
} from '@huikao/contracts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  drawBlankPage,
  fillPage,
  type PageFill,
  type ScanPose,
  scanOf,
} from '../../apps/server/src/modules/scanning/recognition/test-support/card-scans.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { loginThroughPage } from './browser.ts';
import { createExam, gradeInTerm, ok } from './exams-api.ts';

// What the flows that scan share (issue #16's upload, issue #17's marking set-up): a fresh exam with
// its answer card, sheets drawn from that card, filled in pencil and put through a scanner (turned,
// blurred, JPEG 60), then uploaded on 试卷制作's 扫描 tab and read by the server's recognition
// worker, which global-setup.ts runs in the background as production does.

const DPI = 200;

export interface ScanFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface ScannableExam {
  exam: MultiExam;
  seId: string;
  card: CardTemplate;
  /** The first students of the roster who have an exam number, as many as were asked for. */
  students: RoomStudent[];
}

export interface ScannableExamPlan {
  /** Question number → the right letter: a four-option choice question worth 5 points each. */
  key: Record<string, string>;
  /** The full mark of the one subjective question, numbered after the choice questions. */
  subjectiveMark: number;
  /** How many students with an exam number the flow scans sheets for. */
  students: number;
}

/**
 * A fresh 数学 exam of 七年级's first class with its answer card saved (A4, one column, one side, the
 * exam number filled in a grid, so the drawn sheets say whose they are).
 */
export async function createScannableExam(
  admin: StoredUser,
  name: string,
  plan: ScannableExamPlan,
): Promise<ScannableExam> {
  const { classes } = await gradeInTerm(admin, '七年级');
  const choices = Object.entries(plan.key).map(([questionNo, answer]) => ({
    questionNo,
    kind: 1,
    objectiveType: 1,
    optionCount: 4,
    answer,
    fullMark: 5,
  }));
  const subjective = { questionNo: String(choices.length + 1), kind: 2, fullMark: plan.subjectiveMark };
  const exam = await createExam(admin, name, {
    gradeName: '七年级',
    subjects: [{ course: '数学', fullMark: 100, questions: [...choices, subjective] }],
    classes: classes.slice(0, 1),
  });
  const seId = exam.singleExams[0]!.seId;
  const card = await ok<CardTemplate>(
    scanningCardsApi.saveExamTemplate,
    { schoolId: admin.schoolId, seId, settings: { paper: 'A4', columns: 1, sides: 1, identityMode: 'grid' } },
    admin,
  );
  const roster = await ok<{ list: RoomStudent[] }>(
    scanningRoomsApi.findExamStudents,
    { schoolId: admin.schoolId, meId: exam.meId, currentPage: 1, pageSize: 100 },
    admin,
  );
  const students = roster.list.filter((student) => student.examNo).slice(0, plan.students);
  expect(students).toHaveLength(plan.students);
  return { exam, seId, card, students };
}

/** How a scanner puts a sheet through: odd sheets turned turn[0] degrees, even ones turn[1]. */
export interface ScannerLook {
  turn: [number, number];
  blurSigma: number;
  noise: number;
}

/** A worn scanner: for the flow that is about recognition itself. */
export const WORN_SCANNER: ScannerLook = { turn: [1.2, -0.8], blurSigma: 0.5, noise: 8 };

/**
 * A gentler scanner: for flows that go on past recognition, where one doubtful mark would leave a
 * scan exception open and stop 合成成绩.
 */
export const GENTLE_SCANNER: ScannerLook = { turn: [0.8, -0.6], blurSigma: 0.4, noise: 6 };

/**
 * One sheet per fill, every side of the card drawn, filled and scanned as JPEG files named
 * scan-<sheet>-<side>.jpg; each sheet has its own seed, so no two scan alike.
 */
export async function scannedSheets(card: CardTemplate, fills: PageFill[], look: ScannerLook): Promise<ScanFile[]> {
  const files: ScanFile[] = [];
  for (const [sheet, fill] of fills.entries()) {
    const seed = sheet + 1;
    const pose: ScanPose = {
      rotationDegrees: look.turn[seed % 2 ? 0 : 1],
      scale: 1,
      blurSigma: look.blurSigma,
      noise: look.noise,
      quality: 60,
    };
    for (const [side, cardPage] of card.template.pages.entries()) {
      const blank = await drawBlankPage(cardPage, DPI);
      const buffer = await scanOf(fillPage(blank, cardPage, DPI, fill, seed * 10 + side), pose, seed * 10 + side);
      files.push({ name: `scan-${seed}-${side + 1}.jpg`, mimeType: 'image/jpeg', buffer });
    }
  }
  return files;
}

/** admin01, signed in through the login page, on the exam's 扫描 tab with the drop area shown. */
export async function openScanTab(page: Page, seId: string): Promise<void> {
  await loginThroughPage(page, 'admin01', DEMO_PASSWORD);
  await page.waitForURL(/\/teacher\//);
  await page.goto(`/makeExamDetailInfo?seId=${seId}&tab=scan`);
  await page.getByRole('region', { name: '拖入扫描件' }).waitFor();
}

/** Chooses the files as one batch in the 扫描 tab's file picker; the upload starts at once. */
export async function uploadScanBatch(page: Page, files: ScanFile[]): Promise<void> {
  await page.getByLabel('选择扫描文件', { exact: true }).setInputFiles(files);
}

/** Waits until the batch list shows all of the batch's scanned pages read (the list polls the worker). */
export async function waitForRecognition(page: Page, pages: number): Promise<void> {
  await page
    .getByTestId('data-table-扫描批次')
    .getByText(`已识别 ${pages} / ${pages} 页`)
    .waitFor({ timeout: 120_000 });
}
