import {
  documentsApi,
  EXPORT_FORMATS,
  parseExportFormat,
  type UserPaperDetail,
  questionBankUserApi as userApi,
} from '@huikao/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbQuestions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, download } from '../../test/client.ts';
import { docxPage, pdfPageMm } from '../../test/docx-page.ts';
import { setUpUserResources } from '../../test/question-bank-user-fixture.ts';
import { findOffice } from './pdf.ts';

// The printed page of every layout and every `format` token of word/generateWord, read from the
// file itself: A4 is 210 × 297 mm portrait, A3 (8开, two columns) 420 × 297 mm landscape, the text
// area inside the page and the seal line inside the left margin. PDFs where LibreOffice exists.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
type PaperLayout = UserPaperDetail['paper']['layout'];

const LAYOUTS: Record<string, PaperLayout> = {
  'A4 portrait with the seal line': { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: true },
  'A4 in two columns': { paperSize: 'A4', columns: 2, studentInfo: false, sealLine: false },
  'A3 landscape in two columns with the seal line': { paperSize: 'A3', columns: 2, studentInfo: true, sealLine: true },
};
const PAGE = { A4: { widthMm: 210, heightMm: 297 }, A3: { widthMm: 420, heightMm: 297 } } as const;
const papers = new Map<string, string>();

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
  const [question] = await test.database.db
    .select({ courseId: qbQuestions.courseId })
    .from(qbQuestions)
    .where(inArray(qbQuestions.id, [Number(fx.ids.q1)]));
  for (const [name, layout] of Object.entries(LAYOUTS)) {
    const added = await call<UserPaperDetail>(
      test.app,
      userApi.addUserPaper,
      {
        ...fx.owners.teacherA,
        paper: {
          title: name,
          subtitle: '',
          notes: '',
          courseId: String(question!.courseId),
          layout,
          sections: [
            { title: '选择题', questions: [{ quesId: fx.ids.q2, score: 4 }] },
            { title: '解答题', questions: [{ quesId: fx.ids.q1, score: 12, answerHeightMm: 60 }] },
          ],
        },
      },
      { session: fx.teacherA },
    );
    expect(added.status, added.message).toBe(200);
    papers.set(name, added.data.paperId);
  }
});
afterAll(() => test.close());

const exportOf = (name: string, format: string) =>
  download(test.app, documentsApi.generateWord, { userPaperId: papers.get(name)!, format }, { session: fx.teacherA });

const wordFormats = EXPORT_FORMATS.filter((format) => parseExportFormat(format)?.fileType === 'docx');
const pdfFormats = EXPORT_FORMATS.filter((format) => parseExportFormat(format)?.fileType === 'pdf');
const cases = Object.entries(LAYOUTS).flatMap(([name, layout]) =>
  wordFormats.map((format) => ({ name, layout, format })),
);

describe('the page of every exported Word file', () => {
  it.each(cases)('$name, $format', async ({ name, layout, format }) => {
    const result = await exportOf(name, format);
    expect(result.http).toBe(200);
    const page = await docxPage(result.buffer);
    const a3 = layout.paperSize === 'A3';
    expect(page.widthMm).toBeCloseTo(PAGE[layout.paperSize].widthMm, 0);
    expect(page.heightMm).toBeCloseTo(PAGE[layout.paperSize].heightMm, 0);
    expect(page.orientation).toBe(a3 ? 'landscape' : 'portrait');
    expect(page.columns).toBe(a3 ? 2 : layout.columns);
    // A text area of at least 80 mm a column, inside the page.
    const textWidth = page.widthMm - page.margin.left - page.margin.right;
    expect(textWidth / page.columns).toBeGreaterThan(80);
    expect(page.heightMm - page.margin.top - page.margin.bottom).toBeGreaterThan(200);
    if (!layout.sealLine) {
      expect(page.sealLine).toBeNull();
      return;
    }
    // The seal line lies on the page, in the left margin, clear of the text.
    const seal = page.sealLine!;
    expect(seal.xMm).toBeGreaterThanOrEqual(0);
    expect(seal.xMm + seal.widthMm).toBeLessThanOrEqual(page.margin.left);
    expect(seal.yMm).toBeGreaterThanOrEqual(0);
    expect(seal.yMm + seal.heightMm).toBeLessThanOrEqual(page.heightMm);
    expect(seal.heightMm).toBeGreaterThan(page.heightMm / 2);
  });
});

const officeInstalled = (await findOffice()) !== null;

describe.skipIf(!officeInstalled)('the page of every exported PDF (LibreOffice)', () => {
  const pdfCases = Object.entries(LAYOUTS).flatMap(([name, layout]) =>
    pdfFormats.map((format) => ({ name, layout, format })),
  );
  it.each(pdfCases)('$name, $format', { timeout: 180_000 }, async ({ name, layout, format }) => {
    const result = await exportOf(name, format);
    expect(result.headers['content-type']).toContain('application/pdf');
    const page = pdfPageMm(result.buffer);
    expect(page.widthMm).toBeCloseTo(PAGE[layout.paperSize].widthMm, 0);
    expect(page.heightMm).toBeCloseTo(PAGE[layout.paperSize].heightMm, 0);
  });
});
