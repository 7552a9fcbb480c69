import type { TableColumnsType } from 'antd';
import { isValidElement, type ReactNode } from 'react';

// A report table written to .xlsx in the browser, with the values as the page shows them (rounded,
// rates in %). Spec §9: a sheet never runs past column Z; wider tables continue on further sheets,
// each repeating the key columns (姓名, 班级 …), as the server's exports do. ExcelJS is loaded
// only when a user exports (its own chunk).

export type CellValue = string | number | null | undefined;

/** One exported column: its header and the value of a row as displayed. */
export interface ExportColumn<Row> {
  title: string;
  value: (row: Row, index: number) => CellValue;
}

export interface ExportTable<Row = never> {
  /** The sheet's name (at most 31 characters in Excel). */
  name: string;
  columns: readonly ExportColumn<Row>[] | TableColumnsType<Row>;
  rows: readonly Row[];
  /** Leading columns repeated on every continuation sheet. */
  keyColumns?: number;
}

/** A table of any row type, for lists of sheets. */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type, checked by exportTable
export type AnyExportTable = ExportTable<any>;

/** A sheet whose columns are checked against its rows, in a list of sheets of different rows. */
export function exportTable<Row>(table: ExportTable<Row>): AnyExportTable {
  return table;
}

export interface SheetData {
  name: string;
  header: string[];
  rows: CellValue[][];
  keyColumns: number;
}

export const MAX_SHEET_COLUMNS = 26;
const SHEET_NAME_MAX = 31;

type AnyColumn<Row> = TableColumnsType<Row>[number] & {
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, row: Row, index: number) => unknown;
  children?: TableColumnsType<Row>;
};

/** The export columns of antd columns: groups flattened ("语文/平均分"), values from render or dataIndex. */
export function exportColumnsOf<Row>(columns: TableColumnsType<Row>, prefix = ''): ExportColumn<Row>[] {
  return columns.flatMap((raw) => {
    const column = raw as AnyColumn<Row>;
    if (column.key === 'actions') return [];
    const title = `${prefix}${textOf(column.title as ReactNode)}`;
    if (column.children) return exportColumnsOf(column.children, `${title}/`);
    return [
      {
        title,
        value: (row: Row, index: number) => {
          const raw = readPath(row, column.dataIndex);
          const shown = column.render ? column.render(raw, row, index) : raw;
          return cellOf(shown);
        },
      },
    ];
  });
}

function readPath(row: unknown, path: AnyColumn<unknown>['dataIndex']): unknown {
  if (path === undefined) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let value: unknown = row;
  for (const key of keys) value = value == null ? undefined : (value as Record<string | number, unknown>)[key];
  return value;
}

/** The text a rendered cell shows (strings, numbers, and elements whose children are text). */
export function textOf(node: ReactNode | unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

function cellOf(shown: unknown): CellValue {
  if (typeof shown === 'number' || typeof shown === 'string') return shown;
  if (shown === null || shown === undefined) return null;
  return textOf(shown);
}

const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,11})(\.\d+)?$/;

/** A cell as Excel stores it: plain numbers as numbers (so they sort and sum), anything else as shown. */
export function excelCell(value: CellValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return PLAIN_NUMBER.test(value) ? Number(value) : value;
}

export function sheetOf<Row>(table: ExportTable<Row>): SheetData {
  const columns: readonly ExportColumn<Row>[] = isExportColumns(table.columns)
    ? table.columns
    : exportColumnsOf(table.columns as TableColumnsType<Row>);
  return {
    name: table.name,
    header: columns.map((column) => column.title),
    rows: table.rows.map((row, index) => columns.map((column) => column.value(row, index))),
    keyColumns: table.keyColumns ?? 0,
  };
}

function isExportColumns<Row>(columns: ExportTable<Row>['columns']): columns is readonly ExportColumn<Row>[] {
  return columns.every((column) => typeof (column as { value?: unknown }).value === 'function');
}

/** Splits column indexes into sheets of at most 26 columns, repeating the first `keyColumns`. */
export function sheetColumnGroups(count: number, keyColumns = 0): number[][] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (count <= MAX_SHEET_COLUMNS) return [all];
  const keys = all.slice(0, Math.min(keyColumns, MAX_SHEET_COLUMNS - 1));
  const perSheet = MAX_SHEET_COLUMNS - keys.length;
  const groups = [all.slice(0, MAX_SHEET_COLUMNS)];
  for (let i = MAX_SHEET_COLUMNS; i < count; i += perSheet) groups.push([...keys, ...all.slice(i, i + perSheet)]);
  return groups;
}

