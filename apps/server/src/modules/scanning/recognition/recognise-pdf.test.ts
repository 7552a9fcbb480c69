import { type AnswerCardTemplate, type ExamQuestion, generateTemplate } from '@huikao/answer-card';
import type { GreyImage } from '@huikao/omr';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderCardPdf } from '../card-pdf/index.ts';
import { readBlankReferences } from './blank-reference.ts';
import { recognisePage, type TemplateForRecognition } from './recognise-page.ts';
import { fillPage, type Mark, type PageFill, rasterisePdf, type ScanPose, scanOf } from './test-support/card-scans.ts';

// Recognition on the product's own cards: renderCardPdf → pdftoppm at 200 dpi grey → pencil marks of
// varying darkness and size → rotated up to ±3°, scaled ±3 %, blurred, speckled, JPEG quality 60.
// Every bubble, 考号 and page code must read right; multi, blank, faint and erased are flagged,
// never guessed; an upside-down page is turned; a page of another exam's card is refused.

const DPI = 200;

function structure(count: number): ExamQuestion[] {
  const questions: ExamQuestion[] = [];
  for (let n = 1; n <= count; n++) {
    if (n % 7 === 0) questions.push({ number: String(n), type: 'multiple', optionCount: 5, fullMarks: 4 });
    else if (n % 9 === 0) questions.push({ number: String(n), type: 'judge', fullMarks: 2 });
    else questions.push({ number: String(n), type: 'single', optionCount: 4, fullMarks: 3 });
  }
  for (let n = count + 1; n <= count + 10; n++) {
    questions.push({ number: String(n), type: 'subjective', fullMarks: 12, subjectiveKind: 'answer' });
  }
  return questions;
}

const card = (id: string, paper: 'A3' | 'A4', count: number): AnswerCardTemplate =>
  generateTemplate(structure(count), {
    templateId: id,
    title: '九年级11月月考',
    subject: '数学',
    examNumberLength: 8,
    paper,
    columns: paper === 'A3' ? 2 : 1,
    sides: 2,
  });

const a3 = card('7', 'A3', 40);
const a4 = card('8', 'A4', 12);
const other = card('9', 'A3', 40);
const otherLayout = card('10', 'A3', 20);
const templates = [a3, a4].map((t) => ({ id: t.id, version: t.version, pages: t.pages }));

/** A pose per case: ±3° (or a half turn more), ±3 %, blur, noise, JPEG 60. */
const poses: ScanPose[] = [
  { rotationDegrees: 2.9, scale: 1.03, blurSigma: 0.9, noise: 14, quality: 60 },
  { rotationDegrees: -3, scale: 0.97, blurSigma: 0.6, noise: 10, quality: 60 },
  { rotationDegrees: 1.2, scale: 1.0, blurSigma: 1.1, noise: 16, quality: 60, turned: true },
];

/** Answers for every objective question of a page: single letters, AC for 多选, T/F for 判断. */
function answersOf(t: AnswerCardTemplate, pageNo: number, shift: number): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const region of t.pages[pageNo - 1]!.regions) {
    if (region.kind !== 'objectiveBlock') continue;
    for (const row of region.rows) {
      const n = Number(row.number) + shift;
      answers[row.number] =
        row.type === 'multiple' ? (n % 2 ? 'AC' : 'BDE') : row.type === 'judge' ? 'TF'[n % 2]! : 'ABCD'[n % 4]!;
    }
  }
  return answers;
}

/** Pencil of varying darkness (40–90 %) and size (75–110 % of the bubble) on every chosen bubble. */
function varied(answers: Record<string, string>, seed: number): Record<string, Record<string, Mark>> {
  const marks: Record<string, Record<string, Mark>> = {};
  let i = seed;
  for (const [no, letters] of Object.entries(answers)) {
    marks[no] = {};
    for (const letter of letters) {
      i++;
      marks[no][letter] = { darkness: 0.4 + ((i * 37) % 50) / 100, size: 0.75 + ((i * 13) % 35) / 100 };
    }
  }
  return marks;
}

const rasters = new Map<string, GreyImage[]>();
beforeAll(async () => {
  for (const t of [a3, a4, other, otherLayout]) rasters.set(t.id, await rasterisePdf(await renderCardPdf(t), DPI));
}, 120_000);

