import { describe, expect, it } from 'vitest';
import { type ClassIndicators, classRSR } from '../index.ts';

const weights = { standardRateWeight: 0.3, averageScoreWeight: 0.2, secsARateWeight: 0.3, secsBRateWeight: 0.2 };
const row = (classId: string, standardRate: number, averageScore: number, secsARate: number, secsBRate: number) => ({
  classId,
  standardRate,
  averageRate: averageScore / 100,
  averageScore,
  secsARate,
  secsBRate,
  variance: 0.1,
});

// Φ⁻¹ from the normal table: Φ⁻¹(0.8) = 0.8416212335729143, Φ⁻¹(0.95) = 1.6448536269514722.
const z80 = 0.8416212335729143;
const z95 = 1.6448536269514722;

describe('classRSR (秩和比法)', () => {
  // Five classes (standardRate, averageScore, secsARate, secsBRate):
  //   A .50 80 .30 .40 · B .40 75 .30 .30 · C .30 71 .10 .30 · D .20 71 .20 .30 · E .10 60 .00 .10
  // Ranks, best = 5, ties averaged:
  //   standardRate E1 D2 C3 B4 A5 · averageScore E1 C2.5 D2.5 B4 A5
  //   secsARate E1 C2 D3 A4.5 B4.5 · secsBRate E1 B3 C3 D3 A5
  // Σw·R: A .3·5 + .2·5 + .3·4.5 + .2·5 = 4.85 · B 1.2 + .8 + 1.35 + .6 = 3.95
  //       C .9 + .5 + .6 + .6 = 2.6 · D .6 + .5 + .9 + .6 = 2.6 · E .3 + .2 + .3 + .2 = 1
  // WRSR = Σ/5: A .97, B .79, C .52, D .52, E .20.
  // Frequency table: .20 f1 ranks 1 → p .2; .52 f2 ranks 2–3 → avg 2.5, p .5; .79 → p .8; .97 last → 1 − 1/20 = .95.
  // Probits: 5 − z80 = 4.15838, 5, 5 + z80 = 5.84162, 5 + z95 = 6.64485.
  // Least squares over the 4 rows: x̄ = 5.411213, ȳ = 0.62; dx −1.252835 −0.411213 0.430408 1.233640,
  // dy −.42 −.10 .17 .35 → Σdxdy = 1.072255, Σdx² = 3.445810 → b = 0.311177, a = ȳ − b·x̄ = −1.063843.
  // Fitted: E 0.230147, C/D 0.492040, B 0.753933, A 1.003880. Cuts: a + 4b = 0.180863, a + 6b = 0.803217
  // → A 上 (≥ 0.803), B C D E 中.
  const classes = [
    row('A', 0.5, 80, 0.3, 0.4),
    row('B', 0.4, 75, 0.3, 0.3),
    row('C', 0.3, 71, 0.1, 0.3),
    row('D', 0.2, 71, 0.2, 0.3),
    row('E', 0.1, 60, 0, 0.1),
  ];

  it('works out WRSR, probit, fit and grade by hand for five classes', () => {
    const result = classRSR(classes, weights);
    expect(result.map((r) => [r.classId, r.rank, r.grade])).toEqual([
      ['A', 1, '上'],
      ['B', 2, '中'],
      ['C', 3, '中'],
      ['D', 3, '中'],
      ['E', 5, '中'],
    ]);
    const wrsr = [0.97, 0.79, 0.52, 0.52, 0.2];
    const probit = [5 + z95, 5 + z80, 5, 5, 5 - z80];
    result.forEach((r, i) => {
      expect(r.wrsr).toBeCloseTo(wrsr[i]!, 14);
      expect(r.probit).toBeCloseTo(probit[i]!, 12);
    });
    const [fitA, fitB, fitC, fitD, fitE] = result.map((r) => r.fitted!);
    expect(fitA).toBeCloseTo(1.00388, 5);
    expect(fitB).toBeCloseTo(0.753933, 5);
    expect(fitC).toBeCloseTo(0.49204, 5);
    expect(fitD).toBe(fitC);
    expect(fitE).toBeCloseTo(0.230147, 5);
  });

  it('fits the line exactly as least squares over the distinct rows', () => {
    // b = Σdxdy/Σdx², a = ȳ − b·x̄ with the rows of the frequency table (written out here).
    const x = [5 - z80, 5, 5 + z80, 5 + z95];
    const y = [0.2, 0.52, 0.79, 0.97];
    const mx = (x[0]! + x[1]! + x[2]! + x[3]!) / 4;
    const my = (0.2 + 0.52 + 0.79 + 0.97) / 4;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < 4; i++) {
      sxy += (x[i]! - mx) * (y[i]! - my);
      sxx += (x[i]! - mx) ** 2;
    }
    const b = sxy / sxx;
    const a = my - b * mx;
    const result = classRSR(classes, weights);
    expect(result[0]!.fitted).toBeCloseTo(a + b * (5 + z95), 12);
    expect(result[4]!.fitted).toBeCloseTo(a + b * (5 - z80), 12);
  });

  it('grades 下 below probit 4 and 上 from probit 6: seven classes in plain order', () => {
    // Every indicator in the same order, so class k (k = 1 worst … 7 best) has every rank k, Σw = 1,
    // WRSR = k/7. p = k/7, the last 1 − 1/28. Probits: 3.93 4.43 4.82 5.18 5.57 6.07 6.80
    // (Φ⁻¹(1/7) = −1.0676, Φ⁻¹(6/7) = 1.0676) → 下 中 中 中 中 上 上.
    const seven: ClassIndicators[] = [1, 2, 3, 4, 5, 6, 7].map((k) => row(`c${k}`, k / 10, 50 + k, k / 20, k / 30));
    const result = classRSR(seven, weights);
    expect(result.map((r) => `${r.classId}${r.grade}`).join(' ')).toBe('c7上 c6上 c5中 c4中 c3中 c2中 c1下');
    expect(result.at(-1)!.wrsr).toBeCloseTo(1 / 7, 14);
    expect(result.at(-1)!.probit).toBeCloseTo(5 - 1.0675705238781414, 10);
  });

  it('cannot fit one distinct WRSR: every class 中, fitted null', () => {
    // Two equal classes: each rank 1.5, WRSR = 1.5/2 = 0.75; one row, the last → p = 1 − 1/8 = 0.875.
    const result = classRSR([row('x', 0.5, 70, 0.2, 0.3), row('y', 0.5, 70, 0.2, 0.3)], weights);
    expect(result.map((r) => [r.classId, r.rank, r.grade, r.fitted])).toEqual([
      ['x', 1, '中', null],
      ['y', 1, '中', null],
    ]);
    expect(result[0]!.wrsr).toBe(0.75);
    expect(result[0]!.probit).toBeCloseTo(5 + 1.1503493803760083, 12); // Φ⁻¹(0.875)
  });

  it('handles a single class and no classes', () => {
    // n = 1: rank 1 everywhere, WRSR 1, p = 1 − 1/4 = 0.75 → probit 5.6745.
    const [only] = classRSR([row('x', 0.5, 70, 0.2, 0.3)], weights);
    expect(only).toMatchObject({ classId: 'x', wrsr: 1, fitted: null, grade: '中', rank: 1 });
    expect(only!.probit).toBeCloseTo(5 + 0.6744897501960817, 12);
    expect(classRSR([], weights)).toEqual([]);
  });
});
