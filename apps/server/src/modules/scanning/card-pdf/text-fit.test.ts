import { describe, expect, it } from 'vitest';
import { fitText } from './text-fit.ts';

// Widths as a CJK font gives them: one em per Han character, half an em for ASCII.
const measure = (text: string) => Array.from(text).reduce((sum, char) => sum + (char.charCodeAt(0) < 128 ? 0.5 : 1), 0);
const sizes = { max: 3.6, min: 2 };

describe('fitText', () => {
  it('prints a short value at the largest size', () => {
    expect(fitText('张三', 20, sizes, measure)).toEqual({ text: '张三', size: 3.6 });
  });

  it('shrinks a longer value to the width, never above it', () => {
    const fitted = fitText('九年级（12）班', 20, sizes, measure);
    expect(fitted.text).toBe('九年级（12）班');
    expect(fitted.size).toBeLessThan(3.6);
    expect(measure(fitted.text) * fitted.size).toBeLessThanOrEqual(20);
  });

  it('cuts what does not fit at the smallest size, with an ellipsis, within the width', () => {
    const fitted = fitText('阿卜杜热合曼·买买提依明·艾尔肯江', 16, sizes, measure);
    expect(fitted.size).toBe(2);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(fitted.text.startsWith('阿卜杜')).toBe(true);
    expect(measure(fitted.text) * fitted.size).toBeLessThanOrEqual(16);
  });

  it('leaves only the ellipsis when not even one character fits', () => {
    expect(fitText('王', 1, sizes, measure).text).toBe('…');
  });
});
