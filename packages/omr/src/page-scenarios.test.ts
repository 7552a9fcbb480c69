// The cases the design says to flag or refuse, never guess: faint, erased, 多选, blank; a dark misprint of the
// letters; a page upside down; a page with a locator missing; a page of another exam.

import { describe, expect, it } from 'vitest';
import type { CardPageLayout } from './card-layout.ts';
import { DEFAULT_CHOICE_THRESHOLDS } from './choice-rules.ts';
import { type BlankReference, type PageReading, readBlankReference, readPage } from './read-page.ts';
import { drawCard, type PencilMark, type ScanSpec, syntheticLayout } from './test-support/synthetic-card.ts';

const layout = syntheticLayout({ pageWidthMm: 210, pageHeightMm: 297, questionCount: 20, candidateDigits: 6 });

const scan: ScanSpec = {
  dpi: 150,
  seed: 3,
  rotationDegrees: 2.2,
  scale: 0.98,
  shiftMm: { x: 1.5, y: -2 },
  marginMm: 8,
  paper: 232,
  blurRadius: 1,
  noise: 7,
  dustShare: 0.002,
  borderPx: 10,
  letterInk: 205,
};

const solid: PencilMark = { darkness: 0.7, size: 0.95 };
const faint: PencilMark = { darkness: 0.35, size: 0.4 };
const erased: PencilMark = { darkness: 0.45, size: 1, style: 'erased' };

/** Marks by letter per question, e.g. { 1: { B: solid } }; unlisted questions are left blank. */
function marks(layoutOfPage: CardPageLayout, byQuestion: Record<number, Record<string, PencilMark>>) {
  return layoutOfPage.questions.map((question, i) =>
    question.options.map((option) => byQuestion[i + 1]?.[option.letter] ?? null),
  );
}

function digits(value: string, mark: (position: number) => PencilMark | null = () => solid) {
  return [...value].map((digit, position) =>
    Array.from({ length: 10 }, (_, k) => (k === Number(digit) ? mark(position) : null)),
  );
}

function read(page: { questionMarks: (PencilMark | null)[][]; digitMarks: (PencilMark | null)[][] }, spec = scan) {
  const result = readPage(drawCard(layout, page, spec).image, layout, { dpi: spec.dpi });
  expect(result.status).toBe('read');
  return result as PageReading;
}

describe('flags instead of guesses', () => {
  const reading = read({
    questionMarks: marks(layout, {
      1: { B: solid },
      2: { A: faint },
      3: { C: erased },
      4: { A: solid, D: solid },
      5: { A: solid, C: solid, E: solid }, // 多选 question
      6: { D: solid, B: erased }, // answer changed: the erased first choice still asks for a look
      8: { B: { darkness: 0.9, size: 1.1 } },
    }),
    digitMarks: digits('204815', (position) => (position === 3 ? faint : solid)),
  });
  const question = (no: number) => reading.questions[no - 1]!;

  it('reads clean marks', () => {
    expect(question(1)).toMatchObject({ answer: 'B', flags: [] });
    expect(question(8)).toMatchObject({ answer: 'B', flags: [] });
    expect(question(5)).toMatchObject({ kind: 'multi', answer: 'ACE', marked: ['A', 'C', 'E'], flags: [] });
  });

  it('flags a faint mark and an erased one, and answers neither', () => {
    expect(question(2)).toMatchObject({ answer: null, marked: [], uncertain: ['A'], flags: ['faint'] });
    expect(question(3)).toMatchObject({ answer: null, marked: [], uncertain: ['C'], flags: ['faint'] });
    expect(question(6)).toMatchObject({ answer: null, marked: ['D'], uncertain: ['B'], flags: ['faint'] });
  });

  it('flags 多选 on a single-choice question', () => {
    expect(question(4)).toMatchObject({ answer: null, marked: ['A', 'D'], flags: ['multiple'] });
  });

  it('flags 未作答', () => {
    expect(question(7)).toMatchObject({ answer: null, marked: [], uncertain: [], flags: ['blank'] });
    expect(reading.flaggedQuestions).toEqual(['2', '3', '4', '6', '7', ...range(9, 20)]);
  });

  it('withholds the 考号 when one digit is faint, and says which', () => {
    const number = reading.candidateNumber!;
    expect(number.value).toBeNull();
    expect(number.digits.map((d) => d.digit)).toEqual([2, 0, 4, null, 1, 5]);
    expect(number.digits[3]!.flags).toEqual(['faint']);
  });
});

describe('faint and erased marks over a sweep of scanner poses', () => {
  // Every question carries one kind of mark on its first bubble, in turn: faint, erased, solid, none.
  const kinds = [faint, erased, solid, null] as const;
  const questionMarks = layout.questions.map((question, i) =>
    question.options.map((_, j) => (j === 0 ? kinds[i % 4]! : null)),
  );
  const poses = Array.from({ length: 12 }, (_, n) => ({
    ...scan,
    seed: 100 + n,
    rotationDegrees: -3 + n * 0.55 + (n % 4 === 3 ? 180 : 0),
    scale: 0.97 + (n % 7) * 0.01,
    paper: 220 + n * 2,
    blurRadius: n % 3 === 0 ? 0 : 1,
    borderPx: n % 2 === 0 ? 10 : 0,
  }));

  it.each(poses)('pose $seed: faint and erased flagged, solid read, none blank', (pose) => {
    const reading = read({ questionMarks, digitMarks: digits('000000') }, pose);
    reading.questions.forEach((question, i) => {
      const kind = kinds[i % 4];
      const expected =
        kind === solid
          ? { answer: layout.questions[i]!.options[0]!.letter, flags: [] }
          : kind === null
            ? { answer: null, flags: ['blank'] }
            : { answer: null, flags: ['faint'] };
      expect({ answer: question.answer, flags: question.flags }, `question ${i + 1}: ${question.ratios}`).toEqual(
        expected,
      );
    });
  });
});

