import { describe, expect, it } from 'vitest';
import { meanAndSd, overMeanRate, quantileSorted, summarise } from '../index.ts';

const defaults = { excellent: 85, good: 70, pass: 60, low: 40 };

describe('summarise', () => {
  it('works out the basic figures of a small class by hand', () => {
    // Sorted: 38 40 60 72 85 95. Sum 390, mean 65.
    // Deviations 30 20 7 −5 −25 −27 → squares 900+400+49+25+625+729 = 2728; σ = √(2728/6).
    // ≥85: 95 85 (2). ≥70: +72 (3). ≥60: +60 (4). <40: 38 (1; 40 is not low). 良好 band [70,85): 72 (1).
    // Type 7 quartiles over positions 0..5: median at 2.5 → 60 + 0.5·(72−60) = 66;
    // Q1 at 1.25 → 40 + 0.25·(60−40) = 45; Q3 at 3.75 → 72 + 0.75·(85−72) = 81.75.
    const s = summarise(Float64Array.of(95, 85, 72, 60, 40, 38), 100, defaults)!;
    expect(s.count).toBe(6);
    expect(s.sum).toBe(390);
    expect(s.mean).toBe(65);
    expect(s.max).toBe(95);
    expect(s.min).toBe(38);
    expect(s.sd).toBeCloseTo(Math.sqrt(2728 / 6), 12);
    expect(s.scoreRate).toBe(0.65);
    expect([s.excellentCount, s.goodCount, s.passCount, s.lowCount, s.goodBandCount]).toEqual([2, 3, 4, 1, 1]);
    expect(s.excellentRate).toBe(2 / 6);
    expect(s.goodRate).toBe(3 / 6);
    expect(s.passRate).toBe(4 / 6);
    expect(s.lowRate).toBe(1 / 6);
    expect(s.goodBandRate).toBe(1 / 6);
    expect([s.q1, s.median, s.q3]).toEqual([45, 66, 81.75]);
  });

  it('compares rates exactly: F = 150, 127.5 is 85 % → excellent', () => {
    // Thresholds of 150: 85 % = 127.5, 70 % = 105, 60 % = 90, 40 % = 60.
    // excellent: 127.5 (1); good: +127.49, 105 (3); pass: +104.99, 90 (5); low (<60): 59.99 (1);
    // 良好 band [105, 127.5): 127.49, 105 (2).
    const s = summarise(Float64Array.of(127.5, 127.49, 105, 104.99, 90, 60, 59.99), 150, defaults)!;
    expect([s.excellentCount, s.goodCount, s.passCount, s.lowCount, s.goodBandCount]).toEqual([1, 3, 5, 1, 2]);
  });

  it('counts a drifted 0.03 + 0.29 (0.31999999999999995) as 32 % of 1', () => {
    const s = summarise(Float64Array.of(0.03 + 0.29), 1, { excellent: 32, good: 30, pass: 20, low: 10 })!;
    expect(s.excellentCount).toBe(1);
  });

  it('handles a single student: SD 0, every quartile the score', () => {
    const s = summarise(Float64Array.of(73), 100, defaults)!;
    expect([s.mean, s.max, s.min, s.sd, s.q1, s.median, s.q3]).toEqual([73, 73, 73, 0, 73, 73, 73]);
    expect(s.goodRate).toBe(1); // 73 ≥ 70
  });

  it('gives an SD of exactly 0 when everyone has the same score (no 1e-17 spread)', () => {
    // 0.1+0.1+0.1 = 0.30000000000000004 and /3 is not 0.1: the mean must still be 0.1 and σ 0.
    const s = summarise(Float64Array.of(0.1, 0.1, 0.1), 1, defaults)!;
    expect(s.mean).toBe(0.1);
    expect(s.sd).toBe(0);
  });

  it('has no figures for an empty population and refuses a zero full mark', () => {
    expect(summarise(new Float64Array(0), 100, defaults)).toBeNull();
    expect(() => summarise(Float64Array.of(1), 0, defaults)).toThrow(RangeError);
  });
});

describe('meanAndSd and quantileSorted', () => {
  it('uses the population SD (÷N)', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares 9+1+1+1+0+0+4+16 = 32, σ = √(32/8) = 2.
    expect(meanAndSd(Float64Array.of(2, 4, 4, 4, 5, 5, 7, 9))).toEqual({ mean: 5, sd: 2 });
    expect(meanAndSd(new Float64Array(0))).toBeNull();
  });

  it('interpolates linearly between order statistics (type 7)', () => {
    const sorted = Float64Array.of(10, 20, 30, 40);
    // positions 0..3: q=0.25 at 0.75 → 17.5; q=0.5 at 1.5 → 25; q=1 → 40.
    expect(quantileSorted(sorted, 0.25)).toBe(17.5);
    expect(quantileSorted(sorted, 0.5)).toBe(25);
    expect(quantileSorted(sorted, 1)).toBe(40);
    expect(quantileSorted(new Float64Array(0), 0.5)).toBeNull();
  });
});

describe('overMeanRate (超均率)', () => {
  it('is (unit − parent)/parent, null when the parent mean is 0', () => {
    expect(overMeanRate(72, 80)).toBe(-0.1); // −8/80
    expect(overMeanRate(90, 75)).toBe(0.2); // 15/75
    expect(overMeanRate(5, 0)).toBeNull();
  });
});
