// A seeded random page: answers chosen, pencil marks drawn for them, and a scanner pose within the tolerances the
// reader promises (rotation ±3°, scale ±3 %, shift, blur, noise, dust, a dark border, sometimes upside down).

import type { CardPageLayout } from '../card-layout.ts';
import { between, seededRandom } from './seeded-random.ts';
import { type DrawnPage, drawCard, type PencilMark, type ScanSpec } from './synthetic-card.ts';

export interface RandomPage {
  layout: CardPageLayout;
  scan: ScanSpec;
  drawn: DrawnPage;
  /** Per question: the letters marked ('' for a question left blank). */
  expectedAnswers: string[];
  expectedCandidateNumber: string;
}

export function randomPage(layout: CardPageLayout, seed: number, dpi: number, upsideDown: boolean): RandomPage {
  const random = seededRandom(seed);
  const pencil = (): PencilMark => ({ darkness: between(random, 0.3, 0.9), size: between(random, 0.6, 1.1) });
  const expectedAnswers: string[] = [];
  const questionMarks = layout.questions.map((question) => {
    const count = question.options.length;
    const chosen = new Set<number>();
    if (random() >= 0.06) {
      const wanted = question.kind === 'multi' ? 1 + Math.floor(random() * 3) : 1;
      while (chosen.size < wanted) chosen.add(Math.floor(random() * count));
    }
    expectedAnswers.push(
      question.options
        .filter((_, i) => chosen.has(i))
        .map((o) => o.letter)
        .join(''),
    );
    return question.options.map((_, i) => (chosen.has(i) ? pencil() : null));
  });
  let expectedCandidateNumber = '';
  const digitMarks = (layout.candidateNumber?.digits ?? []).map(() => {
    const digit = Math.floor(random() * 10);
    expectedCandidateNumber += String(digit);
    return Array.from({ length: 10 }, (_, k) => (k === digit ? pencil() : null));
  });
  const scan: ScanSpec = {
    dpi,
    seed,
    rotationDegrees: between(random, -3, 3) + (upsideDown ? 180 : 0),
    scale: between(random, 0.97, 1.03),
    shiftMm: { x: between(random, -3, 3), y: between(random, -3, 3) },
    // Enough glass that a sheet turned by 3° and enlarged by 3 % still lies wholly inside the image.
    marginMm: 6 + 0.03 * Math.max(layout.pageWidthMm, layout.pageHeightMm),
    paper: Math.round(between(random, 215, 250)),
    blurRadius: random() < 0.7 ? 1 : 0,
    noise: Math.round(between(random, 3, 10)),
    dustShare: between(random, 0.0005, 0.003),
    borderPx: random() < 0.5 ? Math.round(dpi / 15) : 0,
    letterInk: Math.round(between(random, 200, 215)),
  };
  return { layout, scan, drawn: { questionMarks, digitMarks }, expectedAnswers, expectedCandidateNumber };
}

export function drawRandomPage(page: RandomPage) {
  return drawCard(page.layout, page.drawn, page.scan);
}
