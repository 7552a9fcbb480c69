import { AnswerCardError } from './card-error.ts';
import { inset, rect } from './geometry.ts';
import { blockSize, blocksOf, objectiveBlock, QUESTIONS_PER_BLOCK } from './objective-block.ts';
import { encodePageCode } from './page-code.ts';
import { pageHeader } from './page-header.ts';
import { columnFrames, locatorRects, pageSize, REGION_GAP } from './paper.ts';
import type { AnswerBoxRegion, AnswerBoxSpec, CardItem, CardPage, CardSettings, ExamQuestion, Rect } from './types.ts';

// Flows the card's items down the columns, column after column and page after page. Nothing
// crosses a column or a page: an objective row that does not fit moves on; a box moves on whole
// when a fresh column can hold it, and only a box taller than that is cut into linked pieces.

/** The 3 mm no-writing margin inside every answer box frame. */
export const BOX_MARGIN = 3;
/** A piece shorter than this holds no usable writing: the box moves on instead. */
export const MIN_BOX_PIECE = 20;

export interface FlowInput {
  templateId: string;
  version: number;
  title: string;
  settings: CardSettings;
  items: readonly CardItem[];
}

interface Cursor {
  page: number;
  column: number;
  y: number;
}

export function flowPages(input: FlowInput): CardPage[] {
  const { settings } = input;
  const frames = columnFrames(settings);
  const pages: CardPage[] = [];

  const openPage = (number: number): CardPage => {
    const { width, height } = pageSize(settings.paper);
    const side = settings.sides === 2 && number % 2 === 0 ? 2 : 1;
    const sheet = settings.sides === 2 ? Math.ceil(number / 2) : number;
    const first = frames[0]!;
    const header = pageHeader({
      settings,
      column: first,
      pageNumber: number,
      title: input.title,
      pageCodePayload: encodePageCode({
        templateId: input.templateId,
        templateVersion: input.version,
        page: number,
        side,
      }),
    });
    const columns = frames.map((frame, index) =>
      index === 0 ? rect(frame.x, header.bottom, frame.width, frame.y + frame.height - header.bottom) : frame,
    );
    const page: CardPage = {
      number,
      sheet,
      side,
      width,
      height,
      columns,
      regions: [
        ...locatorRects(settings.paper).map((at) => ({ kind: 'locator' as const, rect: at })),
        ...header.regions,
      ],
    };
    pages.push(page);
    return page;
  };

  /** A column's body frame, opening its page when the flow first reaches it. */
  const body = (at: Pick<Cursor, 'page' | 'column'>): Rect => {
    while (pages.length < at.page) openPage(pages.length + 1);
    return pages[at.page - 1]!.columns[at.column]!;
  };
  const next = (at: Cursor): Cursor => {
    const following =
      at.column + 1 < frames.length ? { page: at.page, column: at.column + 1 } : { page: at.page + 1, column: 0 };
    return { ...following, y: body(following).y };
  };
  /** The height of the column after this one, without opening its page yet. */
  const nextColumnHeight = (at: Cursor): number => {
    if (at.column + 1 < frames.length) return body({ page: at.page, column: at.column + 1 }).height;
    // The next page's first column has the header of a page other than 1 (no 缺考 box).
    const header = pageHeader({
      settings,
      column: frames[0]!,
      pageNumber: at.page + 1,
      title: '',
      pageCodePayload: '',
    });
    const frame = frames[0]!;
    return frame.y + frame.height - header.bottom;
  };
  const place = (at: Cursor, region: CardPage['regions'][number]) => {
    pages[at.page - 1]!.regions.push(region);
  };

  let cursor: Cursor = { page: 1, column: 0, y: body({ page: 1, column: 0 }).y };
  for (const item of input.items) {
    cursor =
      item.kind === 'objective'
        ? flowObjective(item.questions, cursor, settings, { body, next, place })
        : flowBox(item.box, cursor, { body, next, place, nextColumnHeight });
  }
  return pages;
}

interface FlowTools {
  body: (at: Pick<Cursor, 'page' | 'column'>) => Rect;
  next: (at: Cursor) => Cursor;
  place: (at: Cursor, region: CardPage['regions'][number]) => void;
}

function bottomOf(frame: Rect): number {
  return frame.y + frame.height;
}

function flowObjective(
  questions: readonly ExamQuestion[],
  start: Cursor,
  settings: CardSettings,
  tools: FlowTools,
): Cursor {
  const down = settings.blockOrder === 'down';
  let cursor = start;
  let x = tools.body(cursor).x;
  let rowHeight = 0;
  for (const block of blocksOf(questions, settings.questionsPerBlock ?? QUESTIONS_PER_BLOCK)) {
    const size = blockSize(block);
    let frame = tools.body(cursor);
    if (x > frame.x && (down || x + size.width > frame.x + frame.width + 1e-6)) {
      // The row is full (竖排: every block has a row of its own): start the next row under it.
      cursor = { ...cursor, y: cursor.y + rowHeight + REGION_GAP };
      x = frame.x;
      rowHeight = 0;
    }
    if (cursor.y + size.height > bottomOf(frame) + 1e-6) {
      cursor = tools.next(cursor);
      frame = tools.body(cursor);
      x = frame.x;
      rowHeight = 0;
    }
    tools.place(cursor, objectiveBlock(block, x, cursor.y));
    x += size.width + REGION_GAP;
    rowHeight = Math.max(rowHeight, size.height);
  }
  return { ...cursor, y: cursor.y + rowHeight + REGION_GAP };
}

function flowBox(
  box: AnswerBoxSpec,
  start: Cursor,
  tools: FlowTools & { nextColumnHeight: (at: Cursor) => number },
): Cursor {
  const heights: number[] = [];
  const spots: Cursor[] = [];
  let cursor = start;
  let remaining = box.height;
  while (remaining > 1e-6) {
    const room = bottomOf(tools.body(cursor)) - cursor.y;
    if (remaining <= room + 1e-6) {
      heights.push(remaining);
      spots.push(cursor);
      break;
    }
    // A box a fresh column holds whole is moved, not cut; so is a sliver of room.
    const movesWhole = heights.length === 0 && remaining <= tools.nextColumnHeight(cursor);
    if (movesWhole || room < MIN_BOX_PIECE) {
      cursor = tools.next(cursor);
      if (bottomOf(tools.body(cursor)) - cursor.y < MIN_BOX_PIECE) {
        throw new AnswerCardError([
          { code: 'HEADER_TOO_TALL', message: '页眉占满了一栏，放不下答题框：请减少考号位数或改用 A3' },
        ]);
      }
      continue;
    }
    // Cut here, but leave the rest at least a usable piece.
    const piece = Math.min(room, remaining - MIN_BOX_PIECE);
    heights.push(piece);
    spots.push(cursor);
    remaining -= piece;
    cursor = tools.next(cursor);
  }
  heights.forEach((height, index) => {
    const at = spots[index]!;
    const frame = tools.body(at);
    const frameRect = rect(frame.x, at.y, frame.width, height);
    const region: AnswerBoxRegion = {
      kind: 'answerBox',
      rect: frameRect,
      boxId: box.id,
      part: index + 1,
      parts: heights.length,
      label: box.label,
      questionNumbers: box.questionNumbers,
      fullMarks: box.fullMarks,
      writable: inset(frameRect, BOX_MARGIN),
    };
    tools.place(at, region);
  });
  const last = spots.at(-1)!;
  return { ...last, y: last.y + heights.at(-1)! + REGION_GAP };
}
