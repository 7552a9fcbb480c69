import { describe, expect, it } from 'vitest';
import { type ClassIndicators, classEC, classIndicators } from '../index.ts';

// A grade of 10 students in 3 classes, F = 100:
//   class 1: 90 80 70 · class 2: 85 60 60 50 · class 3: 75 65 40 (interleaved in the input).
const classIds = ['1', '2', '3', '1', '2', '3', '1', '2', '3', '2'];
const scores = Float64Array.of(90, 85, 75, 80, 60, 65, 70, 60, 40, 50);
const input = { classIds, scores, fullMark: 100, standardScore: 55, bands: { secsA: 0.2, secsB: 0.5 } };

// Grade: sum 675, mean 67.5; squared deviations 506.25 306.25 56.25 156.25 56.25 6.25 6.25 56.25 756.25
// 306.25 = 2212.5 → σ = √221.25 ≈ 14.874. T ≥ 55 ⇔ x ≥ 67.5 + σ/2 ≈ 74.94: 90 85 75 80.
// Competition ranks: 90 1, 85 2, 80 3, 75 4, 70 5, 65 6, 60 7 7, 50 9, 40 10.
// secsA: rank ≤ ⌈0.2·10⌉ = 2 → 90 85; secsB: 2 < rank ≤ ⌈0.5·10⌉ = 5 → 80 75 70.
const sd1 = Math.sqrt(200 / 3); // 90 80 70: mean 80, devs 10 0 −10
const sd2 = Math.sqrt(668.75 / 4); // mean 63.75, devs 21.25 −3.75 −3.75 −13.75 → 451.5625+14.0625·2+189.0625
const sd3 = Math.sqrt(650 / 3); // 75 65 40: mean 60, devs 15 5 −20 → 225+25+400

describe('classIndicators', () => {
  it('works out each class against the grade by hand', () => {
    const result = classIndicators(input);
    expect(result.map((c) => c.classId)).toEqual(['1', '2', '3']);
    const [c1, c2, c3] = result as [ClassIndicators, ClassIndicators, ClassIndicators];
    // class 1: T ≥ 55: 90 80 (2/3); A: 90 (1/3); B: 80 70 (2/3).
    expect([c1.standardRate, c1.secsARate, c1.secsBRate]).toEqual([2 / 3, 1 / 3, 2 / 3]);
    expect([c1.averageScore, c1.averageRate]).toEqual([80, 0.8]);
    expect(c1.variance).toBeCloseTo(sd1 / 100, 14);
    // class 2: T ≥ 55: 85 (1/4); A: 85 (1/4); B: none.
    expect([c2.standardRate, c2.secsARate, c2.secsBRate]).toEqual([1 / 4, 1 / 4, 0]);
    expect([c2.averageScore, c2.averageRate]).toEqual([63.75, 0.6375]);
    expect(c2.variance).toBeCloseTo(sd2 / 100, 14);
    // class 3: T ≥ 55: 75 (1/3); A: none; B: 75 (1/3).
    expect([c3.standardRate, c3.secsARate, c3.secsBRate]).toEqual([1 / 3, 0, 1 / 3]);
    expect([c3.averageScore, c3.averageRate]).toEqual([60, 0.6]);
    expect(c3.variance).toBeCloseTo(sd3 / 100, 14);
  });

  it('lets a tie across the secsA boundary go up', () => {
    // Ranks 1 2 2 4 5; secsA 0.4 → rank ≤ 2: 100 and both 90s; secsB 0.6 → rank ≤ 3: nobody more.
    const result = classIndicators({
      ...input,
      classIds: ['a', 'b', 'a', 'b', 'a'],
      scores: Float64Array.of(100, 90, 90, 80, 70),
      bands: { secsA: 0.4, secsB: 0.6 },
    });
    expect(result.map((c) => [c.classId, c.secsARate, c.secsBRate])).toEqual([
      ['a', 2 / 3, 0],
      ['b', 1 / 2, 0],
    ]);
  });

  it('gives T 50 to everyone when all scores are equal, so nobody reaches 55', () => {
    // Everyone is rank 1 of 3, and 1 ≤ ⌈0.2·3⌉ = 1: all in secsA.
    const result = classIndicators({ ...input, classIds: ['a', 'a', 'b'], scores: Float64Array.of(70, 70, 70) });
    expect(result.map((c) => [c.standardRate, c.variance, c.secsARate, c.secsBRate])).toEqual([
      [0, 0, 1, 0],
      [0, 0, 1, 0],
    ]);
  });

  it('bands by rank ≤ ⌈0.2·N⌉ and ⌈0.2·N⌉ < rank ≤ ⌈0.5·N⌉, not by rank/N', () => {
    // N = 12, scores 120, 119, …, 109 (ranks 1…12, no ties). ⌈0.2·12⌉ = ⌈2.4⌉ = 3: ranks 1–3 are the top band
    // (rank/N would stop at 2); ⌈0.5·12⌉ = 6: ranks 4–6 the second. Class a holds the odd ranks, b the even.
    const scores = Float64Array.from({ length: 12 }, (_, i) => 120 - i);
    const classIds = Array.from(scores, (_, i) => (i % 2 === 0 ? 'a' : 'b'));
    const result = classIndicators({ ...input, classIds, scores, fullMark: 150 });
    // a: ranks 1 3 5 7 9 11 → A: 1 3 (2/6), B: 5 (1/6); b: ranks 2 4 6 8 10 12 → A: 2 (1/6), B: 4 6 (2/6).
    expect(result.map((c) => [c.classId, c.secsARate, c.secsBRate])).toEqual([
      ['a', 2 / 6, 1 / 6],
      ['b', 1 / 6, 2 / 6],
    ]);
  });

  it("takes a band's ceiling exactly: secsA 0.07 of N = 100 is 7, not the 8 of 0.07·100 = 7.000000000000001", () => {
    const scores = Float64Array.from({ length: 100 }, (_, i) => 100 - i);
    const classIds = Array.from({ length: 100 }, () => 'a');
    const [a] = classIndicators({ ...input, classIds, scores, bands: { secsA: 0.07, secsB: 0.5 } });
    expect(a!.secsARate).toBe(7 / 100);
    expect(a!.secsBRate).toBe((50 - 7) / 100);
  });

  it('has no classes for an empty grade', () => {
    expect(classIndicators({ ...input, classIds: [], scores: new Float64Array(0) })).toEqual([]);
  });
});

