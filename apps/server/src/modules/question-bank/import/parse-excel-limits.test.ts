import { describe, expect, it } from 'vitest';
import { filledQuestionTemplate } from '../../../test/question-bank-sheets.ts';
import { readQuestionWorkbookInWorker } from './parse-excel-questions.ts';

// Issue #21 item 7 for questions from Excel: read in a worker thread, a cell longer than a stem
// may be is refused, and a bad value is quoted by its beginning only.

describe('readQuestionWorkbookInWorker', () => {
  it('refuses a cell of 10 MB, quoting 50 characters of it', async () => {
    const file = await filledQuestionTemplate([
      { 题型: '解答题', 难度: 3, 题干: `求${'z'.repeat(10 * 1024 * 1024)}`, 答案: '略' },
    ]);
    const refusal = await readQuestionWorkbookInWorker(file).catch((error: Error) => error);
    expect(refusal).toMatchObject({ status: 400 });
    expect((refusal as Error).message).toMatch(/^单元格内容过长：“试题”C\d+ 超过 5000 个字符（“求z{49}…”）$/);
  });

  it('quotes only the beginning of a bad value in a row’s problems', async () => {
    const file = await filledQuestionTemplate([
      { 题型: '解答题', 难度: `很难${'啊'.repeat(3000)}`, 题干: '求值', 答案: '略' },
    ]);
    const [row] = await readQuestionWorkbookInWorker(file);
    expect(row!.errors[0]).toBe(`难度“很难${'啊'.repeat(48)}…”不正确，应为 1 到 5 或 容易、较易、中等、较难、困难`);
  });
});
