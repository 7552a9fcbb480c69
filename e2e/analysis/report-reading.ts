import { roundHalfUp } from '@huikao/stats';
import type { Locator, Page } from 'playwright-core';

// Reading a report page back in the browser flows of the student and school-area views: a report
// table's cells, and the API's figures as the page shows them (format.ts: half up to 2 decimals,
// fractions as percentages, "—" when missing).

export interface ReadTable {
  header: string[];
  rows: string[][];
}

/** The header texts and body rows of a report table (flat headers), once it has a row. */
export async function readTable(table: Locator): Promise<ReadTable> {
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const header = await table.locator('.ant-table-thead th').allTextContents();
  const rows = await table
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
  return { header, rows };
}

export const cellOf = (table: ReadTable, row: number, column: string) =>
  table.rows[row]?.[table.header.indexOf(column)];

export const shown = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(roundHalfUp(value, 2));

export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${roundHalfUp(value * 100, 2).toFixed(2)}%`;

/** Waits for a condition the server reaches in the background (reports computed), up to `seconds`. */
export async function eventually<T>(what: string, seconds: number, attempt: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await attempt();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
