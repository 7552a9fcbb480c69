import { describe, expect, it } from 'vitest';
import {
  bandOfRank,
  classTScore,
  competitionRanks,
  denseRanks,
  percentileRanks,
  positions,
  rankCompetition,
  rankDense,
  rankProgress,
  shareBelow,
  tScore,
  zScore,
} from '../index.ts';

describe('ranks', () => {
  // Scores 90 95 90 80 70 (N = 5); ascending 70 80 90 90 95.
  const scores = Float64Array.of(90, 95, 90, 80, 70);

  it('competition ranking leaves a gap after a tie (1, 1, 3)', () => {
    // 95 → 1; each 90 has one higher → 2; 80 has three higher → 4; 70 → 5.
    expect([...rankCompetition(scores)]).toEqual([2, 1, 2, 4, 5]);
  });

  it('dense ranking does not (1, 1, 2)', () => {
    // distinct descending 95 90 80 70.
    expect([...rankDense(scores)]).toEqual([2, 1, 2, 3, 4]);
  });

  it('PR counts half of those equal, the student included', () => {
    // 90: 2 below, 2 equal → (2 + 1)/5 = 0.6; 95: (4 + 0.5)/5 = 0.9; 80: (1 + 0.5)/5 = 0.3; 70: 0.5/5 = 0.1.
    expect([...percentileRanks(scores)]).toEqual([0.6, 0.9, 0.6, 0.3, 0.1]);
  });

  it('the share beaten counts only those strictly below', () => {
    // 90: 2/5; 95: 4/5; 80: 1/5; 70: 0.
    expect([...shareBelow(scores)]).toEqual([0.4, 0.8, 0.4, 0.2, 0]);
  });

  it('positions() gives all four from one sort', () => {
    const all = positions(scores);
    expect([...all.competition]).toEqual([2, 1, 2, 4, 5]);
    expect([...all.dense]).toEqual([2, 1, 2, 3, 4]);
    expect([...all.percentile]).toEqual([0.6, 0.9, 0.6, 0.3, 0.1]);
    expect([...all.below]).toEqual([0.4, 0.8, 0.4, 0.2, 0]);
  });

  it('a single student is first, at PR 0.5, beating nobody', () => {
    const one = positions(Float64Array.of(60));
    expect([one.competition[0], one.dense[0], one.percentile[0], one.below[0]]).toEqual([1, 1, 0.5, 0]);
  });

  it('everyone equal: all first, PR 0.5, nobody beaten', () => {
    // 3 equal: (0 + 3/2)/3 = 0.5.
    const same = positions(Float64Array.of(5, 5, 5));
    expect([...same.competition]).toEqual([1, 1, 1]);
    expect([...same.percentile]).toEqual([0.5, 0.5, 0.5]);
    expect([...same.below]).toEqual([0, 0, 0]);
  });

  it('agrees with the list-based competitionRanks and denseRanks on many ties', () => {
    let seed = 7;
    const values = Array.from({ length: 2000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return (seed % 301) / 2; // 0 … 150 in half marks, lots of ties
    });
    const typed = Float64Array.from(values);
    expect([...rankCompetition(typed)]).toEqual(competitionRanks(values));
    expect([...rankDense(typed)]).toEqual(denseRanks(values));
  });

  it('returns empty arrays for an empty population', () => {
    expect(positions(new Float64Array(0)).competition.length).toBe(0);
  });
});

describe('Z, T and progress', () => {
  it('Z = (x − mean)/σ and T = 50 + 10Z', () => {
    expect(zScore(80, 70, 5)).toBe(2);
    expect(tScore(2)).toBe(70);
    expect(tScore(zScore(65, 70, 10))).toBe(45); // Z −0.5
  });

  it('puts everyone at Z 0 / T 50 when the population has no spread', () => {
    expect(zScore(80, 80, 0)).toBe(0);
    expect(classTScore(75, 70, 0)).toBe(50);
  });

  it('class T uses the grade mean and σ', () => {
    expect(classTScore(75, 70, 10)).toBe(55); // 50 + 10·5/10
  });

  it('progress is previous rank − current rank', () => {
    expect(rankProgress(10, 4)).toBe(6);
    expect(rankProgress(4, 10)).toBe(-6);
  });
});

describe('bandOfRank', () => {
  const bands = [0.1, 0.3, 0.6, 1]; // top 10 %, 10–30 %, 30–60 %, the rest

  it('takes the first band whose cumulative share is at least rank/N', () => {
    // N = 20: rank 2 → 0.10 ≤ 0.1 → band 0; rank 3 → 0.15 → band 1; rank 6 → 0.30 → band 1;
    // rank 7 → 0.35 → band 2; rank 20 → 1 → band 3.
    expect([2, 3, 6, 7, 20].map((rank) => bandOfRank(rank, 20, bands))).toEqual([0, 1, 1, 2, 3]);
  });

  it('compares exactly: rank 8 of 10 is in a band ending at 0.7 + 0.1', () => {
    expect(8 / 10 <= 0.7 + 0.1).toBe(false); // 0.7999999999999999: the float comparison would miss it
    expect(bandOfRank(8, 10, [0.7, 0.7 + 0.1, 1])).toBe(1);
  });

  it('puts anyone past the last cumulative share in the last band', () => {
    expect(bandOfRank(20, 20, [0.5, 0.9])).toBe(1);
  });
});
