import { describe, expect, it } from 'vitest';
import {
  criticalLineRank,
  criticalSide,
  effectiveScore,
  imbalance,
  lineHits,
  lineScore,
  onLineCount,
  rankCompetition,
  subjectContribution,
} from '../index.ts';

// Ten students s1…s10: totals and one subject (math).
const totals = Float64Array.of(600, 580, 580, 550, 500, 480, 450, 400, 380, 300);
const math = Float64Array.of(140, 120, 130, 110, 100, 125, 110, 80, 95, 60);

describe('lineScore and onLineCount', () => {
  it('takes a score line as set', () => {
    expect(lineScore(totals, { kind: 'score', value: 512.5 })).toBe(512.5);
  });

  it('takes a rate line at rank ⌈p·N⌉ of the descending order', () => {
    // Descending 600 580 580 550 500 480 450 400 380 300.
    expect(lineScore(totals, { kind: 'rate', value: 0.15 })).toBe(580); // ⌈1.5⌉ = 2 → 580
    expect(lineScore(totals, { kind: 'rate', value: 0.27 })).toBe(580); // ⌈2.7⌉ = 3 → the tied 580
    expect(lineScore(totals, { kind: 'rate', value: 0.5 })).toBe(500); // 5th
    expect(lineScore(totals, { kind: 'rate', value: 1.2 })).toBe(300); // ⌈12⌉ clamped to 10
    expect(lineScore(totals, { kind: 'rate', value: 0 })).toBeNull();
    expect(lineScore(new Float64Array(0), { kind: 'rate', value: 0.5 })).toBeNull();
  });

  it('takes ⌈0.07·100⌉ = 7, not the 8 of a floating product', () => {
    const hundred = Float64Array.from({ length: 100 }, (_, i) => 100 - i); // 100, 99, …, 1
    expect(lineScore(hundred, { kind: 'rate', value: 0.07 })).toBe(94); // 7th highest
  });

  it('counts totals on the line (≥)', () => {
    expect(onLineCount(totals, 580)).toBe(3);
    expect(onLineCount(totals, 500)).toBe(5);
    expect(onLineCount(totals, 601)).toBe(0);
  });
});

describe('effective score, 单上线, 双上线, 贡献率, 命中率', () => {
  it('works the same-proportion method by hand', () => {
    // Line 500: M = 5 (600 580 580 550 500).
    // Math descending 140 130 125 120 110 110 100 95 80 60 → 5th = 110 = effective score.
    // 单上线 (math ≥ 110): s1 140, s2 120, s3 130, s4 110, s6 125, s7 110 → 6 (the tie at 110 counts).
    // 双上线 (also total ≥ 500): s1 s2 s3 s4 → 4 (s6 480, s7 450 are below).
    // 贡献率 = 4/5; 命中率 = 4/6.
    const m = onLineCount(totals, 500);
    const effective = effectiveScore(math, m);
    expect(effective).toBe(110);
    expect(lineHits(math, totals, 500, effective)).toEqual({
      lineCount: 5,
      single: 6,
      double: 4,
      contribution: 4 / 5,
      hitRate: 4 / 6,
    });
  });

  it('clamps M to the subject population and has no effective score for M = 0', () => {
    expect(effectiveScore(math, 50)).toBe(60);
    expect(effectiveScore(math, 0)).toBeNull();
    expect(effectiveScore(new Float64Array(0), 3)).toBeNull();
  });

  it('has no rates when nobody is on the line', () => {
    expect(lineHits(math, totals, 700, null)).toEqual({
      lineCount: 0,
      single: 0,
      double: 0,
      contribution: null,
      hitRate: null,
    });
  });
});

