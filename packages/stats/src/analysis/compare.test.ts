import { describe, expect, it } from 'vitest';
import { atLeast, ceilShare, hundredths, presentScores, reachesPercent, roundHalfUp } from '../index.ts';

describe('exact comparisons', () => {
  it('compares 100·x ≥ pct·F exactly: 127.5 of 150 is 85 % → excellent, 127.49 is not', () => {
    // 85 % of 150 = 127.5: 100·127.5 = 12750 = 85·150.
    expect(reachesPercent(127.5, 85, 150)).toBe(true);
    expect(reachesPercent(127.49, 85, 150)).toBe(false);
    // 70 % of 150 = 105 exactly.
    expect(reachesPercent(105, 70, 150)).toBe(true);
    expect(reachesPercent(104.99, 70, 150)).toBe(false);
  });

  it('is not fooled by float drift: 0.03 + 0.29 reaches 32 % of 1', () => {
    const drifted = 0.03 + 0.29; // 0.31999999999999995 in binary
    expect(100 * drifted >= 32 * 1).toBe(false); // the trap a floating product falls into
    expect(reachesPercent(drifted, 32, 1)).toBe(true);
    expect(atLeast(drifted, 0.32)).toBe(true);
    expect(atLeast(0.7 + 0.1, 0.8)).toBe(true); // 0.7999999999999999
    expect(atLeast(0.79, 0.8)).toBe(false);
    expect(hundredths(0.1 + 0.2)).toBe(30);
  });

  it('takes ⌈share·n⌉ exactly', () => {
    expect(Math.ceil(0.07 * 100)).toBe(8); // 0.07·100 = 7.000000000000001 in floats
    expect(ceilShare(0.07, 100)).toBe(7);
    expect(ceilShare(0.27, 100)).toBe(27);
    expect(ceilShare(0.27, 10)).toBe(3); // ⌈2.7⌉
    expect(ceilShare(0.15, 20)).toBe(3); // exactly 3
    expect(ceilShare(0, 20)).toBe(0);
  });
});

describe('rounding for display (roundHalfUp)', () => {
  it('rounds half up on the decimal value, also where binary floats and toFixed go wrong', () => {
    expect((1.005).toFixed(2)).toBe('1.00'); // the trap
    expect(roundHalfUp(1.005)).toBe(1.01);
    expect(roundHalfUp(-1.005)).toBe(-1.01); // half away from zero on negatives, not Math.round's −1.00
    expect(roundHalfUp(2.675)).toBe(2.68);
    expect(roundHalfUp(0.125)).toBe(0.13);
    expect(roundHalfUp(-0.125)).toBe(-0.13);
    expect(roundHalfUp(0.124999)).toBe(0.12);
    expect(roundHalfUp(66.5, 0)).toBe(67);
    expect(roundHalfUp(1 / 3)).toBe(0.33);
  });
});

describe('presentScores (the population of a subject)', () => {
  const raw = [80, null, 0, undefined, Number.NaN, 95.5];

  it('leaves absentees out and keeps zeros, remembering where each score came from', () => {
    const { scores, index } = presentScores(raw);
    expect([...scores]).toEqual([80, 0, 95.5]);
    expect([...index]).toEqual([0, 2, 5]);
  });

  it('also leaves zeros out when the exam setting says so', () => {
    const { scores, index } = presentScores(raw, { excludeZero: true });
    expect([...scores]).toEqual([80, 95.5]);
    expect([...index]).toEqual([0, 5]);
  });

  it('gives an empty population when everyone is absent', () => {
    const { scores, index } = presentScores([null, null]);
    expect(scores.length).toBe(0);
    expect(index.length).toBe(0);
  });
});
