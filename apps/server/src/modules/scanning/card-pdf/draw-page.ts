import type { AnswerBoxRegion, CardPage, Ellipse, FillSample, Rect, Region } from '@huikao/answer-card';
import { BUBBLE_LINE, FRAME_LINE, GUIDE_INK, HAIRLINE, INK, LIGHT_INK } from './ink.ts';
import { qrMatrix } from './page-code-mark.ts';
import { INFO_LABEL_SIZE, infoSlots } from './student-info.ts';

// The static print of one template page: everything that is the same on every student's copy.
// Drawn once per PDF into a form XObject (render-card-pdf.ts), in millimetres from the page's
// top-left corner, exactly the template's coordinates.

type Doc = PDFKit.PDFDocument;

export interface PageContext {
  pageCount: number;
  sides: 1 | 2;
}

export function drawStaticPage(doc: Doc, page: CardPage, context: PageContext): void {
  for (const region of page.regions) drawRegion(doc, region);
  drawFooter(doc, page, context);
}

function drawRegion(doc: Doc, region: Region): void {
  switch (region.kind) {
    case 'locator':
      doc.rect(region.rect.x, region.rect.y, region.rect.width, region.rect.height).fill(INK);
      return;
    case 'pageCode':
      drawPageCode(doc, region.rect, region.payload);
      return;
    case 'title':
      drawTitle(doc, region.rect, region.text);
      return;
    case 'studentInfo':
      drawStudentInfo(doc, region.rect, region.fields);
      return;
    case 'notice':
      drawNotice(doc, region.rect, region.lines, region.samples);
      return;
    case 'absent':
      drawAbsent(doc, region.rect, region.bubble);
      return;
    case 'examNumberGrid':
      drawExamNumberGrid(doc, region);
      return;
    case 'barcode':
      // The frame only: the caption (blank) or the printed barcode (personalised) is per copy.
      doc.save();
      doc
        .rect(region.rect.x, region.rect.y, region.rect.width, region.rect.height)
        .lineWidth(HAIRLINE)
        .dash(1, { space: 0.8 })
        .stroke(INK);
      doc.restore();
      return;
    case 'objectiveBlock':
      drawObjectiveBlock(doc, region);
      return;
    case 'answerBox':
      drawAnswerBox(doc, region);
      return;
  }
}

/** One line of text, vertically centred on `y`. */
export function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  options: { color?: string; align?: 'left' | 'center' | 'right' } = {},
): void {
  doc.fontSize(size).fillColor(options.color ?? INK);
  const width = options.align && options.align !== 'left' ? doc.widthOfString(text) : 0;
  const left = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
  doc.text(text, left, y, { lineBreak: false, baseline: 'middle' });
}

function drawPageCode(doc: Doc, at: Rect, payload: string): void {
  const matrix = qrMatrix(payload);
  // One module of white inside the region; with the ≥ 3 mm gap every region keeps to its
  // neighbours the quiet zone is well over the four modules the standard asks.
  const module = Math.min(at.width, at.height) / (matrix.size + 2);
  const left = at.x + (at.width - matrix.size * module) / 2;
  const top = at.y + (at.height - matrix.size * module) / 2;
  for (const run of matrix.runs) {
    doc.rect(left + run.column * module, top + run.row * module, run.length * module, module);
  }
  doc.fill(INK);
}

function drawTitle(doc: Doc, at: Rect, text: string): void {
  doc.fontSize(1);
  const size = Math.min(5.2, (at.width - 2) / Math.max(doc.widthOfString(text), 1));
  line(doc, text, at.x + at.width / 2, at.y + at.height / 2, size, { align: 'center' });
}

function drawStudentInfo(doc: Doc, at: Rect, fields: readonly string[]): void {
  const baseline = at.y + at.height * 0.72;
  for (const slot of infoSlots(at, fields)) {
    line(doc, `${slot.field}：`, slot.label.x, at.y + at.height / 2, INFO_LABEL_SIZE);
    doc
      .moveTo(slot.value.x, baseline)
      .lineTo(slot.value.x + slot.value.width, baseline)
      .lineWidth(HAIRLINE)
      .stroke(INK);
  }
}

function drawNotice(doc: Doc, at: Rect, lines: readonly string[], samples: readonly FillSample[]): void {
  doc.rect(at.x, at.y, at.width, at.height).lineWidth(FRAME_LINE).stroke(INK);
  line(doc, '注意事项', at.x + at.width / 2, at.y + 3, 3, { align: 'center' });
  doc.fontSize(2).fillColor(INK);
  doc.text(lines.join('\n'), at.x + 2, at.y + 5.5, { width: at.width - 4, lineGap: 0.1 });
  const sampleY = samples[0]?.ellipse.cy ?? at.y + at.height - 4;
  line(doc, '填涂样例：', at.x + 2, sampleY - 4.6, 2.2);
  for (const sample of samples) {
    drawFillSample(doc, sample);
    const caption = sample.way === 'correct' ? '正确' : '错误';
    line(doc, caption, sample.ellipse.cx + sample.ellipse.width / 2 + 0.6, sample.ellipse.cy, 2);
  }
}

