import { describe, expect, it } from 'vitest';
import { applyHomography } from './homography.ts';
import { type PageReading, readPage } from './read-page.ts';
import { drawRandomPage, randomPage } from './test-support/random-page.ts';
import { syntheticLayout } from './test-support/synthetic-card.ts';

const a4 = syntheticLayout({ pageWidthMm: 210, pageHeightMm: 297, questionCount: 40, candidateDigits: 8 });
const a3 = syntheticLayout({ pageWidthMm: 420, pageHeightMm: 297, questionCount: 90, candidateDigits: 10 });

// 46 A4 pages at 150 dpi and 6 A3 sides at 200 dpi; every fifth page fed upside down.
const matrix = [
  ...Array.from({ length: 46 }, (_, n) => ({ layout: a4, seed: 1000 + n, dpi: 150, upsideDown: n % 5 === 4 })),
  ...Array.from({ length: 6 }, (_, n) => ({ layout: a3, seed: 5000 + n, dpi: 200, upsideDown: n % 3 === 2 })),
];

describe('readPage over a seeded matrix of scanned pages', () => {
  it.each(matrix)(
    'page $seed ($dpi dpi, upside down: $upsideDown) reads every bubble and the 考号 right',
    ({ layout, seed, dpi, upsideDown }) => {
      const page = randomPage(layout, seed, dpi, upsideDown);
      const canvas = drawRandomPage(page);
      const result = readPage(canvas.image, layout, { dpi });
      expect(result.status).toBe('read');
      const reading = result as PageReading;

      expect(reading.turned).toBe(upsideDown);
      const skew = page.scan.rotationDegrees - (upsideDown ? 180 : 0);
      expect(Math.abs(reading.skewDegrees - skew)).toBeLessThan(0.15);
      expect(reading.measuredDpi / (dpi * page.scan.scale)).toBeCloseTo(1, 2);
      // The transform lands on the drawn page to within a pixel everywhere on it.
      for (const probe of [
        { x: 30, y: 40 },
        { x: layout.pageWidthMm / 2, y: layout.pageHeightMm / 2 },
        { x: layout.pageWidthMm - 30, y: layout.pageHeightMm - 40 },
      ]) {
        const got = applyHomography(reading.transform, probe.x, probe.y);
        const want = applyHomography(canvas.truth, probe.x, probe.y);
        expect(Math.hypot(got.x - want.x, got.y - want.y)).toBeLessThan(1);
      }

      expect(reading.candidateNumber?.value).toBe(page.expectedCandidateNumber);
      reading.questions.forEach((question, i) => {
        const expected = page.expectedAnswers[i]!;
        if (expected === '') {
          expect(question.flags, `question ${question.questionNo}`).toEqual(['blank']);
          expect(question.answer).toBeNull();
        } else {
          expect(question.flags, `question ${question.questionNo} ${question.ratios}`).toEqual([]);
          expect(question.answer, `question ${question.questionNo}`).toBe(expected);
        }
      });
      const blanks = page.expectedAnswers.flatMap((answer, i) =>
        answer === '' ? [layout.questions[i]!.questionNo] : [],
      );
      expect(reading.flaggedQuestions).toEqual(blanks);
    },
  );
});

describe('readPage results', () => {
  it('are plain JSON and the same on every run', () => {
    const page = randomPage(a4, 77, 150, false);
    const image = drawRandomPage(page).image;
    const first = readPage(image, a4, { dpi: 150 });
    const second = readPage(image, a4, { dpi: 150 });
    expect(second).toEqual(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });
});

describe('readPage given the page already located', () => {
  it('reads the same as when it locates the page itself', async () => {
    const { locatePage } = await import('./page-transform.ts');
    const { measurePageLevels } = await import('./grey-image.ts');
    const page = randomPage(a3, 5002, 200, true);
    const { image } = drawRandomPage(page);
    const levels = measurePageLevels(image);
    const transform = locatePage(image, a3, levels, { dpi: 200 });
    expect(transform.status).toBe('located');
    if (transform.status !== 'located') return;
    expect(readPage(image, a3, { dpi: 200, located: { levels, transform } })).toEqual(
      readPage(image, a3, { dpi: 200 }),
    );
  });
});
