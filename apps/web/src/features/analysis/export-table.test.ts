import type { TableColumnsType } from 'antd';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  excelCell,
  exportColumnsOf,
  exportFileName,
  MAX_SHEET_COLUMNS,
  sheetColumnGroups,
  sheetNames,
  sheetOf,
  workbookBytes,
} from './export-table.ts';
import { formatPercent, formatScore } from './format.ts';

interface Row {
  name: string;
  mean: number;
  rate: number;
  scores: { chinese: number | null };
}
const rows: Row[] = [
  { name: '八(1)班', mean: 81.005, rate: 0.5, scores: { chinese: 90 } },
  { name: '八(2)班', mean: 70, rate: 1 / 3, scores: { chinese: null } },
];
const columns: TableColumnsType<Row> = [
  { title: '班级', dataIndex: 'name' },
  { title: '平均分', dataIndex: 'mean', render: (value: number) => formatScore(value) },
  {
    title: createElement('span', null, '优秀率'),
    key: 'rate',
    render: (_: unknown, row: Row) => formatPercent(row.rate),
  },
  {
    title: '语文',
    children: [{ title: '得分', dataIndex: ['scores', 'chinese'], render: (v: number | null) => formatScore(v) }],
  },
  { title: '操作', key: 'actions', render: () => createElement('a', null, '查看') },
];

describe('exporting a report table', () => {
  it('takes headers and displayed values from antd columns (groups flattened, actions left out)', () => {
    const sheet = sheetOf({ name: '班级对比', columns, rows, keyColumns: 1 });
    expect(sheet.header).toEqual(['班级', '平均分', '优秀率', '语文/得分']);
    expect(sheet.rows).toEqual([
      ['八(1)班', '81.01', '50.00%', '90'],
      ['八(2)班', '70', '33.33%', '—'],
    ]);
    expect(exportColumnsOf(columns)).toHaveLength(4);
  });

  it('writes plain numbers as numbers and keeps everything else as shown', () => {
    expect(excelCell('81.01')).toBe(81.01);
    expect(excelCell('-3')).toBe(-3);
    expect(excelCell('50.00%')).toBe('50.00%');
    expect(excelCell('0012')).toBe('0012');
    expect(excelCell('—')).toBe('—');
    expect(excelCell(null)).toBe('');
  });

  it('continues sheets wider than column Z on further sheets, repeating the key columns (spec §9)', () => {
    expect(sheetColumnGroups(5, 2)).toEqual([[0, 1, 2, 3, 4]]);
    const groups = sheetColumnGroups(60, 2);
    expect(groups[0]).toHaveLength(MAX_SHEET_COLUMNS);
    expect(groups[1]?.slice(0, 3)).toEqual([0, 1, 26]);
    expect(groups.every((group) => group.length <= MAX_SHEET_COLUMNS)).toBe(true);
    expect(
      groups
        .flat()
        .filter((c) => c > 1)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 58 }, (_, i) => i + 2));
  });

  it('names files and sheets safely', () => {
    expect(exportFileName(['年级整体分析', '期中 考试', '八年级', undefined, '总分'])).toBe(
      '年级整体分析_期中_考试_八年级_总分.xlsx',
    );
    expect(exportFileName([])).toBe('导出.xlsx');
    expect(sheetNames(['a/b', 'a/b', 'x'.repeat(40)])).toEqual(['a b', 'a b（2）', 'x'.repeat(31)]);
  });

  it('builds a real workbook that reads back with its title row, header row and values', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const bytes = await workbookBytes([sheetOf({ name: '班级对比', columns, rows })], '年级整体分析_期中考试_八年级');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('班级对比');
    expect(sheet?.getRow(1).getCell(1).value).toBe('年级整体分析 · 期中考试 · 八年级 · 班级对比');
    expect(sheet?.getRow(2).values).toEqual([undefined, '班级', '平均分', '优秀率', '语文/得分']);
    expect(sheet?.getRow(3).values).toEqual([undefined, '八(1)班', 81.01, '50.00%', 90]);
    expect(sheet?.getRow(4).getCell(4).value).toBe('—');
  });

  it('sets the workbook up to print as the server does (issue #22 item 5), read back with ExcelJS', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wide = Array.from({ length: 12 }, (_, i) => ({ title: `第${i + 1}题得分率`, value: (r: Row) => r.name }));
    const bytes = await workbookBytes(
      [
        sheetOf({ name: '班级对比', columns, rows: [...rows, { ...rows[0]!, name: '九年级(12)班', mean: 81.1 }] }),
        sheetOf({ name: '小题分析', columns: wide, rows }),
      ],
      '年级整体分析',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const narrow = workbook.getWorksheet('班级对比')!;
    expect(narrow.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '2:2',
    });
    expect(narrow.headerFooter.oddFooter).toBe('&C第 &P 页，共 &N 页');
    expect(narrow.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    // The title spans the table; every header and data cell has a border.
    expect(narrow.getCell('A1').isMerged && narrow.getCell('D1').isMerged).toBe(true);
    for (const address of ['A2', 'D2', 'A5', 'D5']) expect(narrow.getCell(address).border?.left?.style).toBe('thin');
    expect(narrow.getCell('A2').font?.bold).toBe(true);
    // Columns fit the longest value, CJK counting double: 九年级(12)班 is 4 × 2 + 4 = 12, and 2 to spare.
    expect(narrow.getColumn(1).width).toBe(14);
    // Numbers keep the decimals shown on the page, and no format like 0.## (Excel shows "910.").
    expect(narrow.getCell('B3').value).toBe(81.01);
    expect(narrow.getCell('B3').numFmt).toBe('0.00');
    expect(narrow.getCell('B5').numFmt).toBe('0.0'); // formatScore shows 81.1
    expect(narrow.getCell('B5').value).toBe(81.1);
    expect(narrow.getCell('B4').numFmt).toBe('0');
    narrow.eachRow((row) => {
      row.eachCell((cell) => expect(cell.numFmt ?? '').not.toContain('#'));
    });
    // Twelve columns of 第N题得分率 are wider than A4 portrait: landscape, still one page wide.
    expect(workbook.getWorksheet('小题分析')!.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1 });
  });
});
