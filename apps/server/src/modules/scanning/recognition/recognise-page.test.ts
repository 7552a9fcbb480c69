import { type AnswerCardTemplate, type ExamQuestion, generateTemplate } from '@huikao/answer-card';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RecognitionOutput, recognisePage, type TemplateForRecognition } from './recognise-page.ts';
import { drawBlankPage, fillPage, type PageFill, type ScanPose, scanOf } from './test-support/card-scans.ts';

// One page end to end on scans drawn from the template itself (the PDF-based cases are in
// recognise-pdf.test.ts): page code, 考号, every bubble, 缺考, crops, a turned page, another exam's page.

const DPI = 200;

function structure(): ExamQuestion[] {
  const questions: ExamQuestion[] = [];
  for (let n = 1; n <= 24; n++) {
    if (n % 8 === 0) questions.push({ number: String(n), type: 'multiple', optionCount: 5, fullMarks: 4 });
    else if (n % 11 === 0) questions.push({ number: String(n), type: 'judge', fullMarks: 2 });
    else questions.push({ number: String(n), type: 'single', optionCount: 4, fullMarks: 3 });
  }
  for (let n = 25; n <= 30; n++)
    questions.push({ number: String(n), type: 'subjective', fullMarks: 10, subjectiveKind: 'answer' });
  return questions;
}

const template: AnswerCardTemplate = generateTemplate(structure(), {
  templateId: '41',
  title: '九年级11月月考',
  subject: '数学',
  examNumberLength: 8,
  paper: 'A3',
  columns: 2,
});
const other: AnswerCardTemplate = generateTemplate(structure(), {
  templateId: '99',
  title: '另一场考试',
  subject: '数学',
  examNumberLength: 8,
  paper: 'A3',
  columns: 2,
});
const forRecognition = (t: AnswerCardTemplate): TemplateForRecognition => ({
  id: t.id,
  version: t.version,
  pages: t.pages,
});

const answersOf = (pageNo: number) => {
  const answers: Record<string, string> = {};
  for (const region of template.pages[pageNo - 1]!.regions) {
    if (region.kind !== 'objectiveBlock') continue;
    for (const row of region.rows) {
      const n = Number(row.number);
      answers[row.number] =
        row.type === 'multiple' ? 'AC' : row.type === 'judge' ? (n % 2 ? 'T' : 'F') : 'ABCD'[n % 4]!;
    }
  }
  return answers;
};

async function scanned(t: AnswerCardTemplate, pageNo: number, fill: PageFill, pose: ScanPose, seed = 3) {
  const page = t.pages[pageNo - 1]!;
  const blank = await drawBlankPage(page, DPI);
  const bytes = await scanOf(fillPage(blank, page, DPI, fill, seed), pose, seed);
  return recognisePage({ bytes, format: 'jpeg', dpi: DPI, templates: [forRecognition(template)], keepImage: false });
}

const read = (r: RecognitionOutput) => {
  if (r.outcome !== 'read') throw new Error(`not read: ${r.outcome} ${r.detail}`);
  return r;
};

const rough: ScanPose = { rotationDegrees: 2.4, scale: 1.025, blurSigma: 0.8, noise: 12, quality: 60 };

