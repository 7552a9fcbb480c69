import ExcelJS from 'exceljs';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { CellReader, checkSpreadsheetFile, type SpreadsheetLimits } from '../../../platform/upload-limits.ts';
import { type ImportColumn, INSTRUCTIONS_SHEET, normaliseTitle } from './columns.ts';

// Reads an uploaded .xlsx into rows of text cells by column title. Everything here is CPU work on
// a buffer and runs before any transaction opens (house style), in a worker thread
// (readImportSheetInWorker) so a large file does not hold up other requests.

export const NOT_XLSX = '文件不是有效的 Excel（.xlsx）表格';
export const NO_DATA_ROWS = '表格中没有数据行';
export const MAX_IMPORT_ROWS = 20_000;
/** Users sometimes put a title line above the header; look for the header this far down. */
const HEADER_SEARCH_ROWS = 5;
/** An .xlsx file is a zip archive: it starts with the local file header PK\x03\x04. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** 20,000 rows of a dozen short cells unzip to about 10 MB; names and numbers are short. */
const SHEET_LIMITS: SpreadsheetLimits = {
  maxUnzippedBytes: 30 * 1024 * 1024,
  maxEntries: 500,
  maxRows: MAX_IMPORT_ROWS + 1_000,
  maxCellChars: 200,
  maxTotalChars: 8_000_000,
};

export interface SheetRow {
  /** The row number in Excel, so messages point at what the user sees. */
  rowNo: number;
  values: Record<string, string>;
}

export interface ReadSheet {
  /** The kind's columns present in the file, in template order. */
  columns: string[];
  rows: SheetRow[];
}

export async function readImportSheet(buffer: Buffer, columns: readonly ImportColumn[]): Promise<ReadSheet> {
  if (buffer.length === 0) throw badInput(NO_DATA_ROWS, { field: 'file' });
  if (!buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw badInput(NOT_XLSX, { field: 'file' });
  checkSpreadsheetFile(buffer, SHEET_LIMITS, NOT_XLSX);
  const cells = new CellReader(SHEET_LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS's own Buffer type predates Node's generic Buffer.
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badInput(NOT_XLSX, { field: 'file' });
  }
  const sheet = workbook.worksheets.find(
    (s) => s.name !== INSTRUCTIONS_SHEET && s.state !== 'hidden' && s.state !== 'veryHidden',
  );
  if (!sheet || sheet.actualRowCount === 0) throw badInput(NO_DATA_ROWS, { field: 'file' });

  const known = new Set(columns.map((c) => c.title));
  let headerRowNo = 0;
  const titleAt = new Map<number, string>();
  for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount) && headerRowNo === 0; r++) {
    sheet.getRow(r).eachCell((cell, col) => {
      const title = normaliseTitle(cells.text(cell));
      if (known.has(title) && ![...titleAt.values()].includes(title)) titleAt.set(col, title);
    });
    if (titleAt.size > 0) headerRowNo = r;
  }
  const present = new Set(titleAt.values());
  const missing = columns.filter((c) => c.required && !present.has(c.title)).map((c) => c.title);
  if (missing.length > 0) throw badInput(`缺少必填列：${missing.join('、')}`, { field: 'file' });

  const rows: SheetRow[] = [];
  for (let r = headerRowNo + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const values: Record<string, string> = {};
    let filled = false;
    for (const [col, title] of titleAt) {
      const text = cells.text(row.getCell(col));
      values[title] = text;
      if (text !== '') filled = true;
    }
    if (!filled) continue;
    rows.push({ rowNo: r, values });
    if (rows.length > MAX_IMPORT_ROWS) throw badInput(`一次最多导入${MAX_IMPORT_ROWS}行`, { field: 'file' });
  }
  if (rows.length === 0) throw badInput(NO_DATA_ROWS, { field: 'file' });
  return { columns: columns.filter((c) => present.has(c.title)).map((c) => c.title), rows };
}

/** readImportSheet in a parse worker thread. */
export const readImportSheetInWorker = offThread(import.meta.url, readImportSheet);
