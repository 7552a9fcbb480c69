import { describe, expect, it } from 'vitest';
import { AnswerCardError } from './card-error.ts';
import { generateTemplate } from './generate.ts';
import { examStructure } from './test-factories.ts';

const options = { templateId: 'se-7', title: '期中考试', subject: '数学', examNumberLength: 8 };

function problemsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AnswerCardError) return error.problems;
    throw error;
  }
  throw new Error('expected an AnswerCardError');
}

describe('bad input, refused in Chinese', () => {
  it('refuses an exam without questions', () => {
    expect(() => generateTemplate([], options)).toThrow('考试还没有题目，无法生成答题卡');
  });

  it.each([0, 30, 2.5, -1])('refuses a 考号 length of %s', (length) => {
    expect(problemsOf(() => generateTemplate(examStructure(10), { ...options, examNumberLength: length }))).toEqual([
      { code: 'EXAM_NUMBER_LENGTH', message: `考号位数须在 1–20 位之间，当前为 ${length} 位` },
    ]);
  });

  it('names each bad question', () => {
    const problems = problemsOf(() =>
      generateTemplate(
        [
          { number: '1', type: 'single', optionCount: 8, fullMarks: 3 },
          { number: '1', type: 'single', fullMarks: 3 },
          { number: '2', type: 'multiple', optionCount: 1, fullMarks: 0 },
          { number: '3', type: 'judge', fullMarks: 2, blockId: 'k' },
        ],
        options,
      ),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      '第 1 题的选项数须在 2–7 之间（A–G），当前为 8',
      '题号 1 重复',
      '第 2 题的满分须大于 0',
      '第 2 题的选项数须在 2–7 之间（A–G），当前为 1',
      '第 3 题是客观题，不能放入题块 k（题块只由主观题组成）',
    ]);
  });

  it('refuses a question without a number or with marks that are not a number', () => {
    expect(
      problemsOf(() =>
        generateTemplate(
          [
            { number: ' ', type: 'subjective', fullMarks: 5 },
            { number: '2', type: 'subjective', fullMarks: Number.NaN },
          ],
          options,
        ),
      ).map((problem) => problem.code),
    ).toEqual(['QUESTION_NUMBER', 'FULL_MARKS']);
  });

  it('refuses columns the paper does not take', () => {
    expect(() => generateTemplate(examStructure(10), { ...options, paper: 'A4', columns: 2 })).toThrow(
      'A4 纵向只能排一栏，A3 横向排两栏或三栏；当前为 A4 2 栏',
    );
    expect(() => generateTemplate(examStructure(10), { ...options, paper: 'A3', columns: 1 })).toThrow(
      '当前为 A3 1 栏',
    );
  });

  it('joins every problem into one message', () => {
    const run = () => generateTemplate([], { ...options, examNumberLength: 0 });
    expect(run).toThrow('考试还没有题目，无法生成答题卡；考号位数须在 1–20 位之间，当前为 0 位');
  });
});
