import type ExcelJS from 'exceljs';
import { expect } from 'vitest';

// What every exported workbook must show when read back with ExcelJS (issue #22 item 5): A4, fitted
// to the page width, the header row repeated on each page, borders on the table, columns as wide
// as their longest value (CJK characters count double), no float noise in numbers, no format that
// ends in a dot (0.##), and — for exports — a title row naming the school, the exam and the sheet.

const CJK = /[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u;
const widthOf = (text: string) =>
  Math.max(...text.split('\n').map((l) => [...l].reduce((w, c) => w + (CJK.test(c) ? 2 : 1), 0)));

export interface PrintExpectation {
  /** The header's row: 2 under a title row, 1 in an import template. */
  headerRowNo: 1 | 2;
  /** Words the title (row 1, or the page header of a template) must hold. */
  titleHolds: readonly string[];
}

export function expectPrintReady(sheet: ExcelJS.Worksheet, expected: PrintExpectation) {
  const where = `sheet ${sheet.name}`;
  const setup = sheet.pageSetup;
  expect(setup.paperSize, where).toBe(9);
  expect(setup.fitToPage, where).toBe(true);
  expect(setup.fitToWidth, where).toBe(1);
  expect(setup.fitToHeight, where).toBe(0);
  expect(setup.printTitlesRow, where).toBe(`${expected.headerRowNo}:${expected.headerRowNo}`);

  const header = sheet.getRow(expected.headerRowNo);
  const columnCount = header.cellCount;
  expect(columnCount, where).toBeGreaterThan(0);
  const title =
    expected.headerRowNo === 2 ? String(sheet.getRow(1).getCell(1).value ?? '') : (sheet.headerFooter.oddHeader ?? '');
  for (const words of expected.titleHolds) expect(title, where).toContain(words);
  if (expected.headerRowNo === 2) expect(sheet.getRow(1).getCell(1).font?.bold, where).toBe(true);

  // Wide tables print landscape.
  let totalWidth = 0;
  for (let c = 1; c <= columnCount; c++) totalWidth += sheet.getColumn(c).width ?? 8.43;
  if (totalWidth > 110) expect(setup.orientation, where).toBe('landscape');

  for (let r = expected.headerRowNo; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    for (let c = 1; c <= columnCount; c++) {
      const cell = row.getCell(c);
      expect(cell.border?.bottom?.style, `${where} ${cell.address} border`).toBe('thin');
      expect(cell.numFmt ?? '', `${where} ${cell.address} format`).not.toMatch(/[#0]\.#+(?![0#])|\.#/);
      const value = cell.value;
      if (typeof value === 'number') {
        // What a 15-digit display would write back is the value itself: no 0.037000000000000005.
        expect(Number(value.toPrecision(12)), `${where} ${cell.address} ${value}`).toBe(value);
      }
      const text = value === null || value === undefined ? '' : String(value);
      if (text && typeof value !== 'number') {
        expect(sheet.getColumn(c).width ?? 0, `${where} ${cell.address} "${text}" fits`).toBeGreaterThanOrEqual(
          Math.min(60, widthOf(text)),
        );
      }
    }
  }
}