describe('criticalSide (临界生)', () => {
  const byScore = { mode: 'score' as const, below: 20, above: 10, rankBand: 20 };
  const byRank = { mode: 'rank' as const, below: 20, above: 10, rankBand: 20 };

  it('by score: line − 20 ≤ total < line + 10, split at the line', () => {
    // Line 500: [480, 510).
    expect(criticalSide(480, 0, 500, 0, byScore)).toBe('below');
    expect(criticalSide(479.99, 0, 500, 0, byScore)).toBeNull();
    expect(criticalSide(499.5, 0, 500, 0, byScore)).toBe('below');
    expect(criticalSide(500, 0, 500, 0, byScore)).toBe('above');
    expect(criticalSide(509.99, 0, 500, 0, byScore)).toBe('above');
    expect(criticalSide(510, 0, 500, 0, byScore)).toBeNull();
  });

  it('by rank: |rank − line rank| ≤ 20', () => {
    // Line rank 100 (100 students on the line).
    expect(criticalSide(560, 80, 500, 100, byRank)).toBe('above');
    expect(criticalSide(560, 79, 500, 100, byRank)).toBeNull();
    expect(criticalSide(450, 120, 500, 100, byRank)).toBe('below');
    expect(criticalSide(449, 121, 500, 100, byRank)).toBeNull();
  });

  it('by rank, with the line rank = students on the line, the side matches total ≥ line', () => {
    // Line 500 over the ten totals: 5 on the line; band 2 → ranks 3…7 are critical.
    const ranks = rankCompetition(totals);
    const lineRank = onLineCount(totals, 500);
    const rule = { ...byRank, rankBand: 2 };
    const sides = [...totals].map((t, i) => criticalSide(t, ranks[i]!, 500, lineRank, rule));
    // ranks 1 2 2 4 5 6 7 8 9 10
    expect(sides).toEqual([null, null, null, 'above', 'above', 'below', 'below', null, null, null]);
  });

  it('takes the line rank of a rate line as ⌈p·N⌉, whatever ties follow it', () => {
    // Rate 0.25 over the ten totals: ⌈2.5⌉ = 3 sets the line at the tied 580, on which M = 3 students stand.
    // Rate 0.2: ⌈2⌉ = 2 sets the line at 580 too, yet L stays 2 although 3 students are on it.
    const line = { kind: 'rate' as const, value: 0.2 };
    const score = lineScore(totals, line)!;
    expect(score).toBe(580);
    const m = onLineCount(totals, score);
    expect(m).toBe(3);
    expect(criticalLineRank(line, totals.length, m)).toBe(2);
    expect(criticalLineRank({ kind: 'rate', value: 0.25 }, totals.length, m)).toBe(3);
    // ⌈1.2·10⌉ = 12 is clamped to N; ⌈0.07·100⌉ = 7 exactly.
    expect(criticalLineRank({ kind: 'rate', value: 1.2 }, 10, 10)).toBe(10);
    expect(criticalLineRank({ kind: 'rate', value: 0.07 }, 100, 9)).toBe(7);
  });

  it('takes the line rank of a score line as M, the number of students on the line', () => {
    // Line 512.5: 600 580 580 550 are on it, M = 4, whatever its rank share would be.
    const line = { kind: 'score' as const, value: 512.5 };
    expect(criticalLineRank(line, totals.length, onLineCount(totals, 512.5))).toBe(4);
    // By rank with band 1 around L = 4: ranks 3…5 (a tied 580 at rank 2 is out).
    const ranks = rankCompetition(totals);
    const rule = { ...byRank, rankBand: 1 };
    const sides = [...totals].map((t, i) => criticalSide(t, ranks[i]!, 512.5, 4, rule));
    expect(sides).toEqual([null, null, null, 'above', 'below', null, null, null, null, null]);
  });

  it('compares in hundredths: a drifted 0.7 + 0.1 is on a line of 0.8', () => {
    expect(criticalSide(0.7 + 0.1, 0, 0.8, 0, { ...byScore, below: 0, above: 1 })).toBe('above');
  });
});

describe('subjectContribution (mean version)', () => {
  it('is each mean over the sum of means', () => {
    expect(subjectContribution([80, 60, 60])).toEqual([0.4, 0.3, 0.3]); // sum 200
  });

  it('is undefined when the means add up to 0 or there are no subjects', () => {
    expect(subjectContribution([0, 0])).toBeNull();
    expect(subjectContribution([])).toBeNull();
  });
});

describe('imbalance (偏科)', () => {
  it('takes the population SD of the Zs, the weakest and strongest subject, and flags a range ≥ threshold', () => {
    // Zs 1.2 −0.3 0.6: mean 0.5, devs 0.7 −0.8 0.1 → 0.49 + 0.64 + 0.01 = 1.14; SD √(1.14/3) = √0.38.
    // Range 1.2 − (−0.3) = 1.5 ≥ 1 → flagged.
    const result = imbalance([1.2, -0.3, 0.6], 1)!;
    expect(result.spread).toBeCloseTo(Math.sqrt(0.38), 14);
    expect([result.weakest, result.strongest, result.flagged]).toEqual([1, 0, true]);
  });

  it('flags a range of exactly the threshold, not less', () => {
    expect(imbalance([0.5, -0.5], 1)).toEqual({ spread: 0.5, weakest: 1, strongest: 0, flagged: true });
    expect(imbalance([0.4, -0.5], 1)!.flagged).toBe(false);
  });

  it('names the first subject on ties and needs two subjects', () => {
    expect(imbalance([0, 0, 0], 1)).toEqual({ spread: 0, weakest: 0, strongest: 0, flagged: false });
    expect(imbalance([0.3], 1)).toBeNull();
  });
});
