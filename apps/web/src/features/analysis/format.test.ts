import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCountShare,
  formatPercent,
  formatRank,
  formatScore,
  formatSegment,
  MISSING,
  roundedPercent,
  roundedScore,
} from './format.ts';

describe('report figures as displayed', () => {
  it('rounds scores half up on the decimal value, 2 decimals', () => {
    expect(formatScore(1.005)).toBe('1.01');
    expect(formatScore(-1.005)).toBe('-1.01');
    expect(formatScore(85.5)).toBe('85.5');
    expect(formatScore(72.344999)).toBe('72.34');
    expect(formatScore(0)).toBe('0');
    expect(roundedScore(2.675)).toBe(2.68);
  });

  it('shows fractions as percentages with 2 decimals', () => {
    expect(formatPercent(0.85)).toBe('85.00%');
    expect(formatPercent(1 / 3)).toBe('33.33%');
    expect(formatPercent(0.123456)).toBe('12.35%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.05)).toBe('-5.00%');
    expect(roundedPercent(0.00125)).toBe(0.13);
  });

  it('says — for a missing figure', () => {
    expect(formatScore(null)).toBe(MISSING);
    expect(formatScore(undefined)).toBe(MISSING);
    expect(formatScore(Number.NaN)).toBe(MISSING);
    expect(formatPercent(null)).toBe(MISSING);
    expect(formatRank(null)).toBe(MISSING);
    expect(formatChange(null)).toBe(MISSING);
    expect(roundedScore(null)).toBeNull();
  });

  it('shows ranks as integers and changes with their sign', () => {
    expect(formatRank(3)).toBe('3');
    expect(formatChange(3)).toBe('+3');
    expect(formatChange(-2)).toBe('-2');
    expect(formatChange(0)).toBe('0');
    expect(formatChange(1.005)).toBe('+1.01');
  });

  it('labels segments as half-open intervals, the top one closed', () => {
    expect(formatSegment({ low: 80, high: 90, closedTop: false })).toBe('[80, 90)');
    expect(formatSegment({ low: 140, high: 150, closedTop: true })).toBe('[140, 150]');
    expect(formatCountShare(12, 0.3)).toBe('12 (30.00%)');
  });
});