describe('recognisePage', () => {
  let first: Awaited<ReturnType<typeof scanned>>;
  beforeAll(async () => {
    first = await scanned(template, 1, { examNo: '20250117', answers: answersOf(1), writing: true }, rough);
  }, 60_000);

  it('reads the page code, the 考号 and every bubble of a skewed, scaled, blurred, speckled JPEG', () => {
    const r = read(first);
    expect([r.templateId, r.templateVersion, r.pageNo, r.turned]).toEqual(['41', 1, 1, false]);
    expect(r.examNo).toBe('20250117');
    const expected = answersOf(1);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    for (const q of r.questions)
      expect([q.questionNo, q.answer, q.flags]).toEqual([q.questionNo, expected[q.questionNo], []]);
    expect(r.absentMarked).toBe(false);
  });

  it('cuts a JPEG crop of every subjective box on the page', () => {
    const r = read(first);
    const boxes = template.pages[0]!.regions.filter((g) => g.kind === 'answerBox');
    expect(r.crops.map((c) => c.boxId).length).toBe(boxes.length);
    for (const crop of r.crops) expect([crop.jpeg[0], crop.jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it('cuts each crop upright at the scan resolution as a one-channel grey JPEG, 2 mm around its box', async () => {
    const r = read(first);
    const boxes = template.pages[0]!.regions.flatMap((g) => (g.kind === 'answerBox' ? [g] : []));
    for (const [i, crop] of r.crops.entries()) {
      const meta = await sharp(crop.jpeg).metadata();
      expect(meta.channels).toBe(1);
      const pxPerMm = r.measuredDpi / 25.4;
      expect(Math.abs(meta.width! - (boxes[i]!.rect.width + 4) * pxPerMm)).toBeLessThanOrEqual(1);
      expect(Math.abs(meta.height! - (boxes[i]!.rect.height + 4) * pxPerMm)).toBeLessThanOrEqual(1);
    }
  });

  it('turns a page fed upside down and reads it the same, with 缺考 marked', async () => {
    const r = read(
      await scanned(
        template,
        1,
        { examNo: '20250999', answers: answersOf(1), absent: true },
        { ...rough, rotationDegrees: -2, turned: true },
        5,
      ),
    );
    expect([r.pageNo, r.turned, r.examNo, r.absentMarked]).toEqual([1, true, '20250999', true]);
    const expected = answersOf(1);
    for (const q of r.questions) expect(q.answer).toBe(expected[q.questionNo]);
  });

  it('flags multi, blank, faint and erased marks instead of guessing', async () => {
    const answers = answersOf(1);
    const r = read(
      await scanned(
        template,
        1,
        {
          examNo: '20250117',
          answers: { ...answers, '1': 'AB', '2': '', '3': '', '4': '', '5': 'B' },
          marks: {
            '3': { C: { darkness: 0.35, size: 0.4 } },
            '4': { A: { darkness: 0.45, size: 1, style: 'erased' } },
            // Changed their mind: B filled, the first choice D erased; still asks for a look.
            '5': { D: { darkness: 0.45, size: 1, style: 'erased' } },
          },
        },
        rough,
      ),
    );
    const byNo = new Map(r.questions.map((q) => [q.questionNo, q]));
    expect([byNo.get('1')!.answer, byNo.get('1')!.flags]).toEqual([null, ['multiple']]);
    expect([byNo.get('2')!.answer, byNo.get('2')!.flags]).toEqual([null, ['blank']]);
    expect(byNo.get('3')!.answer).toBeNull();
    expect(byNo.get('3')!.flags).toContain('faint');
    expect(byNo.get('4')!.answer).toBeNull();
    expect(byNo.get('4')!.flags).toContain('faint');
    expect([byNo.get('5')!.answer, byNo.get('5')!.letters, byNo.get('5')!.flags]).toEqual([null, ['B'], ['faint']]);
    // Every other question still reads its answer.
    for (const q of r.questions.filter((x) => Number(x.questionNo) > 5)) expect(q.answer).toBe(answers[q.questionNo]);
  });

  it("refuses a page of another exam's card", async () => {
    const r = await scanned(other, 1, { examNo: '20250117', answers: answersOf(1) }, rough);
    expect(r.outcome).toBe('other-exam');
  });

  it('refuses what is not an image', async () => {
    const r = await recognisePage({
      bytes: new TextEncoder().encode('not a picture'),
      format: 'jpeg',
      dpi: DPI,
      templates: [forRecognition(template)],
      keepImage: false,
    });
    expect(r.outcome).toBe('undecodable');
  });
});
