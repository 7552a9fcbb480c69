import { describe, expect, it } from 'vitest';
import { competitionRanks, denseRanks, normaliseChoice, roundHalfUp, scoreObjective, sumScores } from './index.ts';

describe('scoreObjective', () => {
  const single = { objectiveType: 1, answer: 'B', fullMark: 3, partialMark: null };
  const multiple = { objectiveType: 2, answer: 'ACD', fullMark: 5, partialMark: 2 };
  it('scores single choice against the key', () => {
    expect(scoreObjective(single, 'B')).toBe(3);
    expect(scoreObjective(single, 'A')).toBe(0);
    expect(scoreObjective(single, '')).toBe(0);
    expect(scoreObjective(single, null)).toBe(0);
  });
  it('gives multiple choice full, partial or nothing', () => {
    expect(scoreObjective(multiple, 'DCA')).toBe(5);
    expect(scoreObjective(multiple, 'AC')).toBe(2);
    expect(scoreObjective(multiple, 'A')).toBe(2);
    expect(scoreObjective(multiple, 'AB')).toBe(0);
    expect(scoreObjective(multiple, 'ABCD')).toBe(0);
  });
  it('never gives a partial mark above the full mark or to a single choice', () => {
    expect(scoreObjective({ ...multiple, partialMark: 9 }, 'A')).toBe(5);
    expect(scoreObjective({ ...single, answer: 'AB', partialMark: 1 }, 'A')).toBe(0);
  });
  it('scores nothing without a key', () => {
    expect(scoreObjective({ ...single, answer: null }, 'B')).toBe(0);
  });
});

describe('normaliseChoice', () => {
  it('sorts letters and refuses letters beyond the options', () => {
    expect(normaliseChoice(2, 4, 'ca')).toEqual({ choice: 'AC' });
    expect(normaliseChoice(1, 4, 'E')).toEqual({ error: '选项“E”不允许，只能填 A、B、C、D' });
    expect('error' in normaliseChoice(1, 4, 'AB')).toBe(true);
  });
  it('reads 判断 answers in the ways teachers write them', () => {
    expect(normaliseChoice(3, null, '对')).toEqual({ choice: 'T' });
    expect(normaliseChoice(3, null, '×')).toEqual({ choice: 'F' });
  });
});

describe('ranks', () => {
  it('competition ranking leaves gaps after ties, absentees get none', () => {
    expect(competitionRanks([90, 95, 90, null, 80])).toEqual([2, 1, 2, null, 4]);
    expect(denseRanks([90, 95, 90, null, 80])).toEqual([2, 1, 2, null, 3]);
  });
});

describe('rounding', () => {
  it('rounds half up on the decimal value', () => {
    expect(roundHalfUp(1.005)).toBe(1.01);
    expect(roundHalfUp(-1.005)).toBe(-1.01);
    expect(roundHalfUp(2.675)).toBe(2.68);
    expect(roundHalfUp(-0.001)).toBe(0);
    expect(roundHalfUp(83.3333333)).toBe(83.33);
  });
  it('sums scores without drift', () => {
    expect(sumScores([0.1, 0.2])).toBe(0.3);
    expect(sumScores([1.5, 2.5, 0.5])).toBe(4.5);
  });
});