describe('the printed letter discounted by a blank page', () => {
  // A misprint in dark, heavy ink: the letters alone cover a tenth or more of each bubble.
  const darkInk = { ...scan, letterInk: 110, letterLineMm: 0.5, seed: 11 };
  // A light mark over half the bubble: after the letter's share is taken away it still reads between the thresholds.
  const faintOverLetter: PencilMark = { darkness: 0.35, size: 0.55 };
  const answers = { 1: { A: solid }, 2: { B: solid }, 3: { C: solid }, 4: { D: solid }, 5: { B: faintOverLetter } };
  const page = { questionMarks: marks(layout, answers), digitMarks: digits('135790') };

  it('without a reference, the letters read as faint marks: flagged, not read as answers', () => {
    const reading = read(page, darkInk);
    expect(reading.questions[0]!.flags).toContain('faint');
    expect(reading.questions.every((q) => q.answer === null)).toBe(true);
  });

  it('with the blank page of the same print, every bubble reads right', () => {
    const blank = readBlankReference(
      drawCard(layout, { questionMarks: [], digitMarks: [] }, { ...darkInk, seed: 12, rotationDegrees: -1.4 }).image,
      layout,
      { dpi: 150 },
    ) as BlankReference;
    expect(Math.min(...blank.questions.flat())).toBeGreaterThan(0.1);
    const image = drawCard(layout, page, darkInk).image;
    const reading = readPage(image, layout, { dpi: 150, blankReference: blank }) as PageReading;
    expect(reading.questions.slice(0, 4).map((q) => q.answer)).toEqual(['A', 'B', 'C', 'D']);
    // Heavy letters, no pencil: every unmarked bubble reads (nearly) empty once its letter is discounted.
    const unmarked = reading.questions.slice(0, 4).flatMap((q, i) => q.ratios.filter((_, k) => k !== i));
    expect(Math.max(...unmarked)).toBeLessThan(DEFAULT_CHOICE_THRESHOLDS.faintFloor);
    // A faint mark over a heavy letter is still flagged, not discounted away nor read as an answer.
    expect(reading.questions[4]).toMatchObject({ answer: null, flags: ['faint'], uncertain: ['B'] });
    expect(reading.questions.slice(5).every((q) => q.flags.join() === 'blank')).toBe(true);
    expect(reading.candidateNumber!.value).toBe('135790');
  });
});

describe('orientation and refusals', () => {
  const page = { questionMarks: marks(layout, { 1: { C: solid }, 2: { A: solid } }), digitMarks: digits('777001') };

  it('turns a page fed upside down and reads it', () => {
    const reading = read(page, { ...scan, rotationDegrees: 180 - 2.7 });
    expect(reading.turned).toBe(true);
    expect(reading.skewDegrees).toBeCloseTo(-2.7, 1);
    expect(reading.questions.slice(0, 2).map((q) => q.answer)).toEqual(['C', 'A']);
    expect(reading.candidateNumber!.value).toBe('777001');
  });

  it('refuses a page with a locator missing, naming it', () => {
    const image = drawCard(layout, page, { ...scan, missingLocators: ['bottomLeft'] }).image;
    expect(readPage(image, layout, { dpi: 150 })).toMatchObject({
      status: 'refused',
      reason: 'locators-missing',
      missing: ['bottomLeft'],
      detail: '未找到定位点：左下',
    });
  });

  it('refuses a blank sheet of paper', () => {
    const image = { width: 1400, height: 1900, data: new Uint8Array(1400 * 1900).fill(240) };
    expect(readPage(image, layout, { dpi: 150 })).toMatchObject({ status: 'refused', reason: 'locators-missing' });
  });

  it('refuses a page of another exam (its page code elsewhere) as unknown, upright or turned', () => {
    const other = syntheticLayout({
      pageWidthMm: 210,
      pageHeightMm: 297,
      questionCount: 20,
      candidateDigits: 6,
      pageCodeCorner: 'topLeft',
    });
    for (const rotationDegrees of [1, 181]) {
      const image = drawCard(other, page, { ...scan, rotationDegrees }).image;
      expect(readPage(image, layout, { dpi: 150 })).toMatchObject({ status: 'refused', reason: 'unknown-page' });
    }
  });

  it('refuses a page whose locators stand at another scale than the layout says', () => {
    const image = drawCard(layout, page, { ...scan, scale: 1.11, marginMm: 20 }).image;
    expect(readPage(image, layout, { dpi: 150 })).toMatchObject({ status: 'refused', reason: 'layout-mismatch' });
  });
});

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}