async function scan(
  t: AnswerCardTemplate,
  pageNo: number,
  fill: PageFill,
  pose: ScanPose,
  seed: number,
  known: TemplateForRecognition[] = templates,
) {
  const page = t.pages[pageNo - 1]!;
  const bytes = await scanOf(fillPage(rasters.get(t.id)![pageNo - 1]!, page, DPI, fill, seed), pose, seed);
  return recognisePage({ bytes, format: 'jpeg', dpi: DPI, templates: known, keepImage: false });
}

describe('recognition of scans of the rendered card PDF', () => {
  const cases = [
    { t: a3, pageNo: 1, pose: 0 },
    { t: a3, pageNo: 2, pose: 1 },
    { t: a3, pageNo: 3, pose: 0 },
    { t: a3, pageNo: 1, pose: 2 },
    { t: a4, pageNo: 1, pose: 1 },
  ];
  it.each(cases.map((c, i) => ({ ...c, i, name: `${c.t.settings.paper} page ${c.pageNo} pose ${c.pose}` })))(
    '$name: page code, 考号 and every bubble read right',
    async ({ t, pageNo, pose, i }) => {
      const answers = answersOf(t, pageNo, i);
      const examNo = `2025${String(1000 + i * 37)}`;
      const r = await scan(t, pageNo, { examNo, marks: varied(answers, i * 11), writing: true }, poses[pose]!, 100 + i);
      if (r.outcome !== 'read') throw new Error(`${r.outcome}: ${r.detail}`);
      expect([r.templateId, r.pageNo, r.turned]).toEqual([t.id, pageNo, poses[pose]!.turned ?? false]);
      expect(r.examNo).toBe(examNo);
      const got = Object.fromEntries(r.questions.map((q) => [q.questionNo, q.answer]));
      expect(got).toEqual(answers);
      expect(r.crops.length).toBe(t.pages[pageNo - 1]!.regions.filter((g) => g.kind === 'answerBox').length);
    },
    60_000,
  );

  it('flags multi, blank, faint and erased marks and never guesses them', async () => {
    const answers = answersOf(a3, 1, 0);
    const r = await scan(
      a3,
      1,
      {
        examNo: '20251234',
        answers: { ...answers, '1': 'AB', '2': '', '3': '', '4': '', '5': 'B' },
        marks: {
          '3': { C: { darkness: 0.35, size: 0.4 } },
          '4': { A: { darkness: 0.45, size: 1, style: 'erased' } },
          '5': { D: { darkness: 0.45, size: 1, style: 'erased' } },
        },
      },
      poses[0]!,
      7,
    );
    if (r.outcome !== 'read') throw new Error(`${r.outcome}: ${r.detail}`);
    const q = new Map(r.questions.map((x) => [x.questionNo, x]));
    expect([q.get('1')!.answer, q.get('1')!.flags]).toEqual([null, ['multiple']]);
    expect([q.get('2')!.answer, q.get('2')!.flags]).toEqual([null, ['blank']]);
    expect([q.get('3')!.answer, q.get('3')!.flags]).toEqual([null, ['faint']]);
    expect([q.get('4')!.answer, q.get('4')!.flags]).toEqual([null, ['faint']]);
    expect([q.get('5')!.answer, q.get('5')!.letters, q.get('5')!.flags]).toEqual([null, ['B'], ['faint']]);
  }, 60_000);

  it("refuses a page of another exam's card", async () => {
    const r = await scan(other, 1, { examNo: '20251234', answers: answersOf(other, 1, 0) }, poses[1]!, 9);
    expect(r.outcome).toBe('other-exam');
  }, 60_000);
});

