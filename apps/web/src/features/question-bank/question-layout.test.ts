import { describe, expect, it } from 'vitest';
import { optionColumns, optionLetter, visibleLength } from './question-layout.ts';

describe('option layout', () => {
  it('letters the options A, B, C, D', () => {
    expect([0, 1, 2, 3].map(optionLetter).join('')).toBe('ABCD');
  });

  it('counts Chinese characters double and formulas narrower than their source', () => {
    expect(visibleLength('ab')).toBe(2);
    expect(visibleLength('方程')).toBe(4);
    expect(visibleLength('$\\frac{1}{2}$')).toBeLessThan('$\\frac{1}{2}$'.length);
  });

  it('puts short options four in a row, medium two, long one', () => {
    expect(optionColumns(['$-\\frac{3}{2}$', '$\\frac{3}{2}$', '$-\\frac{2}{3}$', '$\\frac{2}{3}$'])).toBe(4);
    expect(optionColumns(['两直线平行，同位角相等', '内错角相等', '同旁内角互补', '对顶角相等'])).toBe(2);
    expect(optionColumns(['过直线外一点有且只有一条直线与已知直线平行，这是平行公理的内容', 'b', 'c', 'd'])).toBe(1);
  });
});
