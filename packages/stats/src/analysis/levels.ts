import { hundredths, millionths } from './compare.ts';
import { rankCompetition } from './positions.ts';

/** A level of a 等级赋分 scheme (the contracts' examLevelSchema): its own share and its score range [low, high]. */
export interface LevelBand {
  name: string;
  share: number;
  high: number;
  low: number;
}

/**
 * 等级赋分 (analysis-definitions.md), in input order without per-student objects: `level[i]` indexes `levels`,
 * `score[i]` is the integer level score.
 * - Level: the first level whose cumulative share is ≥ competition rank / N, compared exactly in millionths;
 *   tied students share the best rank of their group, so ties go up. Anyone past the last cumulative share
 *   (shares adding up to less than 1) takes the last level.
 * - Score: T = T1 + (T2 − T1)(Y − Y1)/(Y2 − Y1), Y1/Y2 the lowest/highest raw score in the level, T = T2 when
 *   Y1 = Y2, rounded half up to an integer. Computed on integers (hundredths), so 85.5 never becomes
 *   85.49999999999999 and rounds down.
 */
export function levelScores(
  scores: Float64Array,
  levels: readonly LevelBand[],
): { level: Uint8Array; score: Float64Array } {
  if (levels.length === 0 || levels.length > 255) throw new RangeError('a level scheme needs 1 to 255 levels');
  const n = scores.length;
  const cumulative = new Float64Array(levels.length);
  let running = 0;
  levels.forEach((band, j) => {
    running += millionths(band.share);
    cumulative[j] = running;
  });
  const ranks = rankCompetition(scores);
  const level = new Uint8Array(n);
  const lowest = new Float64Array(levels.length).fill(Number.POSITIVE_INFINITY);
  const highest = new Float64Array(levels.length).fill(Number.NEGATIVE_INFINITY);
  const last = levels.length - 1;
  for (let i = 0; i < n; i++) {
    const scaled = ranks[i]! * 1e6;
    let j = 0;
    while (j < last && scaled > cumulative[j]! * n) j++;
    level[i] = j;
    const y = hundredths(scores[i]!);
    if (y < lowest[j]!) lowest[j] = y;
    if (y > highest[j]!) highest[j] = y;
  }
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const j = level[i]!;
    const band = levels[j]!;
    const y1 = lowest[j]!;
    const spread = highest[j]! - y1;
    const lowH = hundredths(band.low);
    const highH = hundredths(band.high);
    // T in hundredths = lowH + (highH − lowH)·dy/spread; half up to an integer T: ⌊(2·100T·spread + 100·spread) / (200·spread)⌋.
    const numerator = spread === 0 ? highH : lowH * spread + (highH - lowH) * (hundredths(scores[i]!) - y1);
    const denominator = spread === 0 ? 1 : spread;
    score[i] = Math.floor((2 * numerator + 100 * denominator) / (200 * denominator));
  }
  return { level, score };
}
