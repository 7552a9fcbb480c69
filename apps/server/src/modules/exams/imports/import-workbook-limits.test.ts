import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../../../test/sheets.ts';
import { overlappingZipBomb } from '../../../test/zip-files.ts';
import { readScoreWorkbookInWorker } from './import-workbook.ts';

// Issue #21 item 7 for the score import: the workbook is read in a worker thread within limits,
// and a refusal quotes at most the beginning of a cell.

describe('readScoreWorkbookInWorker', () => {
  it('refuses a cell of 10 MB, quoting 50 characters of it', async () => {
    const file = await xlsxOf(['学号', '姓名'], [['S1', `李${'y'.repeat(10 * 1024 * 1024)}`]], '数学');
    const refusal = await readScoreWorkbookInWorker(file).catch((error: Error) => error);
    expect(refusal).toMatchObject({
      status: 400,
      message: `单元格内容过长：“数学”B2 超过 200 个字符（“李${'y'.repeat(49)}…”）`,
    });
  });

  it('refuses a zip bomb before inflating it', async () => {
    const refusal = await readScoreWorkbookInWorker(overlappingZipBomb(900, 1024 * 1024)).catch(
      (error: Error) => error,
    );
    expect(refusal).toMatchObject({ status: 400, message: '文件解压后超过 120 MB' });
  });

  it('reads a good workbook as before', async () => {
    const file = await xlsxOf(['学号', '姓名', '1'], [['S1', '李雷', 3]], '数学');
    const { meta, sheets } = await readScoreWorkbookInWorker(file);
    expect(meta).toBeNull();
    expect(sheets).toEqual([
      {
        name: '数学',
        columns: ['学号', '姓名', '1'],
        rows: [{ rowNo: 2, values: { 学号: 'S1', 姓名: '李雷', 1: '3' } }],
      },
    ]);
  });
});
