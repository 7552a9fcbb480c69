import type { ScoreImportPreview } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { validRows } from '../../../components/import-dialog.tsx';
import { importNotice, previewForDialog } from './score-import-button.tsx';

const row = (sheet: string, rowNo: number, errors: string[] = [], cellErrors: Record<string, string[]> = {}) => ({
  sheet,
  rowNo,
  studentNo: `2024080${rowNo}`,
  name: '张子涵',
  className: '八年级(1)班',
  values: { '1': 'A' },
  errors,
  cellErrors,
});

describe('score preview in the shared import dialog', () => {
  it('keeps one subject rows without a sheet, as the dialog numbers them', () => {
    const preview: ScoreImportPreview = {
      meId: '1',
      seId: '2',
      sheets: [{ sheet: '数学', seId: '2', columns: ['学号', '姓名', '班级', '缺考', '1'] }],
      rows: [row('数学', 2), row('数学', 3, ['分数不能超过满分'], { '1': ['分数不能超过满分'] })],
      validCount: 1,
      errorCount: 1,
    };
    const shown = previewForDialog(preview);
    expect(shown.columns).toEqual(['学号', '姓名', '班级', '缺考', '1']);
    expect(shown.rows[0]).not.toHaveProperty('sheet');
    // The cell the error belongs to travels with it, for the dialog to mark.
    expect(shown.rows[1]?.cellErrors).toEqual({ '1': ['分数不能超过满分'] });
    expect(validRows(shown)).toEqual([
      { rowNo: 2, values: { 学号: '20240802', 姓名: '张子涵', 班级: '八年级(1)班', '1': 'A' } },
    ]);
  });

  it('names the sheet of every row when the whole exam is imported, so equal row numbers stay apart', () => {
    const preview: ScoreImportPreview = {
      meId: '1',
      seId: null,
      sheets: [
        { sheet: '语文', seId: '2', columns: ['学号', '姓名', '班级', '1'] },
        { sheet: '数学', seId: '3', columns: ['学号', '姓名', '班级', '1'] },
      ],
      rows: [row('语文', 2), row('数学', 2)],
      validCount: 2,
      errorCount: 0,
    };
    expect(validRows(previewForDialog(preview)).map((r) => `${r.sheet}#${r.rowNo}`)).toEqual(['语文#2', '数学#2']);
  });
});

describe('the success notice', () => {
  it('counts students, not their rows over every subject', () => {
    expect(importNotice({ students: 270, rows: 1890, changedScores: 5400 })).toBe(
      '270 名学生（1890 行成绩），改动 5400 个分数',
    );
    expect(importNotice({ students: 45, rows: 45, changedScores: 3 })).toBe('45 名学生，改动 3 个分数');
  });
});
