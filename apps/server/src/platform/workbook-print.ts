import { roundHalfUp } from '@huikao/stats';
import type ExcelJS from 'exceljs';

// Every workbook the server writes prints as it is: A4, landscape when the table is wide, fitted to
// the page width, the header row repeated on each page, page numbers in the footer, thin borders,
// columns as wide as their longest value (CJK characters count double) and numbers stored rounded
// as they are shown (no 0.037000000000000005 behind a 3.70%). Exports open with a title row naming
// the school, the exam and the sheet; import templates keep their header on row 1 (their readers
// expect it there) and carry the title in the page header instead. Works on ExcelJS's workbook and
// on its streaming writer alike (each row is committed as it is written).

export type PrintedCell = string | number | null | undefined;

export interface PrintedColumn {
  header: string;
  /** Excel number format: '@' (text), '0.00%' (percent, 2 decimals); General when left out. */
  numFmt?: string;
  /** Decimals a number keeps (2 when left out; percent columns keep 2 decimals of the percent). */
  decimals?: number;
  /** At least this wide (Excel character units), e.g. for columns filled in by hand. */
  minWidth?: number;
}

export interface PrintedTable {
  /** 学校 · 考试 · 表名: the parts present, in that order. */
  title: readonly (string | null | undefined)[];
  /** A title row above the header (exports), or the title in the page header (import templates). */
  titleRow: boolean;
  columns: readonly PrintedColumn[];
  rows: Iterable<readonly PrintedCell[]>;
  /** Leading columns kept in view when scrolling sideways (学号, 姓名, 班级). */
  frozenColumns?: number;
  /** Styles a header cell after the house style is applied (e.g. required columns in red). */
  styleHeader?: (cell: ExcelJS.Cell, columnIndex: number) => void;
}

/** Printable width of A4 portrait at the margins below, in Excel character units. */
const PORTRAIT_WIDTH = 95;
const MAX_COLUMN_WIDTH = 60;
const MIN_COLUMN_WIDTH = 6;
const EXCELJS_DEFAULT_WIDTH = 9;
const THIN = { style: 'thin', color: { argb: 'FF808080' } } as const;
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } } as const;

export const titleText = (title: PrintedTable['title']) => title.filter((part) => part?.trim()).join(' · ');

/** Character cells a text takes: CJK and full-width characters count two, the longest line counts. */
export function displayWidth(text: string): number {
  let widest = 0;
  for (const line of text.split(/\r?\n/)) {
    let width = 0;
    for (const char of line)
      width +=
        /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
          char,
        )
          ? 2
          : 1;
    widest = Math.max(widest, width);
  }
  return widest;
}

const isPercent = (column: PrintedColumn) => column.numFmt?.endsWith('%') ?? false;
const decimalsOf = (column: PrintedColumn) => (column.decimals ?? 2) + (isPercent(column) ? 2 : 0);

/**
 * A number as the cell shows it, stored that way: rounded half up to the shown decimals and
 * rebuilt from its digits, so 0.037000000000000005 becomes 0.037.
 */
export function roundAsShown(value: number, decimals = 2): number {
  return Number(roundHalfUp(value, decimals).toFixed(decimals));
}

function shownText(value: PrintedCell, column: PrintedColumn): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (isPercent(column)) return `${(value * 100).toFixed(column.decimals ?? 2)}%`;
  return String(value);
}

/**
 * Adds a sheet holding the table (title row, header, rows) with borders, widths and the print
 * setup. The sheet is created here: the streaming writer writes its frozen panes and fit-to-page
 * flag as the sheet is created, so they go in with the creation options.
 */
export function addPrintedSheet(
  workbook: ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  table: PrintedTable,
): ExcelJS.Worksheet {
  const { columns } = table;
  const rows = Array.from(table.rows, (row) =>
    columns.map((column, i) => {
      const value = row[i];
      return typeof value === 'number' && Number.isFinite(value) ? roundAsShown(value, decimalsOf(column)) : value;
    }),
  );
  const widths = columns.map((column, i) => {
    let width = Math.max(displayWidth(column.header), column.minWidth ?? 0);
    for (const row of rows) width = Math.max(width, displayWidth(shownText(row[i], column)));
    const fitted = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width + 2));
    // ExcelJS writes no width for a column exactly its default width (9), and Excel's default is
    // narrower (8.43): such a column gets a little more.
    return fitted === EXCELJS_DEFAULT_WIDTH ? fitted + 0.5 : fitted;
  });
  const title = titleText(table.title);
  const headerRowNo = table.titleRow ? 2 : 1;
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: headerRowNo, xSplit: table.frozenColumns ?? 0 }],
    pageSetup: { fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  setUpPage(sheet, {
    wide: widths.reduce((sum, w) => sum + w, 0) > PORTRAIT_WIDTH,
    titleRows: `${headerRowNo}:${headerRowNo}`,
    pageHeader: table.titleRow ? null : title,
  });
  // Before the first row: the streaming writer writes the columns with it.
  sheet.columns = columns.map((column, i) => ({
    width: widths[i],
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));

  if (table.titleRow) {
    const titleRow = sheet.addRow([title]);
    titleRow.height = 24;
    titleRow.font = { bold: true, size: 14 };
    titleRow.alignment = { horizontal: 'center', vertical: 'middle' };
    if (columns.length > 1) sheet.mergeCells(1, 1, 1, columns.length);
    titleRow.commit();
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.height = 20;
  columns.forEach((_, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { bold: true, color: { argb: 'FF1F3864' } };
    cell.fill = HEADER_FILL;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.border = BORDER;
    table.styleHeader?.(cell, i);
  });
  header.commit();
  for (const values of rows) {
    const row = sheet.addRow(values.map((v) => v ?? null));
    for (let i = 1; i <= columns.length; i++) row.getCell(i).border = BORDER;
    row.commit();
  }
  return sheet;
}

/**
 * The print setup alone, for sheets laid out by hand (填写说明): A4, fitted to the page width,
 * page numbers in the footer, the title (if any) in the page header.
 */
export function setUpPage(
  sheet: ExcelJS.Worksheet,
  options: { wide?: boolean; titleRows?: string; pageHeader?: string | null } = {},
): void {
  sheet.pageSetup = {
    ...sheet.pageSetup,
    paperSize: 9, // A4
    orientation: options.wide ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    horizontalCentered: true,
    margins: { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
    ...(options.titleRows ? { printTitlesRow: options.titleRows } : {}),
  };
  sheet.headerFooter = {
    ...sheet.headerFooter,
    ...(options.pageHeader ? { oddHeader: `&C${options.pageHeader.replaceAll('&', '&&')}` } : {}),
    oddFooter: '&C第 &P 页，共 &N 页',
  };
}
