import type { AnswerCardTemplate } from '@huikao/answer-card';
import { type CardTemplate, scanningCardsApi, scanningScansApi } from '@huikao/contracts';
import type { GreyImage } from '@huikao/omr';
import { eq } from 'drizzle-orm';
import { examQuestions, examStudents } from '../../../db/schema.ts';
import { upload } from '../../../test/client.ts';
import { MATH, makeMultiExam, makeSingleExam, setUpExams } from '../../../test/exams-fixture.ts';
import { makeStudent } from '../../../test/factories.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { renderCardPdf } from '../card-pdf/index.ts';
import {
  fillPage,
  type PageFill,
  rasterisePdf,
  type ScanPose,
  scanOf,
} from '../recognition/test-support/card-scans.ts';

// A 30-student exam room for the scanning tests: 九年级 数学 with 20 objective questions (单选, 多选
// with a partial mark, 判断) and three answer boxes, every student in 第1考场 with an 8-digit 考号, and
// its answer card generated through the card calls (A4, both sides: two pages a student; the A3
// cards are read in recognition/recognise-pdf.test.ts and the bench). Sheets are the card's
// own PDF rasterised at 200 dpi, filled in pencil and put through a scanner (turned, scaled, blurred,
// speckled, JPEG 60).

export const ROOM = '第1考场';
export const DPI = 200;
const STUDENTS = 30;

export async function setUpScanRoom() {
  const s = await setUpExams();
  const { db, school } = s;
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const classId = s.classes[i % 2]!.id;
    students.push(
      await makeStudent(db, { schoolId: school.id, classId, name: `考生${i + 1}`, examNo: `2025${String(1001 + i)}` }),
    );
  }
  const exam = await makeMultiExam(db, {
    schoolId: school.id,
    schoolYearId: s.year.id,
    termId: s.term.id,
    gradeId: 8,
    name: '九年级11月月考',
    status: 2,
  });
  const single = await makeSingleExam(db, { multi: exam, courseId: MATH, students });
  await db.update(examStudents).set({ room: ROOM }).where(eq(examStudents.singleExamId, single.id));
  const keys: Record<string, string> = {};
  const rows = [];
  for (let n = 1; n <= 20; n++) {
    const type = n % 6 === 0 ? 2 : n % 7 === 0 ? 3 : 1;
    const answer = type === 2 ? 'AC' : type === 3 ? 'T' : 'ABCD'[n % 4]!;
    keys[String(n)] = answer;
    rows.push({
      schoolId: school.id,
      singleExamId: single.id,
      questionNo: String(n),
      sortOrder: n,
      kind: 1,
      objectiveType: type,
      optionCount: type === 3 ? null : 4,
      answer,
      fullMark: type === 2 ? 4 : 3,
      partialMark: type === 2 ? 2 : null,
    });
  }
  for (let n = 21; n <= 23; n++) {
    rows.push({
      schoolId: school.id,
      singleExamId: single.id,
      questionNo: String(n),
      sortOrder: n,
      kind: 2,
      fullMark: 12,
    });
  }
  const questions = await db.insert(examQuestions).values(rows).returning();
  const card = expectOk(
    await s.call<CardTemplate>(scanningCardsApi.saveExamTemplate, {
      schoolId: s.sid,
      seId: String(single.id),
      settings: { paper: 'A4', columns: 1, sides: 2, identityMode: 'grid', examNumberLength: 8 },
    }),
  );
  const rasters = await rasterisePdf(await renderCardPdf(card.template), DPI);
  return {
    ...s,
    room: { exam, single, seId: String(single.id), students, questions, keys, card, template: card.template, rasters },
  };
}

export type ScanRoom = Awaited<ReturnType<typeof setUpScanRoom>>;

/** A student's answers: mostly the key, some wrong, by their index. */
export function answersOf(template: AnswerCardTemplate, keys: Record<string, string>, index: number) {
  const answers: Record<string, string> = {};
  for (const [no, key] of Object.entries(keys)) {
    const n = Number(no);
    const wrong = (n + index) % 5 === 0;
    answers[no] = !wrong ? key : key === 'T' ? 'F' : key === 'AC' ? 'B' : 'ABCD'[('ABCD'.indexOf(key) + 1) % 4]!;
  }
  void template;
  return answers;
}

const poses: ScanPose[] = [
  { rotationDegrees: 1.5, scale: 1.01, blurSigma: 0.7, noise: 10, quality: 60 },
  { rotationDegrees: -2.5, scale: 0.98, blurSigma: 0.5, noise: 12, quality: 60 },
  { rotationDegrees: 0.4, scale: 1.02, blurSigma: 0.9, noise: 8, quality: 60, turned: true },
];

/** One page of a sheet as the scanner's JPEG. */
export async function sheetPage(
  rasters: GreyImage[],
  template: AnswerCardTemplate,
  pageNo: number,
  fill: PageFill,
  seed: number,
) {
  const page = template.pages[pageNo - 1]!;
  return scanOf(fillPage(rasters[pageNo - 1]!, page, DPI, fill, seed), poses[seed % poses.length]!, seed);
}

export async function createBatch(s: ScanRoom, room: string | undefined = ROOM) {
  return expectOk(
    await s.call<{ batchId: string }>(scanningScansApi.createBatch, { schoolId: s.sid, seId: s.room.seId, room }),
  );
}

export async function uploadFile(s: ScanRoom, batchId: string, fileName: string, buffer: Buffer) {
  return upload<{ files: { status: string; message: string | null; pageCount: number; fileId: string }[] }>(
    s.t.app,
    scanningScansApi.uploadScanFile,
    { schoolId: s.sid, batchId },
    { fileName, buffer, mimeType: 'application/octet-stream' },
    { session: s.sessions.admin },
  );
}
