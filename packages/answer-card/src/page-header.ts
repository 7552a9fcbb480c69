import { ellipseAt, rect } from './geometry.ts';
import { REGION_GAP } from './paper.ts';
import type { CardSettings, ExamNumberBubble, FillSample, Rect, Region } from './types.ts';

// The header every page carries at the top of its first column. Identity is on every page, not
// only the first: pages are grouped into a student's sheet by identity and page code, never by
// the order of the stack, so a back side or a second sheet must identify its student too.

export const PAGE_CODE_SIZE = 16;
const TITLE_HEIGHT = 10;
const INFO_HEIGHT = 10;
export const BUBBLE_WIDTH = 5;
export const BUBBLE_HEIGHT = 3.5;
/** 考号 grid: one column of bubbles 0–9 per digit, a box on top to write the digit. */
const DIGIT_PITCH = 5.8;
const DIGIT_ROW_PITCH = 4.5;
const DIGIT_WRITE_ROW = 8;
const GRID_PADDING = 2;
const NOTICE_WIDTH = 56;
const NOTICE_HEIGHT = 40;
const BARCODE_SIZE = { width: 60, height: 25 };
const ABSENT_SIZE = { width: 28, height: 10 };

export const STUDENT_INFO_FIELDS = ['姓名', '班级', '考场', '座位号'];
export const NOTICE_LINES = [
  '1. 答题前，考生先将姓名、班级、考场、座位号填写清楚，并填涂考号。',
  '2. 选择题用 2B 铅笔填涂，修改时用橡皮擦干净。',
  '3. 非选择题用黑色签字笔在各题答题区域内作答，超出答题框的答案无效。',
  '4. 保持卡面清洁，不要折叠、弄破。',
];

export interface HeaderInput {
  settings: CardSettings;
  column: Rect;
  pageNumber: number;
  title: string;
  pageCodePayload: string;
}

export interface Header {
  regions: Region[];
  /** Where the body may start in the first column. */
  bottom: number;
}

export function examNumberGridSize(digits: number): { width: number; height: number } {
  return {
    width: 2 * GRID_PADDING + digits * DIGIT_PITCH,
    height: DIGIT_WRITE_ROW + 10 * DIGIT_ROW_PITCH + GRID_PADDING,
  };
}

export function pageHeader(input: HeaderInput): Header {
  const { column, settings } = input;
  const besideCode = column.width - PAGE_CODE_SIZE - REGION_GAP;
  const regions: Region[] = [
    { kind: 'title', rect: rect(column.x, column.y, besideCode, TITLE_HEIGHT), text: input.title },
    {
      kind: 'pageCode',
      rect: rect(column.x + column.width - PAGE_CODE_SIZE, column.y, PAGE_CODE_SIZE, PAGE_CODE_SIZE),
      payload: input.pageCodePayload,
    },
    {
      kind: 'studentInfo',
      rect: rect(column.x, column.y + TITLE_HEIGHT + REGION_GAP, besideCode, INFO_HEIGHT),
      fields: STUDENT_INFO_FIELDS,
    },
  ];
  const top = column.y + Math.max(TITLE_HEIGHT + REGION_GAP + INFO_HEIGHT, PAGE_CODE_SIZE) + REGION_GAP;
  const boxes: Array<{ width: number; height: number; place: (at: Rect) => Region }> = [];
  boxes.push({ width: Math.min(NOTICE_WIDTH, column.width), height: NOTICE_HEIGHT, place: noticeRegion });
  if (settings.identityMode !== 'barcode') {
    const size = examNumberGridSize(settings.examNumberLength);
    boxes.push({ ...size, place: (at) => examNumberGrid(at, settings.examNumberLength) });
  }
  if (settings.identityMode !== 'grid') boxes.push({ ...BARCODE_SIZE, place: (at) => ({ kind: 'barcode', rect: at }) });
  // The 缺考 box is for the proctor, once per student: page 1 only.
  if (input.pageNumber === 1) boxes.push({ ...ABSENT_SIZE, place: absentRegion });
  const packed = packRows(boxes, column, top);
  return { regions: [...regions, ...packed.regions], bottom: packed.bottom };
}

/** Places boxes left to right, wrapping to a new row when the column is full. */
function packRows(
  boxes: ReadonlyArray<{ width: number; height: number; place: (at: Rect) => Region }>,
  column: Rect,
  top: number,
): Header {
  const regions: Region[] = [];
  let x = column.x;
  let y = top;
  let rowHeight = 0;
  for (const box of boxes) {
    if (x > column.x && x + box.width > column.x + column.width + 1e-6) {
      x = column.x;
      y += rowHeight + REGION_GAP;
      rowHeight = 0;
    }
    regions.push(box.place(rect(x, y, box.width, box.height)));
    x += box.width + REGION_GAP;
    rowHeight = Math.max(rowHeight, box.height);
  }
  return { regions, bottom: y + rowHeight + REGION_GAP };
}

function noticeRegion(at: Rect): Region {
  // 填涂样例 along the notice's foot: one correct fill and three wrong ones.
  const ways: FillSample['way'][] = ['correct', 'tick', 'cross', 'half'];
  const y = at.y + at.height - 4;
  const samples = ways.map((way, index) => ({
    way,
    ellipse: ellipseAt(at.x + 8 + index * 12, y, BUBBLE_WIDTH, BUBBLE_HEIGHT),
  }));
  return { kind: 'notice', rect: at, lines: NOTICE_LINES, samples };
}

function absentRegion(at: Rect): Region {
  return {
    kind: 'absent',
    rect: at,
    bubble: ellipseAt(at.x + at.width - 3 - BUBBLE_WIDTH / 2, at.y + at.height / 2, BUBBLE_WIDTH, BUBBLE_HEIGHT),
  };
}

function examNumberGrid(at: Rect, digits: number): Region {
  const bubbles: ExamNumberBubble[] = [];
  for (let digit = 0; digit < digits; digit += 1) {
    const cx = at.x + GRID_PADDING + digit * DIGIT_PITCH + DIGIT_PITCH / 2;
    for (let value = 0; value <= 9; value += 1) {
      const cy = at.y + DIGIT_WRITE_ROW + value * DIGIT_ROW_PITCH + DIGIT_ROW_PITCH / 2;
      bubbles.push({ digit, value, ellipse: ellipseAt(cx, cy, BUBBLE_WIDTH, BUBBLE_HEIGHT) });
    }
  }
  return { kind: 'examNumberGrid', rect: at, digits, bubbles };
}
