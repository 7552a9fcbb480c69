import { describe, expect, it } from 'vitest';
import { scoreDistribution } from './drift.ts';
import { MarkingInputError } from './errors.ts';
import type { MarkedPaper } from './marker-entries.ts';
import type { Mark, MarkStage } from './marks.ts';
import { markerQuality } from './quality.ts';
import { markGroupOf } from './settings.ts';

const group = markGroupOf({
  questions: [
    { questionId: 'q1', fullMarks: 10 },
    { questionId: 'q2', fullMarks: 5 },
  ],
  step: 1,
  mode: 'double',
  tolerance: 2,
});

let serial = 0;
function mark(markerId: string, stage: MarkStage, q1: number | undefined, q2: number | undefined, seconds = 20): Mark {
  serial += 1;
  const scores: Record<string, number> = {};
  if (q1 !== undefined) scores.q1 = q1;
  if (q2 !== undefined) scores.q2 = q2;
  return { markerId, stage, sequence: serial, scores, seconds };
}

// Worked by hand in the comments; every figure below follows from them.
const papers: MarkedPaper[] = [
  // A 6+3 = 9, B 7+3 = 10: agree; finals q1 6.5 → 7, q2 3.
  { paperId: 'P1', marks: [mark('A', 'first', 6, 3, 30), mark('B', 'second', 7, 3, 40)] },
  // q1 2 vs 8 → 三评 by C (7): near B → (7 + 8) / 2 = 7.5 → 8; q2 5 = 5. Finals 8, 5.
  {
    paperId: 'P2',
    marks: [mark('A', 'first', 2, 5, 10), mark('B', 'second', 8, 5, 20), mark('C', 'third', 7, 4, 60)],
  },
  // Both questions apart; C: q1 5 is 5 from both → 仲裁 6; q2 2 is near B's 0 → 1. Finals 6, 1.
  {
    paperId: 'P3',
    marks: [
      mark('B', 'first', 0, 0, 30),
      mark('A', 'second', 10, 5, 20),
      mark('C', 'third', 5, 2, 40),
      mark('L', 'arbitration', 6, undefined, 90),
    ],
  },
  // A's older mark (9 + 5) is superseded by 4 + 2; no second mark yet.
  { paperId: 'P4', marks: [mark('A', 'first', 9, 5, 99), mark('A', 'first', 4, 2, 20)] },
];

