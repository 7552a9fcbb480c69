import { assertPositive, ceilShare } from './compare.ts';
import { rankCompetition, tScore, zScore } from './positions.ts';
import { meanAndSd } from './summary.ts';

/** Class evaluation (analysis-definitions.md "Class evaluation", spec §3 classECSet / classRSRSet). */

export interface ClassIndicators {
  classId: string;
  /** 达标率: share of the class with T ≥ standardScore. */
  standardRate: number;
  /** Class mean / F. */
  averageRate: number;
  /** Class mean. */
  averageScore: number;
  /** Share of the class in the grade's top secsA by rank. */
  secsARate: number;
  /** Share of the class in the grade's (secsA, secsB] band by rank. */
  secsBRate: number;
  /** Class σ / F. */
  variance: number;
}

/**
 * The indicators of every class (in order of first appearance) against the whole input, which is the school
 * grade (or area). T comes from the grade's mean and σ (σ = 0 → T = 50). Rank bands use the grade's
 * competition ranks: in secsA when rank ≤ ⌈secsA·N⌉, in secsB when ⌈secsA·N⌉ < rank ≤ ⌈secsB·N⌉ (the
 * ceilings exact), ties going up.
 */
export function classIndicators(input: {
  classIds: readonly string[];
  scores: Float64Array;
  fullMark: number;
  standardScore: number;
  bands: { secsA: number; secsB: number };
}): ClassIndicators[] {
  const { classIds, scores, fullMark, standardScore } = input;
  assertPositive(fullMark, 'fullMark');
  const n = scores.length;
  if (classIds.length !== n) throw new RangeError('classIds need one entry per student');
  const grade = meanAndSd(scores);
  if (grade === null) return [];
  const ranks = rankCompetition(scores);
  const bandA = ceilShare(input.bands.secsA, n);
  const bandB = ceilShare(input.bands.secsB, n);
  const ids: string[] = [];
  const slotOf = new Map<string, number>();
  const member = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const id = classIds[i]!;
    let slot = slotOf.get(id);
    if (slot === undefined) {
      slot = ids.length;
      slotOf.set(id, slot);
      ids.push(id);
    }
    member[i] = slot;
  }
  const classes = ids.length;
  const size = new Int32Array(classes);
  const standard = new Int32Array(classes);
  const secsA = new Int32Array(classes);
  const secsB = new Int32Array(classes);
  for (let i = 0; i < n; i++) {
    const c = member[i]!;
    size[c]!++;
    if (tScore(zScore(scores[i]!, grade.mean, grade.sd)) >= standardScore) standard[c]!++;
    if (ranks[i]! <= bandA) secsA[c]!++;
    else if (ranks[i]! <= bandB) secsB[c]!++;
  }
  // Each class's own scores, gathered once, for its mean and σ.
  const start = new Int32Array(classes + 1);
  for (let c = 0; c < classes; c++) start[c + 1] = start[c]! + size[c]!;
  const fill = start.slice(0, classes);
  const grouped = new Float64Array(n);
  for (let i = 0; i < n; i++) grouped[fill[member[i]!]!++] = scores[i]!;
  return ids.map((classId, c) => {
    const own = meanAndSd(grouped.subarray(start[c]!, start[c + 1]!))!;
    const count = size[c]!;
    return {
      classId,
      standardRate: standard[c]! / count,
      averageRate: own.mean / fullMark,
      averageScore: own.mean,
      secsARate: secsA[c]! / count,
      secsBRate: secsB[c]! / count,
      variance: own.sd / fullMark,
    };
  });
}

/** Competition ranks of values, highest first (1 + number strictly higher), from one sort. */
export function ranksDescending(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[b]! - values[a]!);
  const ranks = new Array<number>(values.length);
  order.forEach((index, position) => {
    const previous = order[position - 1];
    ranks[index] = previous !== undefined && values[previous] === values[index] ? ranks[previous]! : position + 1;
  });
  return ranks;
}

/** Sorts rows by a key descending, keeping input order among equals. */
export function byKeyDescending<T>(rows: T[], key: (row: T) => number): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => key(b.row) - key(a.row) || a.i - b.i)
    .map(({ row }) => row);
}

/**
 * classECSet: EC = standardRate·w + averageRate·w + secsARate·w + secsBRate·w + variance·varianceWeight (the
 * setting's varianceWeight is −0.1, so a larger spread lowers EC). Sorted by EC, highest first, ranked 1, 1, 3.
 */
export function classEC(
  ind: readonly ClassIndicators[],
  w: {
    standardRateWeight: number;
    averageRateWeight: number;
    secsARateWeight: number;
    secsBRateWeight: number;
    varianceWeight: number;
  },
): { classId: string; ec: number; rank: number }[] {
  const ec = ind.map(
    (c) =>
      w.standardRateWeight * c.standardRate +
      w.averageRateWeight * c.averageRate +
      w.secsARateWeight * c.secsARate +
      w.secsBRateWeight * c.secsBRate +
      w.varianceWeight * c.variance,
  );
  const ranks = ranksDescending(ec);
  return byKeyDescending(
    ind.map((c, i) => ({ classId: c.classId, ec: ec[i]!, rank: ranks[i]! })),
    (row) => row.ec,
  );
}

/** Twice the average ranks of values, ascending (the lowest gets 1, the best n; ties share the average). */
export function doubledAverageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const doubled = new Array<number>(values.length);
  for (let first = 0; first < order.length; ) {
    let end = first;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[first]!]) end++;
    for (let k = first; k <= end; k++) doubled[order[k]!] = first + end + 2;
    first = end + 1;
  }
  return doubled;
}