/** A file name from its parts (page, exam, scope, subject), without characters files may not hold. */
export function exportFileName(parts: readonly (string | undefined)[], extension = 'xlsx'): string {
  const name = parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim().replace(/[\\/:*?"<>|\s]+/g, '_'))
    .join('_');
  return `${name || '导出'}.${extension}`;
}

/** Sheet names must be unique, at most 31 characters and free of []:*?/\ in Excel. */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, index) => {
    const base = (raw.replace(/[[\]:*?/\\]/g, ' ').trim() || `Sheet${index + 1}`).slice(0, SHEET_NAME_MAX);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, SHEET_NAME_MAX - String(n).length - 2)}（${n}）`;
    used.add(name);
    return name;
  });
}

/** Printable width of A4 portrait at the margins below, in Excel character units (as the server's workbooks). */
const PORTRAIT_WIDTH = 95;
const MIN_COLUMN_WIDTH = 6;
const MAX_COLUMN_WIDTH = 60;
const THIN = { style: 'thin', color: { argb: 'FF808080' } } as const;
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } } as const;
const WIDE_CHAR = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Character cells a text takes in Excel: CJK and full-width characters count two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE_CHAR.test(char) ? 2 : 1;
  return width;
}

/** The number format that shows a number as the page did: '81.10' keeps its two decimals. */
export function numberFormatOf(value: CellValue): string | undefined {
  if (typeof value !== 'string' || !PLAIN_NUMBER.test(value)) return undefined;
  const decimals = value.split('.')[1]?.length ?? 0;
  return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
}

/** The title row's text: the file's parts (page, exam, scope, subject) and the sheet, joined by ·. */
export function titleOf(fileTitle: string | undefined, sheetName: string): string {
  const parts = (fileTitle ?? '').split('_').filter((part) => part.trim());
  if (!parts.includes(sheetName)) parts.push(sheetName);
  return parts.join(' · ');
}

/**
 * Builds the workbook's bytes (ExcelJS loaded on demand), set up to print as the server's
 * workbooks do (platform/workbook-print.ts): a title row naming the report and the sheet, the
 * header repeated on every page, A4 fitted to the page width (landscape when wide), thin borders,
 * columns as wide as their longest value and numbers stored as shown with their decimals.
 */
export async function workbookBytes(sheets: readonly SheetData[], fileTitle?: string): Promise<ArrayBuffer> {
  const module = await import('exceljs');
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  const split = sheets.flatMap((sheet) => {
    const groups = sheetColumnGroups(sheet.header.length, sheet.keyColumns);
    return groups.map((group, part) => ({
      sheet,
      group,
      name: part === 0 ? sheet.name : `${sheet.name}（${part + 1}）`,
    }));
  });
  const names = sheetNames(split.map((entry) => entry.name));
  split.forEach(({ sheet, group }, index) => {
    const header = group.map((c) => sheet.header[c] ?? '');
    const rows = sheet.rows.map((row) => group.map((c) => row[c]));
    const widths = header.map((title, i) => {
      let width = displayWidth(title);
      for (const row of rows) width = Math.max(width, displayWidth(String(row[i] ?? '')));
      return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width + 2));
    });
    const worksheet = workbook.addWorksheet(names[index], {
      views: [{ state: 'frozen', ySplit: 2, xSplit: Math.min(sheet.keyColumns, group.length) }],
    });
    worksheet.pageSetup = {
      ...worksheet.pageSetup,
      paperSize: 9, // A4
      orientation: widths.reduce((sum, w) => sum + w, 0) > PORTRAIT_WIDTH ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
      printTitlesRow: '2:2',
    };
    worksheet.headerFooter = { ...worksheet.headerFooter, oddFooter: '&C第 &P 页，共 &N 页' };
    worksheet.columns = widths.map((width) => ({ width }));

    const title = worksheet.addRow([titleOf(fileTitle, sheet.name)]);
    title.height = 24;
    title.font = { bold: true, size: 14 };
    title.alignment = { horizontal: 'center', vertical: 'middle' };
    if (group.length > 1) worksheet.mergeCells(1, 1, 1, group.length);
    const head = worksheet.addRow(header);
    head.height = 20;
    header.forEach((_, i) => {
      const cell = head.getCell(i + 1);
      cell.font = { bold: true, color: { argb: 'FF1F3864' } };
      cell.fill = HEADER_FILL;
      cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
      cell.border = BORDER;
    });
    for (const values of rows) {
      const row = worksheet.addRow(values.map(excelCell));
      values.forEach((value, i) => {
        const cell = row.getCell(i + 1);
        cell.border = BORDER;
        const numFmt = numberFormatOf(value);
        if (numFmt) cell.numFmt = numFmt;
      });
    }
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
