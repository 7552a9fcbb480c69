import { assertPositive, hundredths } from './compare.ts';

/** One score segment [low, high) — [low, high] for the top one — with its counts from the top. */
export interface Segment {
  low: number;
  high: number;
  /** Only the top segment includes its upper end (the full mark). */
  closedTop: boolean;
  count: number;
  /** Students in this segment and every segment above it. */
  cumulative: number;
  share: number;
  cumulativeShare: number;
}

/**
 * 分数段 (analysis-definitions.md): intervals [a, a + w) from 0, the top one closed at F, listed from the top.
 * F = 100, w = 30 → [90,100], [60,90), [30,60), [0,30). Membership is decided in hundredths, so 89.99999999
 * from drift cannot fall out of [90,100]. A score above F counts in the top segment and one below 0 in the
 * bottom one, so the counts always add up to N. An empty population still lists its segments, with 0 shares.
 */
export function scoreSegments(scores: Float64Array, fullMark: number, width: number): Segment[] {
  assertPositive(fullMark, 'fullMark');
  assertPositive(width, 'width');
  const fullH = hundredths(fullMark);
  const widthH = hundredths(width);
  const segmentCount = Math.ceil(fullH / widthH);
  const counts = new Int32Array(segmentCount);
  for (let i = 0; i < scores.length; i++) {
    const index = Math.floor(hundredths(scores[i]!) / widthH);
    counts[index < 0 ? 0 : index >= segmentCount ? segmentCount - 1 : index]!++;
  }
  const n = scores.length;
  const segments: Segment[] = [];
  let cumulative = 0;
  for (let index = segmentCount - 1; index >= 0; index--) {
    const count = counts[index]!;
    cumulative += count;
    const top = index === segmentCount - 1;
    segments.push({
      low: (index * widthH) / 100,
      high: top ? fullMark : ((index + 1) * widthH) / 100,
      closedTop: top,
      count,
      cumulative,
      share: n === 0 ? 0 : count / n,
      cumulativeShare: n === 0 ? 0 : cumulative / n,
    });
  }
  return segments;
}
