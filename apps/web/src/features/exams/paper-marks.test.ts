import { describe, expect, it } from 'vitest';
import { questionMark } from './paper-marks.ts';

describe('paper question marks', () => {
  it('marks full, zero, partial and unscored questions', () => {
    expect(questionMark({ score: 3, fullMark: 3 })).toBe('right');
    expect(questionMark({ score: 0, fullMark: 3 })).toBe('wrong');
    expect(questionMark({ score: 1.5, fullMark: 3 })).toBe('partial');
    expect(questionMark({ score: null, fullMark: 3 })).toBe('unscored');
  });
});
