import type { ImportRow } from '@huikao/contracts';

// Where the errors of an import preview are, in reading order, so the dialog can step through them
// (上一个 / 下一个) and show each next to its cell instead of in a column far to the right (#22).

/** One stop of the error walk: a bad cell, or a bad row whose problem belongs to no cell. */
export interface ErrorStop {
  /** Unique within the preview; also the `data-error-key` of the marked cell or row-number cell. */
  key: string;
  /** Position of the row in the list the table shows. */
  rowIndex: number;
  /** The column of the cell; null for a problem of the whole row. */
  column: string | null;
  messages: string[];
}

/** Rows are numbered per sheet, so a multi-sheet file needs the sheet in the key. */
export const rowKeyOf = (row: { sheet?: string; rowNo: number }) => `${row.sheet ?? ''}#${row.rowNo}`;

export const errorKeyOf = (row: { sheet?: string; rowNo: number }, column: string | null) =>
  `${rowKeyOf(row)}@${column ?? ''}`;

/** The errors of a row that belong to no cell (all of them when the import names no cells). */
export function rowLevelErrors(row: ImportRow): string[] {
  const inCells = new Set(Object.values(row.cellErrors ?? {}).flat());
  return row.errors.filter((message) => !inCells.has(message));
}

/**
 * Every error stop of `rows` in reading order: row by row, the row's own problems first (shown by
 * its number), then its bad cells from left to right in `columns` order.
 */
export function errorStops(rows: readonly ImportRow[], columns: readonly string[]): ErrorStop[] {
  const stops: ErrorStop[] = [];
  rows.forEach((row, rowIndex) => {
    if (row.errors.length === 0) return;
    const own = rowLevelErrors(row);
    if (own.length > 0) stops.push({ key: errorKeyOf(row, null), rowIndex, column: null, messages: own });
    const cells = row.cellErrors ?? {};
    const ordered = [...columns.filter((c) => c in cells), ...Object.keys(cells).filter((c) => !columns.includes(c))];
    for (const column of ordered) {
      stops.push({ key: errorKeyOf(row, column), rowIndex, column, messages: cells[column]! });
    }
  });
  return stops;
}

/** The next stop from `current` (−1: none yet), wrapping round at either end. */
export function stepStop(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** The table page (1-based) that shows row `rowIndex`. */
export const pageOfRow = (rowIndex: number, pageSize: number) => Math.floor(rowIndex / pageSize) + 1;
