import { describe, expect, it } from 'vitest';
import {
  difficulty,
  discrimination,
  ebelBand,
  extremeGroups,
  groupDiscrimination,
  itemRestCorrelation,
  optionShares,
  optionSharesOfCodes,
  pearson,
  roundHalfUp,
  weightedDiscrimination,
} from '../index.ts';

describe('difficulty (难度/得分率)', () => {
  it('is the item mean over its full mark', () => {
    expect(difficulty(3.6, 5)).toBe(0.72);
    expect(() => difficulty(1, 0)).toThrow(RangeError);
  });
});

describe('discrimination (27 % groups)', () => {
  // Ten students (id: total, item of full mark 4), given in a shuffled order so ties must go by id:
  //   1: 90, 4   2: 85, 3   3: 80, 4   4: 80, 1   5: 60, 3
  //   6: 55, 2   7: 45, 2   8: 45, 0   9: 40, 1  10: 30, 0
  // n = ⌈0.27·10⌉ = 3. Order by total desc, ties by id asc: 1 2 3 4 5 6 7 8 9 10.
  // Top = 1, 2, 3 (3 beats 4 on id) → items 4, 3, 4 = 11/3; bottom = 8, 9, 10 (7 beats 8) → 0, 1, 0 = 1/3.
  // D = (11/3 − 1/3)/4 = 10/12. (Breaking ties the other way would give (8/3 − 1)/4 = 5/12.)
  const order = [4, 8, 1, 10, 3, 7, 2, 9, 6, 5];
  const byId: Record<number, [number, number]> = {
    1: [90, 4],
    2: [85, 3],
    3: [80, 4],
    4: [80, 1],
    5: [60, 3],
    6: [55, 2],
    7: [45, 2],
    8: [45, 0],
    9: [40, 1],
    10: [30, 0],
  };
  const ids = Int32Array.from(order);
  const totals = Float64Array.from(order.map((id) => byId[id]![0]));
  const item = Float64Array.from(order.map((id) => byId[id]![1]));

  it('splits off the top and bottom 27 %, ties broken by student id', () => {
    const groups = extremeGroups(totals, ids)!;
    const idsOf = (members: Int32Array) => [...members].map((p) => order[p]!).sort((a, b) => a - b);
    expect(idsOf(groups.top)).toEqual([1, 2, 3]);
    expect(idsOf(groups.bottom)).toEqual([8, 9, 10]);
    expect(groupDiscrimination(item, groups, 4)).toBeCloseTo(10 / 12, 14);
  });

  it('fills the groups by id when every total is the same', () => {
    // Totals all 50, ids 5 3 9 1 7 2 (N = 6, n = ⌈1.62⌉ = 2): top = ids 1, 2; bottom = ids 7, 9.
    const sameIds = [5, 3, 9, 1, 7, 2];
    const groups = extremeGroups(new Float64Array(6).fill(50), sameIds)!;
    const idsOf = (members: Int32Array) => [...members].map((p) => sameIds[p]!).sort((a, b) => a - b);
    expect(idsOf(groups.top)).toEqual([1, 2]);
    expect(idsOf(groups.bottom)).toEqual([7, 9]);
  });

  it('gives the same D through the one-item convenience', () => {
    expect(discrimination(item, totals, ids, 4)).toBeCloseTo(10 / 12, 14);
  });

  it('is 0 for a question nobody scored on', () => {
    expect(discrimination(new Float64Array(10), totals, ids, 4)).toBe(0);
  });

  it('needs two students: with 2, n = ⌈0.54⌉ = 1, D = (2 − 0)/2 = 1', () => {
    expect(discrimination(Float64Array.of(0, 2), Float64Array.of(10, 20), [1, 2], 2)).toBe(1);
    expect(discrimination(Float64Array.of(2), Float64Array.of(10), [1], 2)).toBeNull();
  });
});

