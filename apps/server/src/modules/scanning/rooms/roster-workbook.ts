import ExcelJS from 'exceljs';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { CellReader, checkSpreadsheetFile, type SpreadsheetLimits } from '../../../platform/upload-limits.ts';
import { addPrintedSheet, type PrintedCell } from '../../../platform/workbook-print.ts';

// makeScan's exam-student template (考生考场模板, issue #16): one row per student of the multi exam
// with 考号, 姓名, 班级 (for reading) and 考场, 座位号 (filled in), written through workbook-print and
// read back with the upload limits, in a worker thread, before any transaction.

export const ROSTER_SHEET = '考生考场';
export const ROSTER_COLUMNS = ['考号', '姓名', '班级', '考场', '座位号'] as const;
export const NOT_XLSX = '文件不是有效的 Excel（.xlsx）表格';
const MAX_ROWS = 5_000;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const LIMITS: SpreadsheetLimits = {
  maxUnzippedBytes: 20 * 1024 * 1024,
  maxEntries: 200,
  maxRows: MAX_ROWS + 10,
  maxCellChars: 50,
  maxTotalChars: 2_000_000,
};

export interface RosterRow {
  rowNo: number;
  examNo: string;
  name: string;
  room: string;
  seat: string;
}

export async function rosterTemplate(
  title: { school: string; exam: string },
  rows: readonly PrintedCell[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  addPrintedSheet(workbook, ROSTER_SHEET, {
    title: [title.school, title.exam, '考生考场'],
    titleRow: false,
    columns: [
      { header: '考号', numFmt: '@' },
      { header: '姓名' },
      { header: '班级' },
      { header: '考场', minWidth: 12 },
      { header: '座位号', minWidth: 8 },
    ],
    rows,
    frozenColumns: 2,
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template's rows as text; refuses a file that is not the template (its columns) with the reason. */
export async function readRoster(buffer: Buffer): Promise<RosterRow[]> {
  if (buffer.length === 0 || !buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw badInput(NOT_XLSX, { field: 'file' });
  checkSpreadsheetFile(buffer, LIMITS, NOT_XLSX);
  const cells = new CellReader(LIMITS);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badInput(NOT_XLSX, { field: 'file' });
  }
  const sheet = workbook.getWorksheet(ROSTER_SHEET) ?? workbook.worksheets.find((s) => s.state === 'visible');
  if (!sheet) throw badInput('表格中没有工作表', { field: 'file' });
  const header = sheet.getRow(1);
  const titles = ROSTER_COLUMNS.map((_, i) => cells.text(header.getCell(i + 1)));
  const missing = ROSTER_COLUMNS.filter((column) => !titles.includes(column));
  if (missing.length > 0) {
    throw badInput(`表头不是考生考场模板：缺少“${missing.join('”、“')}”列，请下载模板后填写`, { field: 'file' });
  }
  const at = (column: (typeof ROSTER_COLUMNS)[number]) => titles.indexOf(column) + 1;
  const rows: RosterRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const read = {
      rowNo: r,
      examNo: cells.text(row.getCell(at('考号'))).trim(),
      name: cells.text(row.getCell(at('姓名'))).trim(),
      room: cells.text(row.getCell(at('考场'))).trim(),
      seat: cells.text(row.getCell(at('座位号'))).trim(),
    };
    if (!read.examNo && !read.name && !read.room && !read.seat) continue;
    rows.push(read);
    if (rows.length > MAX_ROWS) throw badInput(`一次最多导入${MAX_ROWS}行`, { field: 'file' });
  }
  if (rows.length === 0) throw badInput('表格中没有考生行', { field: 'file' });
  return rows;
}

export const readRosterInWorker = offThread(import.meta.url, readRoster);
