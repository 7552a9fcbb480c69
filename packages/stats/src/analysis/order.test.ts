import { describe, expect, it } from 'vitest';
import { positions, summarise } from '../index.ts';
import { sortedCopy } from './order.ts';

let seed = 11;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};

describe('sortedCopy (counting sort on hundredths)', () => {
  it('sorts 2-decimal scores exactly like a comparison sort', () => {
    const scores = Float64Array.from({ length: 5000 }, () => Math.round(random() * 15000) / 100); // 0…150
    expect([...sortedCopy(scores)]).toEqual([...scores.slice().sort()]);
  });

  it('falls back to the comparison sort for drifted values and wide ranges, with the same result', () => {
    const drifted = Float64Array.from({ length: 1000 }, (_, i) => (i % 7) * 0.1 + 0.2); // 0.30000000000000004…
    expect([...sortedCopy(drifted)]).toEqual([...drifted.slice().sort()]);
    const wide = Float64Array.from({ length: 1000 }, () => Math.round(random() * 1e9) / 100);
    expect([...sortedCopy(wide)]).toEqual([...wide.slice().sort()]);
  });

  it('gives the same ranks and quartiles on a large population as a plain sort would', () => {
    const scores = Float64Array.from({ length: 3000 }, () => Math.round(random() * 200) / 2); // 0…100, half marks
    const sorted = scores.slice().sort();
    // Competition rank = 1 + number strictly higher, counted directly.
    const x = scores[0]!;
    let higher = 0;
    for (const y of scores) if (y > x) higher++;
    expect(positions(scores).competition[0]).toBe(1 + higher);
    // Median at (n − 1)/2 = 1499.5: halfway between the 1500th and 1501st smallest.
    expect(summarise(scores, 100, { excellent: 85, good: 70, pass: 60, low: 40 })!.median).toBe(
      (sorted[1499]! + sorted[1500]!) / 2,
    );
  });
});
