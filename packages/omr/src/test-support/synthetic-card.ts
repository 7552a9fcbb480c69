// Synthetic answer cards for tests and the bench: a layout like the card designer's, and a drawn, "scanned" page of
// it with pencil marks of chosen darkness and size.

import type { CardPageLayout, ObjectiveQuestionLayout } from '../card-layout.ts';
import type { PlanePoint } from '../homography.ts';
import { PageCanvas, type ScanPose } from './page-canvas.ts';
import { between, type Random, seededRandom } from './seeded-random.ts';

export interface SyntheticLayoutSpec {
  pageWidthMm: number;
  pageHeightMm: number;
  questionCount: number;
  candidateDigits: number;
  /** Where the page code sits: the top-right corner (our cards) or the top-left (another exam's cards). */
  pageCodeCorner?: 'topRight' | 'topLeft';
}

const OPTION_PITCH_MM = 7;
const ROW_PITCH_MM = 5.5;

/** Questions in blocks of five; every fifth question 多选 (A–E), every seventh 判断 (T/F), the rest 单选 A–D. */
export function syntheticLayout(spec: SyntheticLayoutSpec): CardPageLayout {
  const { pageWidthMm: W, pageHeightMm: H } = spec;
  const inset = 8 + 3; // locator centre: 8 mm from the edge to the square, plus half its 6 mm side
  const questions: ObjectiveQuestionLayout[] = [];
  const blockWidth = 12 + 5 * OPTION_PITCH_MM;
  const columns = Math.max(1, Math.floor((W - 40) / (blockWidth + 4)));
  for (let q = 0; q < spec.questionCount; q++) {
    const block = Math.floor(q / 5);
    const x0 = 20 + (block % columns) * (blockWidth + 4) + 12;
    const y0 = 110 + Math.floor(block / columns) * (5 * ROW_PITCH_MM + 8) + (q % 5) * ROW_PITCH_MM;
    const questionNo = String(q + 1);
    const letters = q % 7 === 6 ? ['T', 'F'] : q % 5 === 4 ? ['A', 'B', 'C', 'D', 'E'] : ['A', 'B', 'C', 'D'];
    const kind = q % 5 === 4 && q % 7 !== 6 ? 'multi' : 'single';
    questions.push({
      questionNo,
      kind,
      options: letters.map((letter, i) => ({ letter, center: { x: x0 + i * OPTION_PITCH_MM, y: y0 } })),
    });
  }
  const digits: PlanePoint[][] = [];
  for (let d = 0; d < spec.candidateDigits; d++) {
    digits.push(Array.from({ length: 10 }, (_, k) => ({ x: 24 + d * OPTION_PITCH_MM, y: 45 + k * ROW_PITCH_MM })));
  }
  const codeX = spec.pageCodeCorner === 'topLeft' ? 30 : W - 48;
  return {
    pageWidthMm: W,
    pageHeightMm: H,
    locators: {
      topLeft: { x: inset, y: inset },
      topRight: { x: W - inset, y: inset },
      bottomRight: { x: W - inset, y: H - inset },
      bottomLeft: { x: inset, y: H - inset },
    },
    locatorSizeMm: 6,
    orientationMark: { x: codeX, y: 12, width: 18, height: 18 },
    bubble: { widthMm: 5, heightMm: 3.5 },
    questions,
    candidateNumber: { digits },
  };
}

/** One pencil mark: `darkness` 0–1 of the paper's grey, `size` the mark's linear size relative to the bubble. */
export interface PencilMark {
  darkness: number;
  size: number;
  /** 'erased': the residue an eraser leaves, a sparse scatter of grey over the bubble. */
  style?: 'filled' | 'erased';
}

export interface DrawnPage {
  /** Per question (layout order), per option: the mark drawn, or null. */
  questionMarks: (PencilMark | null)[][];
  /** Per digit column, per bubble 0–9. */
  digitMarks: (PencilMark | null)[][];
}

export interface ScanSpec extends ScanPose {
  seed: number;
  paper: number;
  blurRadius: number;
  noise: number;
  dustShare: number;
  /** Width in px of a black scanner border along the image edges (0: none). */
  borderPx: number;
  /** Grey of the printed letters and outlines (light ink: ~205; a dark misprint: ~110). */
  letterInk: number;
  /** Stroke width of the printed letters, mm (0.25 by default). */
  letterLineMm?: number;
  /** Corners whose locator is not printed (a torn or folded corner). */
  missingLocators?: readonly ('topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft')[];
}

