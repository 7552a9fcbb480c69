import type ExcelJS from 'exceljs';
import { columnLetter } from './columns.ts';

// Writing table sheets: a styled, frozen header row and plain text cells. Spec §9: a sheet never
// runs past column Z; wider tables continue on further sheets, each repeating the key columns
// (e.g. 姓名, 学号) so every row can still be told apart.

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
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = group.map((c) => ({ width: columns[c]!.width }));
    const header = sheet.addRow(group.map((c) => columns[c]!.header));
    header.font = { bold: true };
    header.alignment = { vertical: 'middle', horizontal: 'center' };
    group.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
      if (columns[c]!.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    });
    for (const row of rows) sheet.addRow(group.map((c) => row[c] ?? ''));
    // Text format keeps 学号 and phone numbers as typed (no 1.38E+10, no lost leading zeros).
    for (let i = 1; i <= group.length; i++) sheet.getColumn(i).numFmt = '@';
    sheet.autoFilter = `A1:${columnLetter(group.length)}1`;
    return sheet;
  });
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
