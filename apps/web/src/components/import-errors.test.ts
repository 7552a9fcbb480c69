import type { ImportRow } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { errorStops, pageOfRow, rowLevelErrors, stepStop } from './import-errors.ts';

const rows: ImportRow[] = [
  { sheet: '数学', rowNo: 2, values: {}, errors: [], cellErrors: {} },
  {
    sheet: '数学',
    rowNo: 3,
    values: {},
    errors: ['学号“9”不是本校学生', '第5题分数“七”不是数字', '第1题：选项“E”不允许'],
    cellErrors: { '5': ['第5题分数“七”不是数字'], '1': ['第1题：选项“E”不允许'], 学号: ['学号“9”不是本校学生'] },
  },
  { sheet: '体育', rowNo: 2, values: {}, errors: ['工作表“体育”不是本考试的科目'], cellErrors: {} },
  // An import that names no cells (school base): its errors are the row's.
  { rowNo: 7, values: {}, errors: ['请填写姓名'] },
];
const columns = ['学号', '姓名', '班级', '1', '2', '5'];

describe('the error walk of an import preview', () => {
  it('visits each bad cell left to right, row by row, and rows whose problem belongs to no cell', () => {
    expect(errorStops(rows, columns).map((s) => [s.rowIndex, s.column, s.messages.join('；')])).toEqual([
      [1, '学号', '学号“9”不是本校学生'],
      [1, '1', '第1题：选项“E”不允许'],
      [1, '5', '第5题分数“七”不是数字'],
      [2, null, '工作表“体育”不是本考试的科目'],
      [3, null, '请填写姓名'],
    ]);
    expect(new Set(errorStops(rows, columns).map((s) => s.key)).size).toBe(5);
  });

  it('keeps only the problems of no cell for the row', () => {
    expect(rowLevelErrors(rows[1]!)).toEqual([]);
    expect(rowLevelErrors(rows[3]!)).toEqual(['请填写姓名']);
  });

  it('steps forward and back, wrapping round, from no stop yet', () => {
    expect(stepStop(-1, 5, 1)).toBe(0);
    expect(stepStop(-1, 5, -1)).toBe(4);
    expect(stepStop(4, 5, 1)).toBe(0);
    expect(stepStop(0, 5, -1)).toBe(4);
    expect(stepStop(2, 5, 1)).toBe(3);
    expect(stepStop(-1, 0, 1)).toBe(-1);
  });

  it('finds the page of a row', () => {
    expect([0, 49, 50, 120].map((i) => pageOfRow(i, 50))).toEqual([1, 1, 2, 3]);
  });
});
