import { assertPositive, hundredths, percentProduct } from './compare.ts';
import { sortedCopy } from './order.ts';

/** Rate thresholds as percentages of the full mark (analysis-definitions.md defaults 85, 70, 60, 40). */
export interface RateThresholds {
  excellent: number;
  good: number;
  pass: number;
  low: number;
}

/** The basic figures of one population (analysis-definitions.md "Basic"); rates are fractions. */
export interface Summary {
  count: number;
  sum: number;
  mean: number;
  max: number;
  min: number;
  /** Population standard deviation √(Σ(x − mean)² / N). */
  sd: number;
  /** 得分率 = mean / F (the paper's 难度 when the population is the grade). */
  scoreRate: number;
  excellentCount: number;
  goodCount: number;
  passCount: number;
  lowCount: number;
  /** 良好 band: good ≤ x < excellent. */
  goodBandCount: number;
  excellentRate: number;
  goodRate: number;
  passRate: number;
  lowRate: number;
  goodBandRate: number;
  /** Box-plot quartiles, type 7 (Excel QUARTILE.INC): see stats-decisions. */
  median: number;
  q1: number;
  q3: number;
}

/**
 * Neumaier-compensated sum: the mean of 100,000 scores stays exact to the last bit instead of drifting with
 * the order of addition, so two classes with the same scores get the same mean.
 */
export function compensatedSum(values: ArrayLike<number>): number {
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    const t = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return sum + compensation;
}

/**
 * Mean and population SD in two passes. When every value is the same the SD is exactly 0 and the mean is that
 * value (a computed mean like 3·0.1/3 would otherwise leave a 1e-17 "spread" and nonsense Z scores).
 */
export function meanAndSd(values: Float64Array): { mean: number; sd: number } | null {
  const n = values.length;
  if (n === 0) return null;
  let min = values[0]!;
  let max = min;
  for (let i = 1; i < n; i++) {
    const x = values[i]!;
    if (x < min) min = x;
    else if (x > max) max = x;
  }
  if (min === max) return { mean: min, sd: 0 };
  const mean = compensatedSum(values) / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    squares += d * d;
  }
  return { mean, sd: Math.sqrt(squares / n) };
}

/** Type-7 quantile (linear interpolation between order statistics) of an ascending array; empty → null. */
export function quantileSorted(sortedAsc: Float64Array, q: number): number | null {
  const n = sortedAsc.length;
  if (n === 0) return null;
  const h = (n - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(h);
  const below = sortedAsc[lo]!;
  if (lo + 1 >= n) return below;
  return below + (h - lo) * (sortedAsc[lo + 1]! - below);
}

/**
 * Count, mean, extremes, SD, 得分率, the cumulative rates (x ≥ pct·F, exactly), the 良好 band, 低分 (x < low·F)
 * and the box-plot quartiles. An empty population has no figures: null.
 */
export function summarise(scores: Float64Array, fullMark: number, thresholds: RateThresholds): Summary | null {
  assertPositive(fullMark, 'fullMark');
  const stats = meanAndSd(scores);
  if (stats === null) return null;
  const n = scores.length;
  const excellent = percentProduct(thresholds.excellent, fullMark);
  const good = percentProduct(thresholds.good, fullMark);
  const pass = percentProduct(thresholds.pass, fullMark);
  const low = percentProduct(thresholds.low, fullMark);
  let excellentCount = 0;
  let goodCount = 0;
  let passCount = 0;
  let lowCount = 0;
  let goodBandCount = 0;
  for (let i = 0; i < n; i++) {
    const x = 10000 * hundredths(scores[i]!);
    const isExcellent = x >= excellent;
    const isGood = x >= good;
    if (isExcellent) excellentCount++;
    if (isGood) goodCount++;
    if (isGood && !isExcellent) goodBandCount++;
    if (x >= pass) passCount++;
    if (x < low) lowCount++;
  }
  const sorted = sortedCopy(scores);
  return {
    count: n,
    sum: compensatedSum(scores),
    mean: stats.mean,
    max: sorted[n - 1]!,
    min: sorted[0]!,
    sd: stats.sd,
    scoreRate: stats.mean / fullMark,
    excellentCount,
    goodCount,
    passCount,
    lowCount,
    goodBandCount,
    excellentRate: excellentCount / n,
    goodRate: goodCount / n,
    passRate: passCount / n,
    lowRate: lowCount / n,
    goodBandRate: goodBandCount / n,
    median: quantileSorted(sorted, 0.5)!,
    q1: quantileSorted(sorted, 0.25)!,
    q3: quantileSorted(sorted, 0.75)!,
  };
}

/** 超均率 = (unit mean − parent mean) / parent mean; undefined (null) when the parent mean is 0. */
export function overMeanRate(unitMean: number, parentMean: number): number | null {
  if (parentMean === 0) return null;
  return (unitMean - parentMean) / parentMean;
}
