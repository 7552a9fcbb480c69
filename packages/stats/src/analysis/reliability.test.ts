import { describe, expect, it } from 'vitest';
import { cronbachAlpha, meanAndSd, paperReliability, splitHalfReliability } from '../index.ts';

// 4 students × 3 items (paper order):
//   item1 2 1 1 0 · item2 2 2 1 0 · item3 1 2 0 1 → totals 5 5 2 1
const item1 = Float64Array.of(2, 1, 1, 0);
const item2 = Float64Array.of(2, 2, 1, 0);
const item3 = Float64Array.of(1, 2, 0, 1);

describe('cronbachAlpha', () => {
  it('works out α on a small matrix by hand', () => {
    // Population variances: item1 mean 1, devs 1 0 0 −1 → 2/4 = 0.5;
    // item2 mean 1.25, devs .75 .75 −.25 −1.25 → 2.75/4 = 0.6875; item3 mean 1, devs 0 1 −1 0 → 0.5. Σ = 1.6875.
    // Totals mean 3.25, devs 1.75 1.75 −1.25 −2.25 → 12.75/4 = 3.1875.
    // α = 3/2·(1 − 1.6875/3.1875) = 1.5·(1 − 9/17) = 12/17.
    expect(cronbachAlpha([item1, item2, item3])).toBeCloseTo(12 / 17, 14);
    expect(cronbachAlpha([item1, item2, item3], Float64Array.of(5, 5, 2, 1))).toBeCloseTo(12 / 17, 14);
  });

  it('counts a question nobody scored on as an item without variance', () => {
    // k = 4, Σ item variances and the total unchanged: α = 4/3·(1 − 9/17) = 32/51.
    expect(cronbachAlpha([item1, item2, item3, new Float64Array(4)])).toBeCloseTo(32 / 51, 14);
  });

  it('is undefined with one item, no students, one student, or equal totals', () => {
    expect(cronbachAlpha([item1])).toBeNull();
    expect(cronbachAlpha([new Float64Array(0), new Float64Array(0)])).toBeNull();
    expect(cronbachAlpha([Float64Array.of(1), Float64Array.of(2)])).toBeNull();
    expect(cronbachAlpha([Float64Array.of(1, 1, 1), Float64Array.of(2, 2, 2)])).toBeNull();
  });

  it('refuses items of different lengths', () => {
    expect(() => cronbachAlpha([item1, Float64Array.of(1)])).toThrow(RangeError);
  });
});

describe('splitHalfReliability', () => {
  it('correlates odd and even items and steps up with Spearman–Brown', () => {
    // Odd half (items 1 and 3): 3 3 1 1, mean 2, devs 1 1 −1 −1. Even half (item 2): 2 2 1 0, mean 1.25,
    // devs .75 .75 −.25 −1.25. Σ products = .75 + .75 + .25 + 1.25 = 3; Σodd² = 4; Σeven² = 2.75.
    // r = 3/√11; 2r/(1+r) = (6/√11)/(1 + 3/√11) = 6/(√11 + 3).
    expect(splitHalfReliability([item1, item2, item3])).toBeCloseTo(6 / (Math.sqrt(11) + 3), 14);
  });

  it('is undefined with one item, equal scores, or r = −1', () => {
    expect(splitHalfReliability([item1])).toBeNull();
    expect(splitHalfReliability([Float64Array.of(1, 1), Float64Array.of(2, 2)])).toBeNull();
    // odd 1 0, even 0 1: r = −1 and 1 + r = 0.
    expect(splitHalfReliability([Float64Array.of(1, 0), Float64Array.of(0, 1)])).toBeNull();
  });
});

describe('paperReliability', () => {
  const variances = (items: Float64Array[]) =>
    items.map((item) => {
      const stats = meanAndSd(item);
      return stats === null ? 0 : stats.sd * stats.sd;
    });
  const both = (items: Float64Array[]) => ({ alpha: cronbachAlpha(items), splitHalf: splitHalfReliability(items) });

  it('gives exactly what cronbachAlpha and splitHalfReliability give', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const papers: Float64Array[][] = [
      [item1, item2, item3],
      [item1, item2, item3, new Float64Array(4)],
      [item1],
      [new Float64Array(0), new Float64Array(0)],
      [Float64Array.of(1, 1, 1), Float64Array.of(2, 2, 2)],
      [Float64Array.of(0.1, 0.2, 0.7), Float64Array.of(0.2, 0.1, 0.35), Float64Array.of(1.5, 0, 2.5)],
    ];
    for (let p = 0; p < 20; p++) {
      const n = 2 + Math.floor(next() * 60);
      const k = 2 + Math.floor(next() * 12);
      papers.push(Array.from({ length: k }, () => Float64Array.from({ length: n }, () => Math.round(next() * 12) / 2)));
    }
    for (const items of papers) expect(paperReliability(items, variances(items))).toEqual(both(items));
  });

  it('needs one variance per item', () => {
    expect(() => paperReliability([item1, item2], [0.5])).toThrow(RangeError);
  });
});
