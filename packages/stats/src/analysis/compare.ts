/**
 * The exact comparisons every analysis figure uses (analysis-definitions.md: "Compare exactly (100·x ≥ pct·F),
 * never with a floating product"). Scores carry at most 2 decimals (the score input refuses more), so a score
 * is an integer number of hundredths; comparing those integers keeps float drift (0.03 + 0.29 =
 * 0.31999999999999995) from moving a student across a threshold.
 */

/** A score in hundredths, as an exact integer. */
export function hundredths(x: number): number {
  return Math.round(x * 100);
}

/** x ≥ y for two scores, compared in hundredths. */
export function atLeast(x: number, y: number): boolean {
  return hundredths(x) >= hundredths(y);
}

/**
 * 100·x ≥ pct·F, exactly: with X, P, G the hundredths of x, pct and F it is 10000·X ≥ P·G, a comparison of
 * integers well below 2^53 (scores ≤ 1,000,000, percentages ≤ 100).
 */
export function reachesPercent(x: number, pct: number, fullMark: number): boolean {
  return 10000 * hundredths(x) >= percentProduct(pct, fullMark);
}

/** P·G of `reachesPercent`, for loops that compare many scores with one threshold. */
export function percentProduct(pct: number, fullMark: number): number {
  return hundredths(pct) * hundredths(fullMark);
}

/** A share (fraction) in millionths, as an exact integer: 0.27 → 270000. */
export function millionths(share: number): number {
  return Math.round(share * 1e6);
}

/** ⌈share·n⌉ computed exactly (0.07·100 is 7.000000000000001 in floats, whose ceiling would be 8). */
export function ceilShare(share: number, n: number): number {
  return Math.ceil((millionths(share) * n) / 1e6);
}

/** A full mark or interval width must be positive: anything else is a caller's mistake, not data. */
export function assertPositive(value: number, what: string): void {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${what} must be a positive number, got ${value}`);
}
