import { describe, expect, it } from 'vitest';
import { scoreSegments } from '../index.ts';

const shape = (segments: ReturnType<typeof scoreSegments>) =>
  segments.map((s) => [s.low, s.high, s.closedTop, s.count, s.cumulative]);

describe('scoreSegments (分数段)', () => {
  it('lists [a, a+w) from the top with the top interval closed at F: F 100, width 30', () => {
    // [90,100]: 100, 90 · [60,90): 89.99, 60 · [30,60): 59.5, 30 · [0,30): 29, 0 — two each of 8.
    const segments = scoreSegments(Float64Array.of(100, 90, 89.99, 60, 59.5, 30, 29, 0), 100, 30);
    expect(shape(segments)).toEqual([
      [90, 100, true, 2, 2],
      [60, 90, false, 2, 4],
      [30, 60, false, 2, 6],
      [0, 30, false, 2, 8],
    ]);
    expect(segments.map((s) => s.share)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(segments.map((s) => s.cumulativeShare)).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('closes the top interval at F when F is a multiple of w: 100 falls in [90, 100]', () => {
    const segments = scoreSegments(Float64Array.of(100, 90, 89.99), 100, 10);
    expect(segments).toHaveLength(10);
    expect(shape(segments).slice(0, 2)).toEqual([
      [90, 100, true, 2, 2],
      [80, 90, false, 1, 3],
    ]);
  });

  it('ends the top interval at F when F is not a multiple of w: F 150, width 20', () => {
    // ⌈150/20⌉ = 8 intervals: [140,150], [120,140), …, [0,20).
    const segments = scoreSegments(Float64Array.of(150, 140, 139.99), 150, 20);
    expect(segments).toHaveLength(8);
    expect(shape(segments).slice(0, 2)).toEqual([
      [140, 150, true, 2, 2],
      [120, 140, false, 1, 3],
    ]);
    expect(segments.at(-1)).toMatchObject({ low: 0, high: 20, count: 0, cumulative: 3 });
  });

  it('decides membership in hundredths, so a drifted 90 is still 90', () => {
    const drifted = 89.99999999999999; // a 90 summed with binary drift
    const segments = scoreSegments(Float64Array.of(drifted), 100, 10);
    expect(segments[0]!.count).toBe(1);
  });

  it('keeps every student counted: above F in the top interval, below 0 in the bottom one', () => {
    const segments = scoreSegments(Float64Array.of(103, -1), 100, 50);
    expect(shape(segments)).toEqual([
      [50, 100, true, 1, 1],
      [0, 50, false, 1, 2],
    ]);
  });

  it('lists the intervals of an empty population with zero counts and shares', () => {
    const segments = scoreSegments(new Float64Array(0), 100, 50);
    expect(segments.map((s) => [s.count, s.share, s.cumulativeShare])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('refuses a zero width or full mark', () => {
    expect(() => scoreSegments(Float64Array.of(1), 100, 0)).toThrow(RangeError);
    expect(() => scoreSegments(Float64Array.of(1), 0, 10)).toThrow(RangeError);
  });
});