describe('pearson and the item–rest correlation', () => {
  it('works out r by hand', () => {
    // a 1..5 (mean 3), b 2 4 5 4 5 (mean 4): da −2 −1 0 1 2, db −2 0 1 0 1.
    // Σda·db = 4 + 0 + 0 + 0 + 2 = 6; Σda² = 10; Σdb² = 6 → r = 6/√60.
    expect(pearson(Float64Array.of(1, 2, 3, 4, 5), Float64Array.of(2, 4, 5, 4, 5))).toBeCloseTo(6 / Math.sqrt(60), 14);
  });

  it('is undefined without spread or with fewer than 2 students', () => {
    expect(pearson(Float64Array.of(3, 3, 3), Float64Array.of(1, 2, 3))).toBeNull();
    expect(pearson(Float64Array.of(1), Float64Array.of(1))).toBeNull();
    expect(() => pearson(Float64Array.of(1, 2), Float64Array.of(1))).toThrow(RangeError);
  });

  it('correlates the item with the total minus the item', () => {
    // item 1 0 1 0, totals 5 3 4 1 → rest 4 3 3 1. Means 0.5 and 2.75.
    // di .5 −.5 .5 −.5; dr 1.25 .25 .25 −1.75 → Σ = .625 − .125 + .125 + .875 = 1.5;
    // Σdi² = 1; Σdr² = 1.5625 + .0625 + .0625 + 3.0625 = 4.75 → r = 1.5/√4.75.
    expect(itemRestCorrelation(Float64Array.of(1, 0, 1, 0), Float64Array.of(5, 3, 4, 1))).toBeCloseTo(
      1.5 / Math.sqrt(4.75),
      14,
    );
  });

  it('has no correlation for a question nobody scored on', () => {
    expect(itemRestCorrelation(new Float64Array(4), Float64Array.of(5, 3, 4, 1))).toBeNull();
  });

  it('sees a constant rest as constant despite float drift (0.4 − 0.1 vs 0.5 − 0.2)', () => {
    // The rests are 0.3 and 0.3; in floats 0.4 − 0.1 = 0.30000000000000004 and 0.5 − 0.2 = 0.3.
    expect(itemRestCorrelation(Float64Array.of(0.1, 0.2), Float64Array.of(0.4, 0.5))).toBeNull();
  });
});

describe("weightedDiscrimination (a subject's 区分度)", () => {
  it("weights each item's D by its full mark: Σ Fᵢ·Dᵢ / Σ Fᵢ", () => {
    // Items of 3, 3 and 12 points with D 0.6, 0.3, 0.2: (1.8 + 0.9 + 2.4) / 18 = 5.1 / 18 = 0.28333…,
    // where the plain mean would be 0.3666….
    expect(weightedDiscrimination([0.6, 0.3, 0.2], [3, 3, 12])).toBeCloseTo(5.1 / 18, 15);
  });

  it('leaves out an item without a D together with its full mark', () => {
    expect(weightedDiscrimination([0.5, null, 0.2], [10, 90, 30])).toBeCloseTo((5 + 6) / 40, 15);
    expect(weightedDiscrimination([null, null], [5, 5])).toBeNull();
    expect(weightedDiscrimination([], [])).toBeNull();
  });

  it('matches the D of one item for a one-item paper, negatives included', () => {
    expect(weightedDiscrimination([-0.25], [8])).toBe(-0.25);
  });
});

