import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICE_THRESHOLDS, decideRow, discountPrint } from './choice-rules.ts';

describe('decideRow', () => {
  it('reads one clearly filled bubble of a single-choice row', () => {
    expect(decideRow([0.02, 0.81, 0.03, 0.01], 'single')).toEqual({ marked: [1], uncertain: [], flags: [] });
  });

  it('flags 多选 on a single-choice question instead of choosing the darker bubble', () => {
    expect(decideRow([0.9, 0.6, 0.02, 0.01], 'single')).toEqual({ marked: [0, 1], uncertain: [], flags: ['multiple'] });
  });

  it('returns the set on a multi-choice question without a flag', () => {
    expect(decideRow([0.9, 0.02, 0.7, 0.55, 0.0], 'multi')).toEqual({ marked: [0, 2, 3], uncertain: [], flags: [] });
  });

  it('reads a row with every bubble filled as all of them (the reference is capped)', () => {
    expect(decideRow([0.92, 0.88, 0.95, 0.9], 'multi').marked).toEqual([0, 1, 2, 3]);
    expect(decideRow([0.92, 0.88, 0.95, 0.9], 'single').flags).toEqual(['multiple']);
  });

  it('flags 未作答 for a row under the faint floor', () => {
    expect(decideRow([0.03, 0.05, 0.0, 0.11], 'single')).toEqual({ marked: [], uncertain: [], flags: ['blank'] });
  });

  it('flags a faint or erased mark between the two thresholds, alone or beside a clear mark', () => {
    expect(decideRow([0.02, 0.2, 0.01, 0.03], 'single')).toEqual({ marked: [], uncertain: [1], flags: ['faint'] });
    expect(decideRow([0.85, 0.02, 0.25, 0.03], 'single')).toEqual({ marked: [0], uncertain: [2], flags: ['faint'] });
  });

  it('needs the fill to stand clear of the row: a uniformly grey row reads nothing filled', () => {
    // 0.4 is above the floor but only 0.16 over the row's lightest bubble (0.24).
    const decision = decideRow([0.24, 0.4, 0.27, 0.26], 'single');
    expect(decision.marked).toEqual([]);
    expect(decision.flags).toEqual(['faint']);
  });

  it('needs the absolute floor too: a bubble just clearly darker than white paper but under the floor is not filled', () => {
    expect(decideRow([0.0, 0.28, 0.0, 0.0], 'single')).toEqual({ marked: [], uncertain: [1], flags: ['faint'] });
  });

  it('honours the thresholds given', () => {
    const lenient = { ...DEFAULT_CHOICE_THRESHOLDS, filledFloor: 0.25, clearMargin: 0.15 };
    expect(decideRow([0.0, 0.28, 0.0, 0.0], 'single', lenient).marked).toEqual([1]);
  });

  it('treats a row with no bubbles as blank', () => {
    expect(decideRow([], 'single').flags).toEqual(['blank']);
  });
});

describe('discountPrint', () => {
  it('removes what the printed letter already covers, rescaled to the rest of the bubble', () => {
    expect(discountPrint(0.2, 0.2)).toBe(0);
    expect(discountPrint(0.1, 0.2)).toBe(0);
    expect(discountPrint(0.6, 0.2)).toBeCloseTo(0.5, 12);
    expect(discountPrint(1, 0.2)).toBe(1);
  });

  it('leaves the ratio alone without a reference', () => {
    expect(discountPrint(0.37, undefined)).toBe(0.37);
    expect(discountPrint(0.37, 0)).toBe(0.37);
  });
});