function drawFillSample(doc: Doc, sample: FillSample): void {
  const { cx, cy, width, height } = sample.ellipse;
  const rx = width / 2;
  const ry = height / 2;
  if (sample.way === 'correct') {
    doc.ellipse(cx, cy, rx, ry).fill(INK);
    return;
  }
  bubbleOutline(doc, sample.ellipse);
  doc.save().lineWidth(0.35).strokeColor(INK);
  if (sample.way === 'tick') {
    doc
      .moveTo(cx - rx * 0.55, cy)
      .lineTo(cx - rx * 0.1, cy + ry * 0.6)
      .lineTo(cx + rx * 0.6, cy - ry * 0.7)
      .stroke();
  } else if (sample.way === 'cross') {
    doc
      .moveTo(cx - rx * 0.5, cy - ry * 0.6)
      .lineTo(cx + rx * 0.5, cy + ry * 0.6)
      .moveTo(cx + rx * 0.5, cy - ry * 0.6)
      .lineTo(cx - rx * 0.5, cy + ry * 0.6)
      .stroke();
  } else {
    // 半涂: only the left half filled.
    doc.rect(cx - rx, cy - ry, rx, height).clip();
    doc.ellipse(cx, cy, rx, ry).fill(INK);
  }
  doc.restore();
}

function bubbleOutline(doc: Doc, bubble: Ellipse): void {
  doc
    .ellipse(bubble.cx, bubble.cy, bubble.width / 2, bubble.height / 2)
    .lineWidth(BUBBLE_LINE)
    .stroke(LIGHT_INK);
}

/** A bubble with its letter or digit inside, all in light ink. */
function bubble(doc: Doc, at: Ellipse, mark: string): void {
  bubbleOutline(doc, at);
  line(doc, mark, at.cx, at.cy, 2.4, { color: LIGHT_INK, align: 'center' });
}

function drawAbsent(doc: Doc, at: Rect, mark: Ellipse): void {
  doc.rect(at.x, at.y, at.width, at.height).lineWidth(FRAME_LINE).stroke(INK);
  line(doc, '缺考', at.x + 2, at.y + at.height * 0.35, 3);
  line(doc, '由监考员填涂', at.x + 2, at.y + at.height * 0.75, 1.9, { color: GUIDE_INK });
  bubbleOutline(doc, mark);
}

function drawExamNumberGrid(doc: Doc, region: Extract<Region, { kind: 'examNumberGrid' }>): void {
  const at = region.rect;
  doc.rect(at.x, at.y, at.width, at.height).lineWidth(FRAME_LINE).stroke(INK);
  line(doc, '考号', at.x + at.width / 2, at.y + 1.7, 2.2, { align: 'center' });
  // A cell above each column for writing the digit by hand (a personalised card prints it there).
  for (const cell of digitCells(region))
    doc.rect(cell.x, cell.y, cell.width, cell.height).lineWidth(HAIRLINE).stroke(INK);
  for (const digit of region.bubbles) bubble(doc, digit.ellipse, String(digit.value));
}

/** The write-in cells above the 考号 grid's columns, left to right. */
export function digitCells(region: Extract<Region, { kind: 'examNumberGrid' }>): Rect[] {
  return region.bubbles
    .filter((bubble) => bubble.value === 0)
    .sort((a, b) => a.digit - b.digit)
    .map(({ ellipse }) => {
      const top = region.rect.y + 3.3;
      return { x: ellipse.cx - 2.5, y: top, width: 5, height: ellipse.cy - ellipse.height / 2 - 0.8 - top };
    });
}

function drawObjectiveBlock(doc: Doc, region: Extract<Region, { kind: 'objectiveBlock' }>): void {
  const at = region.rect;
  doc.rect(at.x, at.y, at.width, at.height).lineWidth(HAIRLINE).stroke(INK);
  for (const row of region.rows) {
    const first = row.bubbles[0]!.ellipse;
    const right = first.cx - first.width / 2 - 1.2;
    // A number like "13(2)" shrinks to the room left of the first bubble.
    const room = right - at.x - 0.8;
    const size = Math.min(2.8, room / Math.max(doc.fontSize(1).widthOfString(row.number), 0.1));
    line(doc, row.number, right, first.cy, size, { align: 'right' });
    for (const option of row.bubbles) bubble(doc, option.ellipse, option.option);
  }
}

function marks(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, '')} 分`;
}

function drawAnswerBox(doc: Doc, box: AnswerBoxRegion): void {
  const at = box.rect;
  doc.rect(at.x, at.y, at.width, at.height).lineWidth(FRAME_LINE).stroke(INK);
  const heading =
    box.part === 1 ? `${box.label}．（${marks(box.fullMarks)}）` : `${box.label}．续答区（${box.part}/${box.parts}）`;
  line(doc, heading, box.writable.x + 0.5, box.writable.y + 1.8, 3);
  if (box.part < box.parts) {
    // In the bottom no-writing margin: where the answer goes on.
    line(
      doc,
      `未完，接第 ${box.label} 题续答区（${box.part + 1}/${box.parts}）`,
      at.x + at.width - 2,
      at.y + at.height - 1.5,
      2,
      {
        color: GUIDE_INK,
        align: 'right',
      },
    );
  }
}

function drawFooter(doc: Doc, page: CardPage, context: PageContext): void {
  const face = context.sides === 2 ? `，第 ${page.sheet} 张${page.side === 1 ? '正面' : '背面'}` : '';
  // Centred between the bottom locators, far outside the window recognition searches them in.
  line(doc, `第 ${page.number} 页 / 共 ${context.pageCount} 页${face}`, page.width / 2, page.height - 13, 2.5, {
    color: GUIDE_INK,
    align: 'center',
  });
}