describe('markerQuality', () => {
  const byMarker = () => new Map(markerQuality(group, papers).map((quality) => [quality.markerId, quality]));

  it('lists the blind markers in order of appearance, not the 仲裁 leader', () => {
    expect(markerQuality(group, papers).map((quality) => quality.markerId)).toEqual(['A', 'B', 'C']);
  });

  it('counts, means and spreads a marker’s current paper totals (9, 7, 15, 6)', () => {
    const a = byMarker().get('A')!;
    expect(a.count).toBe(4);
    expect(a.mean).toBe(9.25);
    expect(a.sd).toBeCloseTo(Math.sqrt(48.75 / 4), 12);
    expect(a.zeroShare).toBe(0);
    expect(a.fullShare).toBe(0.25);
    expect(a.secondsPerPaper).toBe(20);
  });

  it('measures agreement against the other blind mark, per question', () => {
    const a = byMarker().get('A')!;
    expect(a.pairedPapers).toBe(3);
    expect(a.agreementWithinT).toBe(0.5);
    expect(a.exactAgreement).toBeCloseTo(2 / 6, 12);
    expect(a.thirdRate).toBeCloseTo(2 / 3, 12);
    expect(a.arbitrationRate).toBeCloseTo(1 / 3, 12);
    expect(byMarker().get('B')).toMatchObject({ agreementWithinT: 0.5, zeroShare: 1 / 3, fullShare: 0, count: 3 });
  });

  it('gives the mean signed difference to the final over final papers only', () => {
    const quality = byMarker();
    expect(quality.get('A')!.meanDifferenceToFinal).toBeCloseTo(1 / 6, 12);
    expect(quality.get('B')!.meanDifferenceToFinal).toBeCloseTo(-7 / 6, 12);
    expect(quality.get('C')!.meanDifferenceToFinal).toBe(-0.5);
  });

  it('leaves figures that need pairs empty for a 三评 marker', () => {
    expect(byMarker().get('C')).toMatchObject({
      count: 2,
      pairedPapers: 0,
      agreementWithinT: null,
      exactAgreement: null,
      thirdRate: null,
      arbitrationRate: null,
      secondsPerPaper: 50,
    });
  });

  it('records 回评抽检 differences against the marker’s current mark', () => {
    const quality = markerQuality(group, papers, {
      rechecks: [
        { markerId: 'A', paperId: 'P1', scores: { q1: 8, q2: 3 } },
        { markerId: 'A', paperId: 'P2', scores: { q1: 2, q2: 4 } },
        { markerId: 'A', paperId: 'P4', scores: { q1: 4, q2: 2 } },
      ],
    });
    expect(quality[0]!.selfConsistency).toEqual({ count: 3, differences: [2, -1, 0], meanAbsoluteDifference: 1 });
    expect(quality[1]!.selfConsistency).toEqual({ count: 0, differences: [], meanAbsoluteDifference: null });
  });

  it('shows each marker’s deviation from the 标准卷, including a marker with no other papers', () => {
    const quality = markerQuality(group, papers, {
      seededReferences: [
        { paperId: 'S1', scores: { q1: 5, q2: 3 } },
        { paperId: 'S2', scores: { q1: 9, q2: 4 } },
      ],
      seededMarks: [
        { markerId: 'A', paperId: 'S1', scores: { q1: 6, q2: 3 } },
        { markerId: 'A', paperId: 'S2', scores: { q1: 7, q2: 4 } },
        { markerId: 'B', paperId: 'S1', scores: { q1: 4, q2: 2 } },
        { markerId: 'D', paperId: 'S1', scores: { q1: 5, q2: 3 } },
      ],
    });
    const byId = new Map(quality.map((entry) => [entry.markerId, entry]));
    expect(byId.get('A')!.seeded).toEqual({ count: 2, meanDeviation: -0.5, meanAbsoluteDeviation: 1.5 });
    expect(byId.get('B')!.seeded).toEqual({ count: 1, meanDeviation: -2, meanAbsoluteDeviation: 2 });
    expect(byId.get('D')).toMatchObject({ count: 0, mean: null, sd: null, seeded: { count: 1, meanDeviation: 0 } });
  });

  it.each([
    [
      { rechecks: [{ markerId: 'C', paperId: 'P1', scores: { q1: 1, q2: 1 } }] },
      '阅卷教师 C 没有评过试卷 P1，不能回评抽检',
    ],
    [{ seededMarks: [{ markerId: 'A', paperId: 'S9', scores: { q1: 1, q2: 1 } }] }, '试卷 S9 没有标准卷分数'],
    [{ rechecks: [{ markerId: 'A', paperId: 'P1', scores: { q1: 1 } }] }, '回评抽检缺少第 q2 题的得分'],
    [{ seededReferences: [{ paperId: 'S1', scores: { q1: 11, q2: 1 } }] }, '第 q1 题得分必须在 0 到 10 之间'],
  ])('flags a check it cannot compare (%#)', (checks, message) => {
    expect(() => markerQuality(group, papers, checks)).toThrow(new MarkingInputError(message));
  });

  it('has nothing to say about a 题块 without marks', () => {
    expect(markerQuality(group, [{ paperId: 'P9', marks: [] }])).toEqual([]);
  });
});

describe('scoreDistribution', () => {
  it('bins every marker’s totals at the step against the 题块’s', () => {
    const distribution = scoreDistribution(group, papers);
    expect(distribution.bins).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(distribution.group).toEqual([1, 0, 0, 0, 0, 0, 1, 2, 0, 1, 1, 1, 0, 1, 0, 1]);
    const a = distribution.markers.find((marker) => marker.markerId === 'A')!;
    expect(a.counts).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
    const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
    expect(sum(distribution.markers.flatMap((marker) => marker.counts))).toBe(sum(distribution.group));
  });

  it('uses half-point bins on step 0.5 and puts an off-step total in the bin below', () => {
    const halves = markGroupOf({
      questions: [{ questionId: 'q', fullMarks: 2.5 }],
      step: 0.5,
      mode: 'single',
      tolerance: 0,
    });
    const whole = markGroupOf({
      questions: [{ questionId: 'q', fullMarks: 2.5 }],
      step: 1,
      mode: 'single',
      tolerance: 0,
    });
    const sheet = (score: number, paperId: string) => ({
      paperId,
      marks: [{ markerId: 'A', stage: 'first' as const, sequence: 1, scores: { q: score }, seconds: 1 }],
    });
    expect(scoreDistribution(halves, [sheet(1.5, 'a'), sheet(2.5, 'b')])).toEqual({
      bins: [0, 0.5, 1, 1.5, 2, 2.5],
      group: [0, 0, 0, 1, 0, 1],
      markers: [{ markerId: 'A', counts: [0, 0, 0, 1, 0, 1] }],
    });
    expect(scoreDistribution(whole, [sheet(2.5, 'a'), sheet(0, 'b')]).group).toEqual([1, 0, 1]);
  });
});