describe('with the blank print of the card version discounted (design step 4)', () => {
  let withBlank: TemplateForRecognition[] = [];
  beforeAll(async () => {
    withBlank = await Promise.all(
      [a3, a4].map(async (t) => ({
        id: t.id,
        version: t.version,
        pages: t.pages,
        blankReferences: await readBlankReferences(t),
      })),
    );
  }, 120_000);

  it('reads every page of the rendered card as its blank reference', () => {
    const [a3Blank] = withBlank;
    expect(a3Blank!.blankReferences).toHaveLength(a3.pages.length);
    const first = a3Blank!.blankReferences![0]!;
    expect(first.questions.length).toBeGreaterThan(0);
    expect(first.candidateNumber).toHaveLength(8);
    // The product prints its letters in light ink: inside the read ellipse they stay (nearly) under the dark
    // threshold, far from a pencil mark; a heavier print would show here and be discounted (omr's tests).
    const ratios = first.questions.flat();
    expect(ratios.every((r) => r >= 0 && r < 0.12)).toBe(true);
    expect(ratios).toHaveLength(
      a3.pages[0]!.regions.flatMap((g) => (g.kind === 'objectiveBlock' ? g.rows : [])).reduce(
        (n, row) => n + row.bubbles.length,
        0,
      ),
    );
  });

  it('reads the same answers, empty bubbles no higher, and still flags multi, blank, faint and erased', async () => {
    const answers = answersOf(a3, 1, 0);
    const fill = {
      examNo: '20251234',
      answers: { ...answers, '1': 'AB', '2': '', '3': '', '4': '', '5': 'B' },
      marks: {
        '3': { C: { darkness: 0.35, size: 0.4 } },
        '4': { A: { darkness: 0.45, size: 1, style: 'erased' as const } },
        '5': { D: { darkness: 0.45, size: 1, style: 'erased' as const } },
      },
    };
    const plain = await scan(a3, 1, fill, poses[0]!, 7);
    const discounted = await scan(a3, 1, fill, poses[0]!, 7, withBlank);
    if (plain.outcome !== 'read' || discounted.outcome !== 'read') throw new Error('not read');
    const decisions = (r: typeof plain) =>
      r.outcome === 'read' ? r.questions.map((q) => [q.questionNo, q.answer, q.letters, q.uncertain, q.flags]) : [];
    expect(decisions(discounted)).toEqual(decisions(plain));
    expect(discounted.examNo).toBe('20251234');
    // Question 2 has no mark at all: with the letters discounted its bubbles read no more than before.
    const row = (r: typeof plain) =>
      r.outcome === 'read' ? r.questions.find((q) => q.questionNo === '2')!.ratios : [];
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(row(discounted))).toBeLessThanOrEqual(sum(row(plain)));
  }, 60_000);
});

/** The page with its QR code blotted out by a dark smear over its middle (orientation still shows, no code reads). */
function blotted(t: AnswerCardTemplate, pageNo: number, image: GreyImage): GreyImage {
  const code = t.pages[pageNo - 1]!.regions.find((g) => g.kind === 'pageCode')!.rect;
  const px = DPI / 25.4;
  const data = new Uint8Array(image.data);
  for (let y = Math.round((code.y + code.height * 0.15) * px); y < (code.y + code.height * 0.85) * px; y++)
    for (let x = Math.round((code.x + code.width * 0.1) * px); x < (code.x + code.width * 0.9) * px; x++)
      data[y * image.width + x] = 40;
  return { ...image, data };
}

describe('a page whose page code does not read (design step 2)', () => {
  async function blottedScan(t: AnswerCardTemplate, pageNo: number, fill: PageFill, pose: ScanPose, seed: number) {
    const page = t.pages[pageNo - 1]!;
    const filled = fillPage(rasters.get(t.id)![pageNo - 1]!, page, DPI, fill, seed);
    const bytes = await scanOf(blotted(t, pageNo, filled), pose, seed);
    return recognisePage({ bytes, format: 'jpeg', dpi: DPI, templates, keepImage: false });
  }

  it.each([
    { pageNo: 1, pose: 0, name: 'upright, +2.9°' },
    { pageNo: 2, pose: 2, name: 'upside down' },
    { pageNo: 3, pose: 1, name: 'upright, −3°' },
  ])(
    'A3 page $pageNo ($name): matched to its page by the printed frames and read',
    async ({ pageNo, pose }) => {
      const answers = answersOf(a3, pageNo, 3);
      const r = await blottedScan(
        a3,
        pageNo,
        { examNo: '20259876', answers, writing: true },
        poses[pose]!,
        40 + pageNo,
      );
      if (r.outcome !== 'read') throw new Error(`${r.outcome}: ${r.detail}`);
      expect([r.templateId, r.pageNo, r.turned]).toEqual([a3.id, pageNo, poses[pose]!.turned ?? false]);
      expect(r.examNo).toBe('20259876');
      expect(Object.fromEntries(r.questions.map((q) => [q.questionNo, q.answer]))).toEqual(answers);
    },
    60_000,
  );

  it('sends a page of another layout with no readable code to the exception queue', async () => {
    const r = await blottedScan(otherLayout, 1, { examNo: '20259876', writing: true }, poses[1]!, 51);
    expect(r).toMatchObject({ outcome: 'unknown-page', detail: '页码二维码无法识别，版面也与本科目答题卡的页面不符' });
  }, 60_000);
});
