import type ExcelJS from 'exceljs';
import { badInput } from './errors.ts';
import { cellText } from './spreadsheet-cells.ts';
import { megabytes, readZipArchive, type ZipLimits } from './zip-archive.ts';

// What an uploaded Word or Excel file may hold, checked before the parser builds it in memory: the
// archive's unzipped size and entries, a workbook's rows or a document's paragraphs, then each cell
// as it is read (its length, and all cells' text together, so one huge shared string repeated in
// every row cannot make a preview of hundreds of MB). Messages quote at most a short excerpt.

const EXCERPT_CHARS = 50;

/** At most 50 characters of what the user wrote, with "…" when there was more, for messages. */
export function excerpt(text: string, chars = EXCERPT_CHARS): string {
  const characters = Array.from(text);
  return characters.length <= chars ? text : `${characters.slice(0, chars).join('')}…`;
}

export interface SpreadsheetLimits extends ZipLimits {
  /** Rows of every worksheet together, counted in the sheet XML before the workbook is built. */
  maxRows: number;
  maxCellChars: number;
  /** All cells' text together as read (a shared string counts each time a cell uses it). */
  maxTotalChars: number;
}

export interface DocumentLimits extends ZipLimits {
  maxParagraphs: number;
  /** word/document.xml alone (the text; pictures are other entries). */
  maxDocumentBytes: number;
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = /<(?:\w+:)?row[\s>/]/g;
const DOCUMENT = 'word/document.xml';
const PARAGRAPH_TAG = /<w:p[\s>/]/g;

function countMatches(xml: Buffer, pattern: RegExp): number {
  return xml.toString('latin1').match(pattern)?.length ?? 0;
}

/** An .xlsx within the limits, or a refusal in Chinese before ExcelJS reads it. */
export function checkSpreadsheetFile(buffer: Buffer, limits: SpreadsheetLimits, unreadable: string): void {
  const sheets = readZipArchive(buffer, limits, unreadable, (name) => WORKSHEET.test(name));
  let rows = 0;
  for (const xml of sheets.values()) rows += countMatches(xml, ROW_TAG);
  if (rows > limits.maxRows) throw badInput(`表格行数超过 ${limits.maxRows} 行，请分批导入`, { field: 'file' });
}

/** A .docx within the limits, or a refusal in Chinese before mammoth reads it. */
export function checkDocumentFile(buffer: Buffer, limits: DocumentLimits, unreadable: string): void {
  const document = readZipArchive(buffer, limits, unreadable, (name) => name === DOCUMENT).get(DOCUMENT);
  if (!document) throw badInput(unreadable, { field: 'file' });
  if (document.length > limits.maxDocumentBytes) {
    throw badInput(`正文解压后超过 ${megabytes(limits.maxDocumentBytes)}，请拆分后分批导入`, { field: 'file' });
  }
  if (countMatches(document, PARAGRAPH_TAG) > limits.maxParagraphs) {
    throw badInput(`段落数超过 ${limits.maxParagraphs}，请拆分后分批导入`, { field: 'file' });
  }
}

/**
 * Reads cells as the user sees them (cellText) for one import, refusing a cell longer than the
 * limit (quoting only its beginning) and a workbook whose cells add up to more than the total.
 */
export class CellReader {
  private total = 0;

  constructor(private readonly limits: Pick<SpreadsheetLimits, 'maxCellChars' | 'maxTotalChars'>) {}

  text(cell: ExcelJS.Cell): string {
    const text = cellText(cell);
    if (text.length > this.limits.maxCellChars) {
      const sheet = cell.worksheet?.name ? `“${cell.worksheet.name}”` : '';
      throw badInput(
        `单元格内容过长：${sheet}${cell.address} 超过 ${this.limits.maxCellChars} 个字符（“${excerpt(text)}”）`,
        { field: 'file' },
      );
    }
    this.total += text.length;
    if (this.total > this.limits.maxTotalChars) {
      throw badInput(`表格内容过多（超过 ${this.limits.maxTotalChars} 个字符），请分批导入`, { field: 'file' });
    }
    return text;
  }
}
