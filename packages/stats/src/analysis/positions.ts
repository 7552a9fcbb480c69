import { millionths } from './compare.ts';
import { sortedCopy } from './order.ts';

/**
 * 名次 and positions (analysis-definitions.md "Ranks and positions"), for the whole population at once: one
 * sort of a copy, then two binary searches per student, no per-student objects. Equal means equal as doubles:
 * pass totals built with sumScores so drift cannot split a tie.
 */

/** Number of values < x in an ascending array. */
function countBelow(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of values ≤ x in an ascending array. */
function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The distinct values of an ascending array, ascending. */
function distinctOf(sorted: Float64Array): Float64Array {
  const distinct = new Float64Array(sorted.length);
  let d = 0;
  for (let i = 0; i < sorted.length; i++) {
    const x = sorted[i]!;
    if (d === 0 || distinct[d - 1]! !== x) distinct[d++] = x;
  }
  return distinct.subarray(0, d);
}

/**
 * Every position of every student, in input order, from one sort:
 * - competition: 1 + number strictly higher (1, 1, 3);
 * - dense: 1 + number of distinct higher scores (1, 1, 2, 中国式排名);
 * - percentile (PR, a fraction): (strictly below + ½·equal, the student included) / N;
 * - below (超过了 X% 的同学, a fraction): strictly below / N.
 */
export function positions(scores: Float64Array): {
  competition: Int32Array;
  dense: Int32Array;
  percentile: Float64Array;
  below: Float64Array;
} {
  const n = scores.length;
  const sorted = sortedCopy(scores);
  const distinct = distinctOf(sorted);
  const competition = new Int32Array(n);
  const dense = new Int32Array(n);
  const percentile = new Float64Array(n);
  const below = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = scores[i]!;
    const lower = countBelow(sorted, x);
    const atMost = countAtMost(sorted, x);
    competition[i] = 1 + n - atMost;
    dense[i] = distinct.length - countBelow(distinct, x);
    percentile[i] = (lower + (atMost - lower) / 2) / n;
    below[i] = lower / n;
  }
  return { competition, dense, percentile, below };
}

/** Competition ranks (1, 1, 3) in input order. */
export function rankCompetition(scores: Float64Array): Int32Array {
  const n = scores.length;
  const sorted = sortedCopy(scores);
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = 1 + n - countAtMost(sorted, scores[i]!);
  return ranks;
}

/** Dense ranks (1, 1, 2) in input order. */
export function rankDense(scores: Float64Array): Int32Array {
  const distinct = distinctOf(sortedCopy(scores));
  const ranks = new Int32Array(scores.length);
  for (let i = 0; i < scores.length; i++) ranks[i] = distinct.length - countBelow(distinct, scores[i]!);
  return ranks;
}

/** 百分等级 PR as a fraction: (strictly below + half of those equal, the student included) / N. */
export function percentileRanks(scores: Float64Array): Float64Array {
  return positions(scores).percentile;
}

/** Share of the population strictly below each student ("超过了 X% 的同学"), a fraction. */
export function shareBelow(scores: Float64Array): Float64Array {
  const n = scores.length;
  const sorted = sortedCopy(scores);
  const below = new Float64Array(n);
  for (let i = 0; i < n; i++) below[i] = countBelow(sorted, scores[i]!) / n;
  return below;
}

/** Z = (x − mean)/σ over the reference population; a population without spread puts everyone at 0. */
export function zScore(x: number, mean: number, sd: number): number {
  return sd === 0 ? 0 : (x - mean) / sd;
}

/** T = 50 + 10·Z. */
export function tScore(z: number): number {
  return 50 + 10 * z;
}

/** Class T = 50 + 10·(class mean − grade mean)/σ_grade; 50 when the grade has no spread. */
export function classTScore(classMean: number, gradeMean: number, gradeSd: number): number {
  return tScore(zScore(classMean, gradeMean, gradeSd));
}

/** 进退步 = previous rank − current rank (positive = progress). */
export function rankProgress(previousRank: number, currentRank: number): number {
  return previousRank - currentRank;
}

/**
 * The band of a competition rank: the index of the first band whose cumulative share (fractions, ascending)
 * is at least rank/n, compared exactly (rank·10⁶ ≤ share in millionths · n). Tied students share the best
 * rank of their group, so a tie across a boundary goes up. Past the last cumulative share → the last band.
 */
export function bandOfRank(rank: number, n: number, cumulativeShares: readonly number[]): number {
  const scaled = rank * 1e6;
  for (let band = 0; band < cumulativeShares.length; band++) {
    if (scaled <= millionths(cumulativeShares[band]!) * n) return band;
  }
  return cumulativeShares.length - 1;
}