/** Letters as a few thin strokes inside the bubble, in printed ink. */
function drawLetter(canvas: PageCanvas, letter: string, c: PlanePoint, ink: number, line: number): void {
  const s = 0.9;
  const segments: Record<string, number[][]> = {
    A: [
      [-0.6, 1, 0, -1],
      [0, -1, 0.6, 1],
      [-0.3, 0.2, 0.3, 0.2],
    ],
    B: [
      [-0.5, -1, -0.5, 1],
      [-0.5, -1, 0.5, -0.5],
      [0.5, -0.5, -0.5, 0],
      [-0.5, 0, 0.5, 0.5],
      [0.5, 0.5, -0.5, 1],
    ],
    C: [
      [0.5, -1, -0.5, -0.6],
      [-0.5, -0.6, -0.5, 0.6],
      [-0.5, 0.6, 0.5, 1],
    ],
    D: [
      [-0.5, -1, -0.5, 1],
      [-0.5, -1, 0.5, 0],
      [0.5, 0, -0.5, 1],
    ],
    E: [
      [-0.5, -1, -0.5, 1],
      [-0.5, -1, 0.5, -1],
      [-0.5, 0, 0.3, 0],
      [-0.5, 1, 0.5, 1],
    ],
    T: [
      [-0.6, -1, 0.6, -1],
      [0, -1, 0, 1],
    ],
    F: [
      [-0.5, -1, -0.5, 1],
      [-0.5, -1, 0.5, -1],
      [-0.5, 0, 0.3, 0],
    ],
  };
  const digitStrokes = [
    [-0.4, -1, 0.4, -1],
    [0.4, -1, 0.4, 1],
    [0.4, 1, -0.4, 1],
  ];
  for (const [x0, y0, x1, y1] of segments[letter] ?? digitStrokes) {
    canvas.stroke(c.x + x0! * s, c.y + y0! * s, c.x + x1! * s, c.y + y1! * s, line, ink);
  }
}

function drawMark(canvas: PageCanvas, c: PlanePoint, mark: PencilMark, paper: number, random: Random): void {
  const a = 2.5 * mark.size;
  const b = 1.75 * mark.size;
  // A hand never centres a mark exactly.
  const cx = c.x + between(random, -0.3, 0.3) * (1.1 - Math.min(1.1, mark.size));
  const cy = c.y + between(random, -0.2, 0.2) * (1.1 - Math.min(1.1, mark.size));
  const seed = Math.floor(random() * 2 ** 31);
  const grain = seededRandom(seed);
  if (mark.style === 'erased') {
    // What an eraser leaves: diagonal streaks of graphite, 0.35 mm wide every 1.6 mm.
    canvas.ellipse(c.x, c.y, 2.5, 1.75, (mx, my) =>
      (mx + my + 10) % 1.6 < 0.35 ? paper * (1 - mark.darkness * (0.8 + 0.4 * grain())) : null,
    );
    return;
  }
  // Pencil grain: each pixel's darkness varies ±25 % around the mark's.
  canvas.ellipse(cx, cy, a, b, () => paper * (1 - mark.darkness * (0.75 + 0.5 * grain())));
}

export function drawCard(layout: CardPageLayout, page: DrawnPage, scan: ScanSpec): PageCanvas {
  const random = seededRandom(scan.seed);
  const canvas = new PageCanvas(
    layout.pageWidthMm,
    layout.pageHeightMm,
    scan,
    scan.paper,
    scan.borderPx > 0 ? 30 : 255,
  );
  for (const [corner, centre] of Object.entries(layout.locators)) {
    if (scan.missingLocators?.includes(corner as 'topLeft')) continue;
    canvas.square(centre.x, centre.y, layout.locatorSizeMm, 15);
  }
  // The page code: a seeded 21 × 21 module pattern, about half black, like a QR code.
  const mark = layout.orientationMark;
  const module = mark.width / 21;
  const code = seededRandom(7);
  for (let row = 0; row < 21; row++) {
    for (let column = 0; column < 21; column++) {
      if (code() < 0.5) canvas.rect(mark.x + column * module, mark.y + row * module, module, module, 20);
    }
  }
  // A title line and a 注意事项 block of "text": dark bars where a real card has print.
  canvas.rect(60, 14, 60, 5, 40);
  for (let line = 0; line < 4; line++) canvas.rect(100, 45 + line * 6, 70, 1.2, 60);

  const bubbleA = layout.bubble.widthMm / 2;
  const bubbleB = layout.bubble.heightMm / 2;
  const drawBubble = (centre: PlanePoint, letter: string, pencil: PencilMark | null) => {
    canvas.ellipseOutline(centre.x, centre.y, bubbleA, bubbleB, 0.2, scan.letterInk);
    drawLetter(canvas, letter, centre, scan.letterInk, scan.letterLineMm ?? 0.25);
    if (pencil) drawMark(canvas, centre, pencil, scan.paper, random);
  };
  layout.questions.forEach((question, q) => {
    for (const [i, option] of question.options.entries()) {
      drawBubble(option.center, option.letter, page.questionMarks[q]?.[i] ?? null);
    }
  });
  layout.candidateNumber?.digits.forEach((column, d) => {
    for (const [k, centre] of column.entries()) drawBubble(centre, String(k), page.digitMarks[d]?.[k] ?? null);
  });
  if (scan.borderPx > 0) canvas.scanBorder(scan.borderPx, 25);
  canvas.boxBlur(scan.blurRadius);
  canvas.speckle(random, scan.noise, scan.dustShare);
  return canvas;
}
