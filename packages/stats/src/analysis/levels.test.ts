import { describe, expect, it } from 'vitest';
import { type LevelBand, levelScores } from '../index.ts';

// 3+1+2: A 15 %, B 35 %, C 35 %, D 13 %, E 2 % → 100–86, 85–71, 70–56, 55–41, 40–30.
const scheme: LevelBand[] = [
  { name: 'A', share: 0.15, high: 100, low: 86 },
  { name: 'B', share: 0.35, high: 85, low: 71 },
  { name: 'C', share: 0.35, high: 70, low: 56 },
  { name: 'D', share: 0.13, high: 55, low: 41 },
  { name: 'E', share: 0.02, high: 40, low: 30 },
];

describe('levelScores (等级赋分)', () => {
  // 20 students. Cumulative shares 0.15 0.50 0.85 0.98 1 → rank ≤ 3 A, ≤ 10 B, ≤ 17 C, ≤ 19.6 D, else E.
  const raw = [98, 95, 90, 90, 88, 85, 80, 80, 78, 75, 70, 68, 65, 60, 58, 55, 50, 45, 40, 20];
  // Competition ranks: 1 2 3 3 5 6 7 7 9 10 11 12 13 14 15 16 17 18 19 20.
  // A: 98 95 90 90 (the tied 90s share rank 3 and both go up into A).
  //   Y1 90, Y2 98: T = 86 + 14(Y − 90)/8 → 98: 100; 95: 86 + 8.75 = 94.75 → 95; 90: 86.
  // B: 88 85 80 80 78 75. Y1 75, Y2 88: T = 71 + 14(Y − 75)/13 →
  //   88: 85; 85: 71 + 140/13 = 81.77 → 82; 80: 71 + 70/13 = 76.38 → 76; 78: 71 + 42/13 = 74.23 → 74; 75: 71.
  // C: 70 68 65 60 58 55 50. Y1 50, Y2 70: T = 56 + 0.7(Y − 50) →
  //   70: 70; 68: 68.6 → 69; 65: 66.5 → 67 (half up); 60: 63; 58: 61.6 → 62; 55: 59.5 → 60 (half up); 50: 56.
  // D: 45 40 (ranks 18, 19). Y1 40, Y2 45: 45 → 55; 40 → 41.
  // E: 20 alone, Y1 = Y2 → T2 = 40.
  const levels = 'AAAABBBBBBCCCCCCCDDE';
  const expected = [100, 95, 86, 86, 85, 82, 76, 76, 74, 71, 70, 69, 67, 63, 62, 60, 56, 55, 41, 40];

  it('assigns levels by rank/N with ties going up and converts linearly inside each level', () => {
    const result = levelScores(Float64Array.from(raw), scheme);
    expect([...result.level].map((j) => scheme[j]!.name).join('')).toBe(levels);
    expect([...result.score]).toEqual(expected);
  });

  it('answers in input order', () => {
    const order = raw.map((_, i) => i).reverse();
    const result = levelScores(Float64Array.from(order.map((i) => raw[i]!)), scheme);
    expect([...result.score]).toEqual(order.map((i) => expected[i]));
  });

  it('rounds the exact value half up, not a drifted 12.499999999999995', () => {
    // One level [0, 100] over 0.07, 0.09, 0.23: T(0.09) = 100·0.02/0.16 = 12.5 → 13
    // (100·(0.09 − 0.07)/(0.23 − 0.07) is 12.499999999999995 in floats).
    const result = levelScores(Float64Array.of(0.07, 0.09, 0.23), [{ name: 'all', share: 1, high: 100, low: 0 }]);
    expect([...result.score]).toEqual([0, 13, 100]);
  });

  it('compares cumulative shares exactly: rank 8 of 10 is within 0.7 + 0.1', () => {
    const three: LevelBand[] = [
      { name: 'X', share: 0.7, high: 100, low: 80 },
      { name: 'Y', share: 0.1, high: 79, low: 60 },
      { name: 'Z', share: 0.2, high: 59, low: 40 },
    ];
    const result = levelScores(Float64Array.of(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), three);
    expect([...result.level]).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 2, 2]);
  });

  it('puts everyone in one level at T2 when all scores are equal', () => {
    // All rank 1: 1/10 ≤ 0.15 → A; Y1 = Y2 → 100.
    const result = levelScores(new Float64Array(10).fill(66), scheme);
    expect([...result.level]).toEqual(new Array(10).fill(0));
    expect([...result.score]).toEqual(new Array(10).fill(100));
  });

  it('places a single student by rank/N = 1, which is the last level', () => {
    // 1/1 = 1 > 0.98 → E; Y1 = Y2 → 40. (The definition read literally; see stats-decisions.)
    const result = levelScores(Float64Array.of(95), scheme);
    expect([result.level[0], result.score[0]]).toEqual([4, 40]);
  });

  it('returns empty arrays for an empty population and refuses an empty scheme', () => {
    expect(levelScores(new Float64Array(0), scheme).score.length).toBe(0);
    expect(() => levelScores(Float64Array.of(1), [])).toThrow(RangeError);
  });
});
