import { hundredths } from './compare.ts';
import { pearson } from './items.ts';
import { meanAndSd } from './summary.ts';

/** 信度 (analysis-definitions.md "Items"): Cronbach's α and the odd/even split half. */

function checkItems(items: readonly Float64Array[]): number {
  const n = items[0]?.length ?? 0;
  for (const item of items) if (item.length !== n) throw new RangeError('every item needs one score per student');
  return n;
}

/** Σ of the chosen items per student in hundredths: exact integers, so equal sums are equal doubles. */
function hundredthSums(items: readonly Float64Array[], n: number, pick: (index: number) => boolean): Float64Array {
  const sums = new Float64Array(n);
  items.forEach((item, index) => {
    if (!pick(index)) return;
    for (let i = 0; i < n; i++) sums[i]! += hundredths(item[i]!);
  });
  return sums;
}

/** Hundredths back to points, in place. */
function inPoints(sums: Float64Array): Float64Array {
  for (let i = 0; i < sums.length; i++) sums[i]! /= 100;
  return sums;
}

/** The odd items are the 1st, 3rd, … in paper order (positions 0, 2, …). */
const oddItem = (index: number) => index % 2 === 0;
const evenItem = (index: number) => index % 2 === 1;

function variance(values: Float64Array): number {
  const stats = meanAndSd(values);
  return stats === null ? 0 : stats.sd * stats.sd;
}

/** α from its parts; a total without spread (everyone the same total) → null. */
function alphaOf(k: number, itemVarianceSum: number, totalVariance: number): number | null {
  return totalVariance === 0 ? null : (k / (k - 1)) * (1 - itemVarianceSum / totalVariance);
}

/** Spearman–Brown 2r/(1+r); r undefined (a half without spread) or −1 → null. */
function steppedUp(r: number | null): number | null {
  return r === null || r === -1 ? null : (2 * r) / (1 + r);
}

/**
 * Raw Cronbach's α = k/(k−1)·(1 − Σ item variances / total variance), population variances (the N cancels).
 * `totals` must be each student's sum of these items if given (it saves a pass). Fewer than 2 items, no
 * students, or a total without spread (everyone the same total) → null.
 */
export function cronbachAlpha(items: readonly Float64Array[], totals?: Float64Array): number | null {
  const k = items.length;
  if (k < 2) return null;
  const n = checkItems(items);
  if (n === 0) return null;
  if (totals !== undefined && totals.length !== n) throw new RangeError('totals need one value per student');
  const totalVariance = variance(totals ?? inPoints(hundredthSums(items, n, () => true)));
  let itemVariances = 0;
  for (const item of items) itemVariances += variance(item);
  return alphaOf(k, itemVariances, totalVariance);
}

/**
 * Split-half reliability: r between the sums of the odd items (1st, 3rd, … in paper order) and the even ones,
 * stepped up by Spearman–Brown 2r/(1+r). With odd k the odd half has one item more and no length correction
 * is made. Fewer than 2 items, a half without spread (r undefined) or r = −1 → null.
 */
export function splitHalfReliability(items: readonly Float64Array[]): number | null {
  if (items.length < 2) return null;
  const n = checkItems(items);
  return steppedUp(pearson(inPoints(hundredthSums(items, n, oddItem)), inPoints(hundredthSums(items, n, evenItem))));
}

/**
 * α and the split half of one paper together, as cronbachAlpha and splitHalfReliability give them,
 * with the items' variances the caller already has (item i's population variance, as meanAndSd's
 * sd²): the odd and even sums are made once and the total is their sum (integers of hundredths, so
 * exactly the total cronbachAlpha would make).
 */
export function paperReliability(
  items: readonly Float64Array[],
  itemVariances: readonly number[],
): { alpha: number | null; splitHalf: number | null } {
  const k = items.length;
  if (k < 2) return { alpha: null, splitHalf: null };
  const n = checkItems(items);
  if (itemVariances.length !== k) throw new RangeError('one variance per item');
  const odd = hundredthSums(items, n, oddItem);
  const even = hundredthSums(items, n, evenItem);
  const totals = new Float64Array(n);
  for (let i = 0; i < n; i++) totals[i] = (odd[i]! + even[i]!) / 100;
  let itemVarianceSum = 0;
  for (const v of itemVariances) itemVarianceSum += v;
  return {
    alpha: alphaOf(k, itemVarianceSum, variance(totals)),
    splitHalf: steppedUp(pearson(inPoints(odd), inPoints(even))),
  };
}
