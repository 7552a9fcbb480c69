/**
 * 名次 (analysis-definitions.md): competition ranking, rank = 1 + the number of strictly higher
 * scores (1, 1, 3); dense ranking (1, 1, 2, 中国式排名) as a display option. `null` (absent) gets no
 * rank and does not count. Returns ranks in the input order.
 */
export function competitionRanks(scores: readonly (number | null)[]): (number | null)[] {
  const present = scores.filter((s): s is number => s !== null).sort((a, b) => b - a);
  const firstIndex = new Map<number, number>();
  present.forEach((score, index) => {
    if (!firstIndex.has(score)) firstIndex.set(score, index);
  });
  return scores.map((s) => (s === null ? null : firstIndex.get(s)! + 1));
}

export function denseRanks(scores: readonly (number | null)[]): (number | null)[] {
  const distinct = [...new Set(scores.filter((s): s is number => s !== null))].sort((a, b) => b - a);
  const position = new Map(distinct.map((score, index) => [score, index + 1]));
  return scores.map((s) => (s === null ? null : position.get(s)!));
}
