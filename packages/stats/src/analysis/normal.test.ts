import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../index.ts';

describe('normalQuantile (Φ⁻¹)', () => {
  it('matches the normal table in the centre and the tails', () => {
    // Reference values: standard normal tables (R qnorm / scipy norm.ppf).
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.75)).toBeCloseTo(0.6744897501960817, 14);
    expect(normalQuantile(0.8413447460685429)).toBeCloseTo(1, 14); // Φ(1)
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 14);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 13);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
    expect(normalQuantile(1e-20)).toBeCloseTo(-9.262340089798409, 11);
  });

  it('is symmetric', () => {
    for (const p of [0.01, 0.2, 0.4, 0.49]) expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 12);
  });

  it('refuses p outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
    expect(() => normalQuantile(Number.NaN)).toThrow(RangeError);
  });
});
