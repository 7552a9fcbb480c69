import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectPrintReady } from '../test/workbook-print-checks.ts';
import { addPrintedSheet, displayWidth, roundAsShown } from './workbook-print.ts';

// The shared print setup of every workbook the server writes, on ExcelJS's workbook and on its
// streaming writer, read back with ExcelJS.

async function readBack(buffer: Buffer | ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as ArrayBuffer);
  return workbook;
}

const table = {
  title: ['第一中学', '2026学年期中考试', '班级对比'],
  titleRow: true,
  columns: [{ header: '班级' }, { header: '平均分' }, { header: '得分率', numFmt: '0.00%' }, { header: '人数' }],
  rows: [
    ['九年级(1)班', 83.456, 0.037000000000000005, 45],
    ['九年级(12)班', 910, 0.5916666, 44],
  ],
};

describe('workbook print setup', () => {
  it('counts CJK characters double and rounds numbers to what is shown', () => {
    expect(displayWidth('九年级(1)班')).toBe(11);
    expect(displayWidth('ab\n语文')).toBe(4);
    expect(roundAsShown(0.037000000000000005, 4)).toBe(0.037);
    expect(roundAsShown(3.7 / 100, 4)).toBe(0.037);
    expect(roundAsShown(83.456)).toBe(83.46);
    expect(roundAsShown(1.005)).toBe(1.01);
  });

  it('writes the title row, the repeated header, borders, widths and rounded numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    addPrintedSheet(workbook, '班级对比', table);
    const sheet = (await readBack(await workbook.xlsx.writeBuffer())).getWorksheet('班级对比')!;
    expectPrintReady(sheet, { headerRowNo: 2, titleHolds: ['第一中学', '2026学年期中考试', '班级对比'] });
    expect(sheet.getRow(1).getCell(1).value).toBe('第一中学 · 2026学年期中考试 · 班级对比');
    expect(sheet.getRow(3).values).toEqual([undefined, '九年级(1)班', 83.46, 0.037, 45]);
    expect(sheet.getRow(4).getCell(3).value).toBe(0.5917);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(displayWidth('九年级(12)班'));
    expect(sheet.getColumn(3).numFmt).toBe('0.00%');
    expect(sheet.getColumn(2).numFmt ?? '').not.toContain('#');
    expect(sheet.pageSetup.orientation).toBe('portrait');
    expect(sheet.headerFooter.oddFooter).toContain('&P');
  });

  it('prints wide tables landscape, and a template keeps its header on row 1 with the title above the page', async () => {
    const workbook = new ExcelJS.Workbook();
    addPrintedSheet(workbook, '成绩', {
      title: ['第一中学', '期中考试', '数学'],
      titleRow: false,
      columns: Array.from({ length: 30 }, (_, i) => ({ header: `第${i + 1}题` })),
      rows: [Array.from({ length: 30 }, (_, i) => i / 3)],
    });
    const sheet = (await readBack(await workbook.xlsx.writeBuffer())).getWorksheet('成绩')!;
    expectPrintReady(sheet, { headerRowNo: 1, titleHolds: ['第一中学', '期中考试', '数学'] });
    expect(sheet.getRow(1).getCell(1).value).toBe('第1题');
    expect(sheet.pageSetup.orientation).toBe('landscape');
    expect(sheet.getRow(2).getCell(2).value).toBe(0.33);
  });

  it('works the same on the streaming writer', async () => {
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    addPrintedSheet(workbook, '班级对比', table).commit();
    await workbook.commit();
    const read = (await readBack(Buffer.concat(chunks))).getWorksheet('班级对比')!;
    expectPrintReady(read, { headerRowNo: 2, titleHolds: ['第一中学', '班级对比'] });
    expect(read.getRow(3).getCell(3).value).toBe(0.037);
  });
});
