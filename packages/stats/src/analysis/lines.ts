import { ceilShare, hundredths } from './compare.ts';
import { sortedCopy } from './order.ts';
import { compensatedSum } from './summary.ts';

/** 上线, 有效分, 临界生, 学科贡献率 and 偏科 (analysis-definitions.md "Lines and critical students"). */

/** The k-th highest value (1-based, k ≤ n). */
function kthHighest(scores: Float64Array, k: number): number {
  const sorted = sortedCopy(scores);
  return sorted[sorted.length - k]!;
}

/**
 * The line: a score as set, or (kind rate) the score of the student at rank ⌈p·N⌉ in descending order, the
 * rank clamped to N. A rate line over nobody, or with ⌈p·N⌉ = 0, has no score: null.
 */
export function lineScore(scores: Float64Array, line: { kind: 'score' | 'rate'; value: number }): number | null {
  if (line.kind === 'score') return line.value;
  const n = scores.length;
  const rank = Math.min(n, ceilShare(line.value, n));
  return rank <= 0 ? null : kthHighest(scores, rank);
}

/** M = the number of totals on the line (total ≥ line, in hundredths). */
export function onLineCount(totals: Float64Array, line: number): number {
  const lineH = hundredths(line);
  let count = 0;
  for (let i = 0; i < totals.length; i++) if (hundredths(totals[i]!) >= lineH) count++;
  return count;
}

/**
 * The line rank L of 临界生 by rank (analysis-definitions.md): for a rate line L = ⌈p·N⌉, the rank that
 * defines the line, whatever ties follow it (clamped to N); for a score line L = M, the number of students
 * on the line. N is the population's size, M its count on the line (`onLineCount`).
 */
export function criticalLineRank(line: { kind: 'score' | 'rate'; value: number }, n: number, m: number): number {
  return line.kind === 'rate' ? Math.min(n, ceilShare(line.value, n)) : m;
}

/**
 * 有效分 (same-proportion method): the score of the M-th student in the subject's descending order, M the
 * number on the total line, clamped to the subject's N. M = 0 or nobody sat the subject → null.
 */
export function effectiveScore(subjectScores: Float64Array, m: number): number | null {
  const n = subjectScores.length;
  if (m <= 0 || n === 0) return null;
  return kthHighest(subjectScores, Math.min(m, n));
}

export interface LineHits {
  /** 总分上线: students with total ≥ line. */
  lineCount: number;
  /** 单上线: subject ≥ its effective score. */
  single: number;
  /** 双上线: single and on the total line. */
  double: number;
  /** 贡献率 = double / lineCount. */
  contribution: number | null;
  /** 命中率 = double / single. */
  hitRate: number | null;
}

/**
 * One subject against one line; `subject[i]` and `totals[i]` are the same student (the subject's population).
 * Without an effective score nobody is 单上线.
 */
export function lineHits(
  subject: Float64Array,
  totals: Float64Array,
  line: number,
  effective: number | null,
): LineHits {
  if (subject.length !== totals.length) throw new RangeError('subject and totals differ in length');
  const lineH = hundredths(line);
  const effectiveH = effective === null ? Number.POSITIVE_INFINITY : hundredths(effective);
  let lineCount = 0;
  let single = 0;
  let double = 0;
  for (let i = 0; i < totals.length; i++) {
    const onLine = hundredths(totals[i]!) >= lineH;
    const reaches = hundredths(subject[i]!) >= effectiveH;
    if (onLine) lineCount++;
    if (reaches) single++;
    if (onLine && reaches) double++;
  }
  return {
    lineCount,
    single,
    double,
    contribution: lineCount === 0 ? null : double / lineCount,
    hitRate: single === 0 ? null : double / single,
  };
}

export interface CriticalRule {
  mode: 'score' | 'rank';
  below: number;
  above: number;
  rankBand: number;
}

/**
 * 临界生: by score line − below ≤ total < line + above; by rank |rank − line rank| ≤ rankBand. The side is
 * 'above' when the student is on the line (total ≥ line), else 'below'; null when not critical.
 */
export function criticalSide(
  total: number,
  rank: number,
  line: number,
  lineRank: number,
  rule: CriticalRule,
): 'above' | 'below' | null {
  const totalH = hundredths(total);
  const lineH = hundredths(line);
  const critical =
    rule.mode === 'score'
      ? totalH >= lineH - hundredths(rule.below) && totalH < lineH + hundredths(rule.above)
      : Math.abs(rank - lineRank) <= rule.rankBand;
  if (!critical) return null;
  return totalH >= lineH ? 'above' : 'below';
}

/** 学科贡献率 (mean version): each subject's mean / the sum of all subjects' means; a zero sum → null. */
export function subjectContribution(means: readonly number[]): number[] | null {
  const sum = compensatedSum(means);
  if (means.length === 0 || sum === 0) return null;
  return means.map((mean) => mean / sum);
}

/**
 * 偏科 of one student from their subject Zs: spread = population SD of the Zs, weakest / strongest = index of
 * the lowest / highest Z (the first on ties), flagged when highest − lowest ≥ threshold. < 2 subjects → null.
 */
export function imbalance(
  zs: readonly number[],
  threshold: number,
): { spread: number; weakest: number; strongest: number; flagged: boolean } | null {
  if (zs.length < 2) return null;
  let weakest = 0;
  let strongest = 0;
  zs.forEach((z, i) => {
    if (z < zs[weakest]!) weakest = i;
    if (z > zs[strongest]!) strongest = i;
  });
  let mean = 0;
  for (const z of zs) mean += z;
  mean /= zs.length;
  let squares = 0;
  for (const z of zs) squares += (z - mean) * (z - mean);
  const spread = zs[strongest] === zs[weakest] ? 0 : Math.sqrt(squares / zs.length);
  return { spread, weakest, strongest, flagged: zs[strongest]! - zs[weakest]! >= threshold };
}
