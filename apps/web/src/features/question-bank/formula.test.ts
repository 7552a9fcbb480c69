import { describe, expect, it } from 'vitest';
import { joinFormula, splitFormula } from './formula.ts';

describe('splitFormula', () => {
  it('keeps plain text as one segment', () => {
    expect(splitFormula('同位角相等。')).toEqual([{ kind: 'text', text: '同位角相等。' }]);
  });

  it('splits inline formulas out of the text', () => {
    expect(splitFormula('$-\\frac{2}{3}$ 的倒数是（　　）')).toEqual([
      { kind: 'math', tex: '-\\frac{2}{3}', display: false },
      { kind: 'text', text: ' 的倒数是（　　）' },
    ]);
    expect(splitFormula('若 $a=1$，$b=2$，则')).toEqual([
      { kind: 'text', text: '若 ' },
      { kind: 'math', tex: 'a=1', display: false },
      { kind: 'text', text: '，' },
      { kind: 'math', tex: 'b=2', display: false },
      { kind: 'text', text: '，则' },
    ]);
  });

  it('reads $$…$$ as a display formula', () => {
    expect(splitFormula('解：$$x^2=4$$故')).toEqual([
      { kind: 'text', text: '解：' },
      { kind: 'math', tex: 'x^2=4', display: true },
      { kind: 'text', text: '故' },
    ]);
  });

  it('leaves an unbalanced $ as text', () => {
    expect(splitFormula('单价 5$ 一本')).toEqual([{ kind: 'text', text: '单价 5$ 一本' }]);
    expect(splitFormula('$a$ 和 $b')).toEqual([
      { kind: 'math', tex: 'a', display: false },
      { kind: 'text', text: ' 和 $b' },
    ]);
  });

  it('leaves an empty pair as text', () => {
    expect(splitFormula('a $ $ b')).toEqual([{ kind: 'text', text: 'a $ $ b' }]);
  });

  it('reads \\$ as a literal dollar, also inside a formula', () => {
    expect(splitFormula('价格 \\$5')).toEqual([{ kind: 'text', text: '价格 $5' }]);
    expect(splitFormula('$\\$5$')).toEqual([{ kind: 'math', tex: '\\$5', display: false }]);
  });

  it('keeps line breaks in the text', () => {
    expect(splitFormula('第一行\n$x$\n第二行')).toEqual([
      { kind: 'text', text: '第一行\n' },
      { kind: 'math', tex: 'x', display: false },
      { kind: 'text', text: '\n第二行' },
    ]);
  });

  it('joins back to the same text', () => {
    for (const text of ['若 $a=1$，则', '解：$$x^2=4$$故', '价格 \\$5 与 $y$', '纯文本']) {
      expect(joinFormula(splitFormula(text))).toBe(text);
    }
  });
});
