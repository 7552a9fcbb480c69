import { describe, expect, it } from 'vitest';
import { scoreProblem } from './score-check.ts';
import { quickScores } from './score-panel.tsx';

// The desk's quick scores and typed-score check follow the 题块's step (1 or 0.5), which the
// leased paper now carries (issue #17).

const question = { questionId: '9', questionNo: '17', fullMarks: 3 };

describe('quickScores', () => {
  it('offers 0 to full in halves for a step of 0.5', () => {
    expect(quickScores(3, 0.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
  });

  it('offers whole points for a step of 1', () => {
    expect(quickScores(3, 1)).toEqual([0, 1, 2, 3]);
  });
});

describe('scoreProblem', () => {
  it('takes halves on a 0.5 step and refuses them on a step of 1', () => {
    expect(scoreProblem(question, '2.5', 0.5)).toBeNull();
    expect(scoreProblem(question, '0', 0.5)).toBeNull();
    expect(scoreProblem(question, '3', 1)).toBeNull();
    expect(scoreProblem(question, '2.5', 1)).toBe('第 17 题得分须为整数');
    expect(scoreProblem(question, '2.3', 0.5)).toBe('第 17 题得分须为 0.5 的整数倍');
  });

  it('refuses an empty, non-numeric or out-of-range score', () => {
    expect(scoreProblem(question, '', 0.5)).toBe('请给第 17 题打分');
    expect(scoreProblem(question, '1..5', 0.5)).toBe('第 17 题得分不是数字');
    expect(scoreProblem(question, '3.5', 0.5)).toBe('第 17 题得分不能超过满分 3');
  });
});
