import type { CardPage, Rect } from '@huikao/answer-card';
import type { Code128Symbol } from './code128.ts';
import { digitCells, line } from './draw-page.ts';
import { GUIDE_INK, INK } from './ink.ts';
import { fieldValue, INFO_VALUE_SIZE, infoSlots } from './student-info.ts';
import { fitText } from './text-fit.ts';

// What differs from copy to copy, drawn over the page's static print: the student's name, class,
// room and seat in their slots, the 考号 as a Code 128 barcode in the barcode area and as digits
// above the 考号 grid; on a blank card, the caption of the area a barcode sticker goes on.

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

/** `barcode`: the student's 考号 encoded once for all the card's pages. */
export function drawPersonal(doc: Doc, page: CardPage, student: PersonalisedStudent, barcode?: Code128Symbol): void {
  for (const region of page.regions) {
    if (region.kind === 'studentInfo') drawValues(doc, region.rect, region.fields, student);
    if (region.kind === 'barcode' && barcode) drawBarcode(doc, region.rect, student.examNo, barcode);
    if (region.kind === 'examNumberGrid') {
      // The 考号 written for the student in the cells above the grid (outside every bubble, so
      // recognition is unaffected): the student fills the bubbles under the printed digits.
      const digits = Array.from(student.examNo);
      digitCells(region).forEach((cell, index) => {
        const digit = digits[index];
        if (digit) line(doc, digit, cell.x + cell.width / 2, cell.y + cell.height / 2, 3.4, { align: 'center' });
      });
    }
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

/** The module width a barcode gets in an area of this width (quiet zones kept), at most 0.5 mm. */
export function barcodeModule(areaWidth: number, symbol: Code128Symbol): number {
  return Math.min(0.5, (areaWidth - 4) / (symbol.modules + 2 * QUIET_MODULES));
}

function drawBarcode(doc: Doc, at: Rect, examNo: string, symbol: Code128Symbol): void {
  const module = barcodeModule(at.width, symbol);
  const left = at.x + (at.width - symbol.modules * module) / 2;
  const top = at.y + 3;
  for (const bar of symbol.bars) doc.rect(left + bar.x * module, top, bar.width * module, BAR_HEIGHT);
  doc.fill(INK);
  line(doc, examNo, at.x + at.width / 2, top + BAR_HEIGHT + 3.4, EXAM_NO_SIZE, { align: 'center' });
}
