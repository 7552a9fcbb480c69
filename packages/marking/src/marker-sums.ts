import { MarkingInputError } from './errors.ts';

// The monitors of a 联考 题块 cannot load 200,000 marks to call markerQuality, so the database adds
// up per (marker, histogram bin) and this folds the sums into the same figures (marking.md
// "Quality", "Drift"). Scores in points; shares in [0, 1]; null where nothing is counted yet.

/** Additive sums over one marker's entries in one histogram bin (all of them for `bin`). */
export interface MarkerSums {
  markerId: string;
  bin: number;
  n: number;
  sumTotal: number;
  sumSquares: number;
  zero: number;
  full: number;
  seconds: number;
  paired: number;
  /** (paper, question) pairs compared with the other blind mark, and how many were within T / equal. */
  compared: number;
  within: number;
  exact: number;
  toFinalSum: number;
  toFinalCount: number;
  third: number;
  arbitration: number;
  /** The same over the marker's latest entries (the drift window). */
  recentN: number;
  recentSum: number;
  recentCompared: number;
  recentWithin: number;
}

export interface MarkerFigures {
  markerId: string;
  count: number;
  mean: number | null;
  sd: number | null;
  zeroShare: number | null;
  fullShare: number | null;
  secondsPerPaper: number | null;
  pairedPapers: number;
  agreementWithinT: number | null;
  exactAgreement: number | null;
  meanDifferenceToFinal: number | null;
  thirdRate: number | null;
  arbitrationRate: number | null;
  recentPapers: number;
  recentMean: number | null;
  recentAgreement: number | null;
  alerts: ('mean' | 'agreement')[];
}

export interface FoldedFigures {
  groupMean: number | null;
  markers: MarkerFigures[];
  /** Entries per bin: the 题块's, and each marker's. */
  group: number[];
  perMarker: { markerId: string; counts: number[] }[];
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
/** Sums of halves and whole points carry float noise; figures are shown to 0.01 at most. */
const tidy = (value: number) => Math.round(value * 1e9) / 1e9;

export function foldMarkerSums(
  rows: readonly MarkerSums[],
  binCount: number,
  drift: { meanPoints: number; minAgreement: number; window?: number },
): FoldedFigures {
  if (!Number.isInteger(binCount) || binCount < 1) throw new MarkingInputError('分数段数量必须是正整数');
  const window = drift.window ?? 50;
  const byMarker = new Map<string, MarkerSums>();
  const counts = new Map<string, number[]>();
  const group = new Array<number>(binCount).fill(0);
  let groupN = 0;
  let groupSum = 0;
  for (const row of rows) {
    if (row.bin < 0 || row.bin >= binCount) throw new MarkingInputError('分数段超出范围');
    group[row.bin]! += row.n;
    groupN += row.n;
    groupSum += row.sumTotal;
    const bins = counts.get(row.markerId) ?? new Array<number>(binCount).fill(0);
    bins[row.bin]! += row.n;
    counts.set(row.markerId, bins);
    const held = byMarker.get(row.markerId);
    if (held === undefined) {
      byMarker.set(row.markerId, { ...row });
      continue;
    }
    for (const key of Object.keys(row) as (keyof MarkerSums)[]) {
      if (key !== 'markerId' && key !== 'bin') held[key] += row[key];
    }
  }
  const groupMean = groupN === 0 ? null : tidy(groupSum / groupN);
  const markers = [...byMarker.values()].map((s): MarkerFigures => {
    const mean = s.n === 0 ? null : s.sumTotal / s.n;
    const sd = mean === null ? null : Math.sqrt(Math.max(0, s.sumSquares / s.n - mean * mean));
    const recentMean = s.recentN === 0 ? null : tidy(s.recentSum / s.recentN);
    const recentAgreement = share(s.recentWithin, s.recentCompared);
    const alerts: MarkerFigures['alerts'] = [];
    // Only a full window is judged, so a marker's first few papers never raise an alert alone.
    if (s.recentN >= window && recentMean !== null && groupMean !== null) {
      if (Math.abs(recentMean - groupMean) > drift.meanPoints + 1e-9) alerts.push('mean');
      if (recentAgreement !== null && recentAgreement < drift.minAgreement) alerts.push('agreement');
    }
    return {
      markerId: s.markerId,
      count: s.n,
      mean: mean === null ? null : tidy(mean),
      sd: sd === null ? null : tidy(sd),
      zeroShare: share(s.zero, s.n),
      fullShare: share(s.full, s.n),
      secondsPerPaper: share(s.seconds, s.n),
      pairedPapers: s.paired,
      agreementWithinT: share(s.within, s.compared),
      exactAgreement: share(s.exact, s.compared),
      meanDifferenceToFinal: s.toFinalCount === 0 ? null : tidy(s.toFinalSum / s.toFinalCount),
      thirdRate: share(s.third, s.paired),
      arbitrationRate: share(s.arbitration, s.paired),
      recentPapers: s.recentN,
      recentMean,
      recentAgreement,
      alerts,
    };
  });
  return {
    groupMean,
    markers,
    group,
    perMarker: [...counts].map(([markerId, c]) => ({ markerId, counts: c })),
  };
}
