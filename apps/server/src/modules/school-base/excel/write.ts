import type ExcelJS from 'exceljs';
import { addPrintedSheet } from '../../../platform/workbook-print.ts';
import { columnLetter } from './columns.ts';

// Writing table sheets, ready to print (platform/workbook-print.ts), with text cells. Spec §9: a
// sheet never runs past column Z; wider tables continue on further sheets, each repeating the key
// columns (e.g. 姓名, 学号) so every row can still be told apart.

export const MAX_SHEET_COLUMNS = 26;

export interface SheetColumn {
  header: string;
  width: number;
  /** Required columns get a red header (the title already ends in *). */
  required?: boolean;
}

export interface TableOptions {
  /** Leading columns repeated on every continuation sheet. */
  keyColumns?: number;
  /** Named in the sheet's title, before the sheet's own name. */
  schoolName?: string;
  /** An import template: the header stays on row 1 and the title goes to the page header. */
  template?: boolean;
}

/** Splits column indexes into sheets of at most 26 columns, repeating the first `keyColumns`. */
export function sheetColumnGroups(count: number, keyColumns = 0): number[][] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (count <= MAX_SHEET_COLUMNS) return [all];
  const keys = all.slice(0, keyColumns);
  const perSheet = MAX_SHEET_COLUMNS - keys.length;
  if (perSheet < 1) throw new RangeError('key columns leave no room on a sheet');
  const groups = [all.slice(0, MAX_SHEET_COLUMNS)];
  for (let i = MAX_SHEET_COLUMNS; i < count; i += perSheet) groups.push([...keys, ...all.slice(i, i + perSheet)]);
  return groups;
}

/** Adds the table as one sheet, or several when it is wider than A–Z. Cells are written as text. */
export function addTableSheets(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly SheetColumn[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): ExcelJS.Worksheet[] {
  const groups = sheetColumnGroups(columns.length, options.keyColumns);
  return groups.map((group, index) => {
    const sheetName = groups.length === 1 || index === 0 ? name : `${name}（${index + 1}）`;
    const sheet = addPrintedSheet(workbook, sheetName.slice(0, 31), {
      title: [options.schoolName, sheetName],
      // Templates keep the header on row 1; exports open with the title (the import reader finds
      // the header below it, so an exported list can still be imported again).
      titleRow: !options.template,
      // Text format keeps 学号 and phone numbers as typed (no 1.38E+10, no lost leading zeros).
      columns: group.map((c) => ({ header: columns[c]!.header, numFmt: '@', minWidth: columns[c]!.width })),
      rows: rows.map((row) => group.map((c) => row[c] ?? '')),
      frozenColumns: options.keyColumns,
      styleHeader: (cell, i) => {
        if (columns[group[i]!]!.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
      },
    });
    const headerRowNo = options.template ? 1 : 2;
    sheet.autoFilter = `A${headerRowNo}:${columnLetter(group.length)}${headerRowNo}`;
    return sheet;
  });
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
