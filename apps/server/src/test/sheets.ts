import ExcelJS from 'exceljs';

// Spreadsheets for import tests, built in memory with ExcelJS as a user's Excel would save them.

/** An .xlsx with one sheet: the header row, then the rows (string cells unless given as numbers). */
export async function xlsxOf(header: string[], rows: (string | number | null)[][], sheetName = 'Sheet1') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads the first sheet (or the named one) back as rows of cell texts. */
export async function sheetRows(buffer: Buffer, sheetName?: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) throw new Error(`no sheet ${sheetName ?? '(first)'}`);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).text);
    rows.push(cells);
  });
  return rows;
}

/** Rows as `{rowNo, values}` for a batch add call, keyed by the header titles. */
export function batchRows(header: string[], rows: string[][], firstRowNo = 2) {
  return rows.map((cells, i) => ({
    rowNo: firstRowNo + i,
    values: Object.fromEntries(header.map((title, c) => [title.replace(/\*$/, ''), cells[c] ?? ''])),
  }));
}
