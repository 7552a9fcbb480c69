import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetter, normaliseTitle } from './columns.ts';
import { addTableSheets, sheetColumnGroups } from './write.ts';

describe('columnLetter', () => {
  it.each([
    [1, 'A'],
    [2, 'B'],
    [26, 'Z'],
    [27, 'AA'],
    [28, 'AB'],
    [52, 'AZ'],
    [53, 'BA'],
    [702, 'ZZ'],
    [703, 'AAA'],
    [16384, 'XFD'],
  ])('%i → %s', (n, letters) => {
    expect(columnLetter(n)).toBe(letters);
  });

  it('refuses what is not a column number', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => columnLetter(n)).toThrow(RangeError);
  });
});

describe('sheets beyond column Z (spec §9)', () => {
  it('keeps up to 26 columns on one sheet', () => {
    expect(sheetColumnGroups(26)).toEqual([Array.from({ length: 26 }, (_, i) => i)]);
  });

  it('continues wider tables on further sheets, repeating the key columns', () => {
    const groups = sheetColumnGroups(60, 2);
    expect(groups.map((g) => g.length)).toEqual([26, 26, 12]);
    expect(groups[1]!.slice(0, 3)).toEqual([0, 1, 26]);
    expect(groups[2]!.at(-1)).toBe(59);
    expect(new Set(groups.flat()).size).toBe(60);
  });

  it('writes the sheets with the header on each', () => {
    const workbook = new ExcelJS.Workbook();
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `第${i + 1}列`, width: 8 }));
    const sheets = addTableSheets(workbook, '成绩', columns, [columns.map((_, i) => String(i + 1))], { keyColumns: 1 });
    expect(sheets.map((sheet) => sheet.name)).toEqual(['成绩', '成绩（2）']);
    expect(sheets[0]!.columnCount).toBe(26);
    // Row 1 is the title, the header below it.
    expect(sheets[1]!.getRow(1).getCell(1).value).toBe('成绩（2）');
    expect(sheets[1]!.getRow(2).values).toEqual([undefined, '第1列', '第27列', '第28列', '第29列', '第30列']);
    expect(sheets[1]!.getRow(3).getCell(2).value).toBe('27');
  });
});

describe('normaliseTitle', () => {
  it('reads a header back to the column title', () => {
    expect(normaliseTitle(' 姓名* ')).toBe('姓名');
    expect(normaliseTitle('学 号＊')).toBe('学号');
    expect(normaliseTitle('考号')).toBe('考号');
  });
});
