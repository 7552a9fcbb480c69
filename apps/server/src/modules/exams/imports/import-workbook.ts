import ExcelJS from 'exceljs';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { CellReader, checkSpreadsheetFile, type SpreadsheetLimits } from '../../../platform/upload-limits.ts';
import { INSTRUCTIONS_SHEET, META_MARK, META_SHEET, STUDENT_NO } from './import-layout.ts';

// Reads an uploaded score workbook into sheets of text cells by column title, and the template's
// hidden record. The way school-base reads its imports (a zip check, ExcelJS, cells as the user
// sees them, empty rows skipped), written again here because modules share no internals.
// CPU work on a buffer: runs before any transaction, in a worker thread (readScoreWorkbookInWorker).

export const NOT_XLSX = '文件不是有效的 Excel（.xlsx）表格';
export const MAX_SCORE_ROWS = 60_000;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** 60,000 rows of a few dozen question scores unzip to under 100 MB; cells are names and numbers. */
const WORKBOOK_LIMITS: SpreadsheetLimits = {
  maxUnzippedBytes: 120 * 1024 * 1024,
  maxEntries: 1_000,
  maxRows: MAX_SCORE_ROWS + 1_000,
  maxCellChars: 200,
  maxTotalChars: 40_000_000,
};

export interface WorkbookRow {
  rowNo: number;
  values: Record<string, string>;
}

export interface WorkbookSheet {
  name: string;
  columns: string[];
  rows: WorkbookRow[];
}

export interface TemplateMeta {
  meId: string;
  examName: string;
  /** Sheet name → the single exam and structure fingerprint it was made for. */
  sheets: Map<string, { seId: string; fingerprint: string }>;
}

export async function readScoreWorkbook(
  buffer: Buffer,
  /** A sheet whose titles hold one of these carries rows (一键导入考试 adds 项目 and 科目). */
  keyTitles: string[] = [STUDENT_NO],
): Promise<{ meta: TemplateMeta | null; sheets: WorkbookSheet[] }> {
  if (buffer.length === 0 || !buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw badInput(NOT_XLSX, { field: 'file' });
  checkSpreadsheetFile(buffer, WORKBOOK_LIMITS, NOT_XLSX);
  const cells = new CellReader(WORKBOOK_LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badInput(NOT_XLSX, { field: 'file' });
  }
  let meta: TemplateMeta | null = null;
  const sheets: WorkbookSheet[] = [];
  let total = 0;
  for (const sheet of workbook.worksheets) {
    if (sheet.name === META_SHEET) {
      meta = readMeta(sheet, cells);
      continue;
    }
    if (sheet.name === INSTRUCTIONS_SHEET || sheet.state !== 'visible') continue;
    const read = readSheet(sheet, cells, keyTitles);
    if (!read) continue;
    total += read.rows.length;
    if (total > MAX_SCORE_ROWS) throw badInput(`一次最多导入${MAX_SCORE_ROWS}行`, { field: 'file' });
    sheets.push(read);
  }
  return { meta, sheets };
}

function readMeta(sheet: ExcelJS.Worksheet, cells: CellReader): TemplateMeta | null {
  const first = sheet.getRow(1);
  if (cells.text(first.getCell(1)) !== META_MARK) return null;
  const meta: TemplateMeta = {
    meId: cells.text(first.getCell(2)),
    examName: cells.text(first.getCell(3)),
    sheets: new Map(),
  };
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const name = cells.text(row.getCell(1));
    if (name) meta.sheets.set(name, { seId: cells.text(row.getCell(2)), fingerprint: cells.text(row.getCell(3)) });
  }
  return meta;
}

/** A sheet whose first row holds a key title (学号) among its titles; other sheets carry no rows. */
function readSheet(sheet: ExcelJS.Worksheet, cells: CellReader, keyTitles: string[]): WorkbookSheet | null {
  if (sheet.actualRowCount === 0) return null;
  const titleAt = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const title = cells.text(cell);
    if (title && ![...titleAt.values()].includes(title)) titleAt.set(col, title);
  });
  const columns = [...titleAt.values()];
  if (!columns.some((c) => keyTitles.includes(c))) {
    return { name: sheet.name, columns, rows: [] };
  }
  const rows: WorkbookRow[] = [];
  const entries = [...titleAt];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const values: Record<string, string> = {};
    let filled = false;
    for (const [col, title] of entries) {
      const text = cells.text(row.getCell(col));
      values[title] = text;
      if (text !== '') filled = true;
    }
    if (filled) rows.push({ rowNo: r, values });
  }
  return { name: sheet.name, columns, rows };
}

/** readScoreWorkbook in a parse worker thread. */
export const readScoreWorkbookInWorker = offThread(import.meta.url, readScoreWorkbook);
