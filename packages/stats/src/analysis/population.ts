import { hundredths } from './compare.ts';

/**
 * The population of one subject (analysis-definitions.md "Population"): absent students (null, undefined or
 * NaN) are left out of every statistic; a zero is a real score unless the exam's "also exclude zero scores"
 * setting is on. `index[i]` is the input position of population member i, so results map back to students.
 */
export function presentScores(
  scores: ArrayLike<number | null | undefined>,
  options: { excludeZero?: boolean } = {},
): { scores: Float64Array; index: Int32Array } {
  const excludeZero = options.excludeZero === true;
  const index = new Int32Array(scores.length);
  let n = 0;
  for (let i = 0; i < scores.length; i++) {
    const x = scores[i];
    if (x === null || x === undefined || Number.isNaN(x)) continue;
    if (excludeZero && hundredths(x) === 0) continue;
    index[n++] = i;
  }
  const present = new Float64Array(n);
  for (let i = 0; i < n; i++) present[i] = scores[index[i]!] as number;
  return { scores: present, index: index.slice(0, n) };
}
