import type { AnswerBoxRegion, CardPage, Ellipse, Rect } from '@huikao/answer-card';
import type { CardPageLayout, LocatorCorner, ObjectiveQuestionLayout } from '@huikao/omr';

// One template page (answer-card's regions, mm from the page's top-left) as recognition reads it:
// omr's CardPageLayout (locators, page-code area, bubbles, 考号 grid) plus what the server reads
// itself (the page code, the barcode, the 缺考 bubble, the subjective boxes to crop). Pure.

export interface RecognitionPage {
  pageNo: number;
  layout: CardPageLayout;
  /** The QR code's area, where the page code is read. */
  pageCode: Rect;
  barcode: Rect | null;
  absent: Ellipse | null;
  boxes: Pick<AnswerBoxRegion, 'boxId' | 'label' | 'questionNumbers' | 'rect' | 'part' | 'parts'>[];
  /** The printed frames (answer boxes, objective blocks, 考号 grid, 缺考 box): the page's layout when its QR is unreadable. */
  frames: Rect[];
}

/** Regions printed with a frame line (card-pdf's draw-page). */
const FRAMED = new Set(['answerBox', 'objectiveBlock', 'examNumberGrid', 'absent']);

export function recognitionPage(page: CardPage): RecognitionPage {
  const locators = page.regions.flatMap((r) => (r.kind === 'locator' ? [r.rect] : []));
  if (locators.length !== 4) throw new Error(`template page ${page.number} has ${locators.length} locators`);
  const centre = { x: page.width / 2, y: page.height / 2 };
  const corners = {} as Record<LocatorCorner, { x: number; y: number }>;
  for (const rect of locators) {
    const c = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    const corner: LocatorCorner =
      c.y < centre.y ? (c.x < centre.x ? 'topLeft' : 'topRight') : c.x < centre.x ? 'bottomLeft' : 'bottomRight';
    corners[corner] = c;
  }
  const pageCode = page.regions.find((r) => r.kind === 'pageCode');
  if (!pageCode) throw new Error(`template page ${page.number} has no page code`);

  const questions: ObjectiveQuestionLayout[] = [];
  let bubble: { widthMm: number; heightMm: number } | null = null;
  let barcode: Rect | null = null;
  let absent: Ellipse | null = null;
  let digits: { x: number; y: number }[][] | undefined;
  const boxes: RecognitionPage['boxes'] = [];
  const frames: Rect[] = [];
  for (const region of page.regions) {
    if (FRAMED.has(region.kind) && 'rect' in region) frames.push(region.rect);
    if (region.kind === 'objectiveBlock') {
      for (const row of region.rows) {
        bubble ??= { widthMm: row.bubbles[0]!.ellipse.width, heightMm: row.bubbles[0]!.ellipse.height };
        questions.push({
          questionNo: row.number,
          kind: row.type === 'multiple' ? 'multi' : 'single',
          options: row.bubbles.map((b) => ({ letter: b.option, center: { x: b.ellipse.cx, y: b.ellipse.cy } })),
        });
      }
    } else if (region.kind === 'examNumberGrid') {
      const columns: { x: number; y: number }[][] = Array.from({ length: region.digits }, () => []);
      for (const b of [...region.bubbles].sort((p, q) => p.value - q.value)) {
        columns[b.digit]![b.value] = { x: b.ellipse.cx, y: b.ellipse.cy };
        bubble ??= { widthMm: b.ellipse.width, heightMm: b.ellipse.height };
      }
      digits = columns;
    } else if (region.kind === 'barcode') {
      barcode = region.rect;
    } else if (region.kind === 'absent') {
      absent = region.bubble;
    } else if (region.kind === 'answerBox') {
      boxes.push({
        boxId: region.boxId,
        label: region.label,
        questionNumbers: region.questionNumbers,
        rect: region.rect,
        part: region.part,
        parts: region.parts,
      });
    }
  }

  return {
    pageNo: page.number,
    pageCode: pageCode.rect,
    barcode,
    absent,
    boxes,
    frames,
    layout: {
      pageWidthMm: page.width,
      pageHeightMm: page.height,
      locators: corners,
      locatorSizeMm: locators[0]!.width,
      orientationMark: pageCode.rect,
      bubble: bubble ?? { widthMm: 5, heightMm: 3.5 },
      questions,
      candidateNumber: digits ? { digits } : undefined,
    },
  };
}

/** The crop's key within a page: a box continued over pages gets one crop per piece. */
export function cropIdOf(box: Pick<AnswerBoxRegion, 'boxId' | 'part' | 'parts'>): string {
  return box.parts > 1 ? `${box.boxId}-${box.part}` : box.boxId;
}
