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

/** Builds the workbook's bytes (ExcelJS loaded on demand). */
export async function workbookBytes(sheets: readonly SheetData[]): Promise<ArrayBuffer> {
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
    const worksheet = workbook.addWorksheet(names[index], { views: [{ state: 'frozen', ySplit: 1 }] });
    const header = worksheet.addRow(group.map((c) => sheet.header[c] ?? ''));
    header.font = { bold: true };
    header.alignment = { vertical: 'middle', horizontal: 'center' };
    for (const row of sheet.rows) worksheet.addRow(group.map((c) => excelCell(row[c])));
    group.forEach((c, i) => {
      const longest = Math.max(
        (sheet.header[c] ?? '').length * 2,
        ...sheet.rows.slice(0, 200).map((row) => String(row[c] ?? '').length),
      );
      worksheet.getColumn(i + 1).width = Math.min(40, Math.max(8, longest + 2));
    });
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
