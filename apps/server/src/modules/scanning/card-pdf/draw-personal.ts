import type { CardPage, Rect } from '@huikao/answer-card';
import { code128 } from './code128.ts';
import { line } from './draw-page.ts';
import { GUIDE_INK, INK } from './ink.ts';
import { fieldValue, INFO_VALUE_SIZE, infoSlots } from './student-info.ts';
import { fitText } from './text-fit.ts';

// What differs from copy to copy, drawn over the page's static print: the student's name, class,
// room and seat in their slots and the 考号 as a Code 128 barcode; on a blank card, the caption of
// the area a pre-printed barcode sticker goes on.

type Doc = PDFKit.PDFDocument;

export interface PersonalisedStudent {
  examNo: string;
  name: string;
  className: string;
  room?: string;
  seat?: number;
}

/** Bar height and the 考号 printed under it, inside the barcode area. */
const BAR_HEIGHT = 13;
const EXAM_NO_SIZE = 3.2;
/** Code 128 asks for ten modules of white on each side. */
const QUIET_MODULES = 10;
/** Narrower modules than this are beyond a 200 dpi scan (two pixels) and a laser printer's edge. */
export const MIN_MODULE_MM = 0.25;

export function drawPersonal(doc: Doc, page: CardPage, student: PersonalisedStudent): void {
  for (const region of page.regions) {
    if (region.kind === 'studentInfo') drawValues(doc, region.rect, region.fields, student);
    if (region.kind === 'barcode') drawBarcode(doc, region.rect, student.examNo);
  }
}

export function drawBlankOverlay(doc: Doc, page: CardPage): void {
  for (const region of page.regions) {
    if (region.kind !== 'barcode') continue;
    const { x, y, width, height } = region.rect;
    line(doc, '条形码粘贴处', x + width / 2, y + height / 2 - 2, 3.2, { color: GUIDE_INK, align: 'center' });
    line(doc, '（请勿超出框线）', x + width / 2, y + height / 2 + 2.6, 2.2, { color: GUIDE_INK, align: 'center' });
  }
}

function drawValues(doc: Doc, at: Rect, fields: readonly string[], student: PersonalisedStudent): void {
  // Measured at size 1 each time: drawing a value changes the document's font size.
  const measure = (text: string) => doc.fontSize(1).widthOfString(text);
  for (const slot of infoSlots(at, fields)) {
    const value = fieldValue(slot.field, student)?.trim();
    if (!value) continue;
    const fitted = fitText(value, slot.value.width - 1, INFO_VALUE_SIZE, measure);
    line(doc, fitted.text, slot.value.x + 0.5, at.y + at.height * 0.45, fitted.size);
  }
}

/** The module width the 考号's barcode gets in an area of this width, for checking before printing. */
export function barcodeModule(areaWidth: number, examNo: string): number {
  const symbol = code128(examNo);
  return (areaWidth - 4) / (symbol.modules + 2 * QUIET_MODULES);
}

function drawBarcode(doc: Doc, at: Rect, examNo: string): void {
  const symbol = code128(examNo);
  const module = Math.min(0.5, (at.width - 4) / (symbol.modules + 2 * QUIET_MODULES));
  const left = at.x + (at.width - symbol.modules * module) / 2;
  const top = at.y + 3;
  for (const bar of symbol.bars) doc.rect(left + bar.x * module, top, bar.width * module, BAR_HEIGHT);
  doc.fill(INK);
  line(doc, examNo, at.x + at.width / 2, top + BAR_HEIGHT + 3.4, EXAM_NO_SIZE, { align: 'center' });
}