describe('classEC', () => {
  it('weights the indicators with the spec defaults and ranks the classes', () => {
    // EC = 0.3·standard + 0.4·averageRate + 0.1·secsA + 0.2·secsB − 0.1·variance:
    // class 1: 0.3·2/3 + 0.4·0.8 + 0.1·1/3 + 0.2·2/3 − 0.1·σ1/100 = 0.2 + 0.32 + 1/30 + 2/15 − σ1/1000 ≈ 0.6785
    // class 2: 0.3·1/4 + 0.4·0.6375 + 0.1·1/4 + 0 − σ2/1000 = 0.075 + 0.255 + 0.025 − σ2/1000 ≈ 0.3421
    // class 3: 0.3·1/3 + 0.4·0.6 + 0 + 0.2·1/3 − σ3/1000 = 0.1 + 0.24 + 1/15 − σ3/1000 ≈ 0.3919
    const weights = {
      standardRateWeight: 0.3,
      averageRateWeight: 0.4,
      secsARateWeight: 0.1,
      secsBRateWeight: 0.2,
      varianceWeight: -0.1,
    };
    const result = classEC(classIndicators(input), weights);
    expect(result.map((r) => [r.classId, r.rank])).toEqual([
      ['1', 1],
      ['3', 2],
      ['2', 3],
    ]);
    expect(result[0]!.ec).toBeCloseTo(0.2 + 0.32 + 1 / 30 + 2 / 15 - sd1 / 1000, 14);
    expect(result[1]!.ec).toBeCloseTo(0.1 + 0.24 + 1 / 15 - sd3 / 1000, 14);
    expect(result[2]!.ec).toBeCloseTo(0.075 + 0.255 + 0.025 - sd2 / 1000, 14);
  });

  it('gives equal classes the same rank, in input order', () => {
    const row = {
      standardRate: 0.5,
      averageRate: 0.7,
      averageScore: 70,
      secsARate: 0.2,
      secsBRate: 0.3,
      variance: 0.1,
    };
    const weights = {
      standardRateWeight: 1,
      averageRateWeight: 1,
      secsARateWeight: 1,
      secsBRateWeight: 1,
      varianceWeight: -1,
    };
    const result = classEC(
      [
        { classId: 'x', ...row },
        { classId: 'y', ...row, averageRate: 0.9 },
        { classId: 'z', ...row },
      ],
      weights,
    );
    expect(result.map((r) => [r.classId, r.rank])).toEqual([
      ['y', 1],
      ['x', 2],
      ['z', 2],
    ]);
  });
});
