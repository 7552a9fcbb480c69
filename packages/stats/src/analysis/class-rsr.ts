import { byKeyDescending, type ClassIndicators, doubledAverageRanks, ranksDescending } from './class-evaluation.ts';
import { millionths } from './compare.ts';
import { normalQuantile } from './normal.ts';

export interface RSRRow {
  classId: string;
  wrsr: number;
  probit: number;
  /** WRSR on the fitted line a + b·Probit; null when fewer than 2 distinct WRSR leave nothing to fit. */
  fitted: number | null;
  grade: '上' | '中' | '下';
  rank: number;
}

export interface RSRWeights {
  standardRateWeight: number;
  averageScoreWeight: number;
  secsARateWeight: number;
  secsBRateWeight: number;
}

/**
 * classRSRSet, the weighted rank-sum ratio (秩和比法):
 * 1. each indicator ranked over the classes, best = n, ties the average rank;
 * 2. WRSR = Σ w·R / n — kept as the exact integer Σ (w in millionths)·(2R), so ties are exact;
 * 3. distinct WRSR ascending with their frequency: p = average rank / n (average of the ranks the group spans),
 *    the last p replaced by 1 − 1/(4n); Probit = 5 + Φ⁻¹(p);
 * 4. WRSR = a + b·Probit by least squares over the distinct rows (the frequency table, one point per value);
 * 5. grade on the fitted value with the fitted cut points at Probit 4 and 6: < a+4b 下, < a+6b 中, else 上.
 * With fewer than 2 distinct WRSR there is no fit: fitted null and every class 中 (nothing tells them apart).
 * Rows sorted by WRSR, highest first, ranked 1, 1, 3.
 */
export function classRSR(ind: readonly ClassIndicators[], w: RSRWeights): RSRRow[] {
  const n = ind.length;
  if (n === 0) return [];
  const indicators: [number, number[]][] = [
    [w.standardRateWeight, ind.map((c) => c.standardRate)],
    [w.averageScoreWeight, ind.map((c) => c.averageScore)],
    [w.secsARateWeight, ind.map((c) => c.secsARate)],
    [w.secsBRateWeight, ind.map((c) => c.secsBRate)],
  ];
  const key = new Array<number>(n).fill(0);
  for (const [weight, values] of indicators) {
    const doubled = doubledAverageRanks(values);
    const micro = millionths(weight);
    for (let c = 0; c < n; c++) key[c]! += micro * doubled[c]!;
  }
  const wrsr = key.map((k) => k / (2e6 * n));

  // The frequency table: distinct keys ascending with their frequency, each with its probit.
  const frequency = new Map<number, number>();
  for (const k of key) frequency.set(k, (frequency.get(k) ?? 0) + 1);
  const distinct = [...frequency.keys()].sort((a, b) => a - b);
  const probitOf = new Map<number, number>();
  let cumulative = 0;
  distinct.forEach((value, g) => {
    const f = frequency.get(value)!;
    const averageRank = cumulative + (f + 1) / 2;
    cumulative += f;
    const p = g === distinct.length - 1 ? 1 - 1 / (4 * n) : averageRank / n;
    probitOf.set(value, 5 + normalQuantile(p));
  });

  const fit =
    distinct.length < 2
      ? null
      : leastSquares(
          distinct.map((k) => probitOf.get(k)!),
          distinct.map((k) => k / (2e6 * n)),
        );
  const ranks = ranksDescending(key);
  const rows = ind.map((c, i): RSRRow => {
    const probit = probitOf.get(key[i]!)!;
    const rank = ranks[i]!;
    if (fit === null) return { classId: c.classId, wrsr: wrsr[i]!, probit, fitted: null, grade: '中', rank };
    const fitted = fit.a + fit.b * probit;
    const grade = fitted < fit.a + fit.b * 4 ? '下' : fitted < fit.a + fit.b * 6 ? '中' : '上';
    return { classId: c.classId, wrsr: wrsr[i]!, probit, fitted, grade, rank };
  });
  return byKeyDescending(rows, (row) => row.wrsr);
}

/** y = a + b·x by ordinary least squares (x has spread: distinct probits are distinct). */
function leastSquares(x: readonly number[], y: readonly number[]): { a: number; b: number } {
  const n = x.length;
  const meanX = x.reduce((s, v) => s + v, 0) / n;
  const meanY = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - meanX) * (y[i]! - meanY);
    sxx += (x[i]! - meanX) * (x[i]! - meanX);
  }
  const b = sxy / sxx;
  return { a: meanY - b * meanX, b };
}