describe('ebelBand', () => {
  it('bands D as shown to 2 decimals: ≥0.40 很好, 0.30–0.39 较好, 0.20–0.29 尚可, <0.20 差', () => {
    expect(ebelBand(0.4)).toBe('很好');
    expect(ebelBand(0.395)).toBe('很好'); // shown as 0.40
    expect(ebelBand(0.3949)).toBe('较好'); // shown as 0.39
    expect(ebelBand(0.3)).toBe('较好');
    expect(ebelBand(0.29)).toBe('尚可');
    expect(ebelBand(0.2)).toBe('尚可');
    expect(ebelBand(0.1949)).toBe('差');
    expect(ebelBand(-0.1)).toBe('差');
  });

  it('gives the band of the rounded D for every value, near the boundaries and away from them', () => {
    // The rule itself, read on roundHalfUp's figure: the quick path must never disagree with it.
    const byRounding = (d: number) => {
      const shown = roundHalfUp(d, 2);
      return shown >= 0.4 ? '很好' : shown >= 0.3 ? '较好' : shown >= 0.2 ? '尚可' : '差';
    };
    const values: number[] = [];
    for (let k = -1000; k <= 1000; k++) {
      const d = k / 1000;
      values.push(d, d + 1e-12, d - 1e-12, d + 1e-9, d - 1e-9, d + 2e-9, d - 2e-9, (k + 0.5) / 1000);
    }
    // Discriminations as the computation makes them: differences of group means over a full mark.
    for (let top = 0; top <= 60; top++)
      for (let bottom = 0; bottom <= top; bottom += 3) values.push((top / 27 - bottom / 27) / 3);
    for (const d of values) expect(ebelBand(d), String(d)).toBe(byRounding(d));
  });
});

describe('optionShares', () => {
  it('counts each letter of a choice once, blanks as 未作答, over the whole population', () => {
    // 8 students: A in 'A', 'AC', 'AA' (3); B in 'B' (1); C in 'AC', 'c' (2); D none; blank: null, '', ' ' (3).
    const shares = optionShares(['A', 'AC', null, 'c', '', 'B', 'AA', ' '], ['A', 'B', 'C', 'D']);
    expect(shares).toEqual([
      { option: 'A', count: 3, share: 3 / 8 },
      { option: 'B', count: 1, share: 1 / 8 },
      { option: 'C', count: 2, share: 2 / 8 },
      { option: 'D', count: 0, share: 0 },
      { option: '未作答', count: 3, share: 3 / 8 },
    ]);
  });

  it('gives zero shares for an empty population', () => {
    expect(optionShares([], ['T', 'F']).map((s) => s.share)).toEqual([0, 0, 0]);
  });
});

describe('optionSharesOfCodes', () => {
  // The same 8 students as bit sets over A B C D (A = 1, B = 2, C = 4, D = 8; 0 blank), plus two students
  // outside the population (index skips them) and one unreadable mark 0x8000 inside it: 9 in the population.
  // A: 1, 5, 1 → 3; B: 2 → 1; C: 5, 4 → 2; D: 0; blank: 0, 0, 0 → 3; the unreadable one counts nowhere.
  const codes = Uint16Array.from([1, 8, 5, 0, 4, 0, 2, 1, 8, 0, 0x8000]);
  const index = Int32Array.from([0, 2, 3, 4, 5, 6, 7, 9, 10]);

  it('counts the letters of each code and blanks as 未作答, over the picked population', () => {
    expect(optionSharesOfCodes(codes, index, ['A', 'B', 'C', 'D'])).toEqual([
      { option: 'A', count: 3, share: 3 / 9 },
      { option: 'B', count: 1, share: 1 / 9 },
      { option: 'C', count: 2, share: 2 / 9 },
      { option: 'D', count: 0, share: 0 },
      { option: '未作答', count: 3, share: 3 / 9 },
    ]);
  });

  it('agrees with optionShares on the texts the codes stand for', () => {
    const texts = ['A', 'AC', null, 'C', null, 'B', 'A', null];
    const asCodes = Uint16Array.from([1, 5, 0, 4, 0, 2, 1, 0]);
    const all = Int32Array.from(asCodes.keys());
    expect(optionSharesOfCodes(asCodes, all, ['A', 'B', 'C', 'D'])).toEqual(optionShares(texts, ['A', 'B', 'C', 'D']));
  });

  it('gives zero shares for an empty population', () => {
    expect(optionSharesOfCodes(codes, new Int32Array(0), ['T', 'F']).map((s) => s.share)).toEqual([0, 0, 0]);
  });
});
