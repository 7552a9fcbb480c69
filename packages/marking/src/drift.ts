import { MarkingInputError } from './errors.ts';
import { type MarkedPaper, markerEntriesOf } from './marker-entries.ts';
import { stepHundredths, toHundredths, toPoints } from './points.ts';
import { agreementOf, summaryOf } from './quality.ts';
import { groupFullMarks, type MarkGroup } from './settings.ts';

export interface ScoreDistribution {
  /** Each bin's lower edge in points: 0, step, 2·step … up to the 题块's full marks. */
  bins: number[];
  /** Paper totals per bin over every marker's current blind marks. */
  group: number[];
  markers: { markerId: string; counts: number[] }[];
}

/**
 * Each marker's paper totals binned at the 题块's step, against the 题块's (marking.md "the
 * marker's score distribution drawn against the 题块's"). A total off the step (a question worth
 * 7.5 marked in whole points) falls in the bin below it.
 */
export function scoreDistribution(group: MarkGroup, papers: readonly MarkedPaper[]): ScoreDistribution {
  const unit = stepHundredths(group.step);
  const binCount = Math.floor(groupFullMarks(group) / unit) + 1;
  const bins = Array.from({ length: binCount }, (_, index) => toPoints(index * unit));
  const groupCounts = new Array<number>(binCount).fill(0);
  const markers = new Map<string, number[]>();
  for (const entry of markerEntriesOf(group, papers)) {
    const index = Math.min(binCount - 1, Math.floor(entry.total / unit));
    groupCounts[index]! += 1;
    const counts = markers.get(entry.markerId) ?? new Array<number>(binCount).fill(0);
    counts[index]! += 1;
    markers.set(entry.markerId, counts);
  }
  return { bins, group: groupCounts, markers: [...markers].map(([markerId, counts]) => ({ markerId, counts })) };
}

export interface DriftSettings {
  /** Alert when the marker's recent mean is further than this many points from the 题块's mean. */
  meanPoints: number;
  /** Alert when the marker's recent agreement within T falls below this share (0 to 1). */
  minAgreement: number;
  /** How many of the marker's latest papers count; 50 in marking.md. */
  window?: number;
}

export type DriftAlert = 'mean' | 'agreement';

export interface MarkerDrift {
  markerId: string;
  /** Papers in the window (fewer than the window until the marker has marked that many). */
  papers: number;
  mean: number;
  groupMean: number;
  /** The marker's recent mean − the 题块's mean, in points. */
  meanGap: number;
  /** Agreement within T over the window's double-marked papers; null when none are paired yet. */
  agreement: number | null;
  alerts: DriftAlert[];
}

/**
 * marking.md "Drift": over each marker's latest papers (by submission order), alert when the mean
 * leaves the 题块's mean by more than the set points, or agreement falls below the set share.
 * Only a full window is judged, so a marker's first few papers never raise an alert on their own.
 */
export function markerDrift(group: MarkGroup, papers: readonly MarkedPaper[], settings: DriftSettings): MarkerDrift[] {
  const limit = toHundredths(settings.meanPoints, '均分偏离阈值');
  if (limit < 0) throw new MarkingInputError('均分偏离阈值不能小于 0');
  if (!Number.isFinite(settings.minAgreement) || settings.minAgreement < 0 || settings.minAgreement > 1) {
    throw new MarkingInputError('一致率下限必须在 0 到 1 之间');
  }
  const window = settings.window ?? 50;
  if (!Number.isInteger(window) || window < 1) throw new MarkingInputError('统计份数必须是正整数');
  const entries = markerEntriesOf(group, papers);
  const groupSum = entries.reduce((sum, entry) => sum + entry.total, 0);
  const groupMean = summaryOf(entries.map((entry) => entry.total)).mean;
  const byMarker = new Map<string, typeof entries>();
  for (const entry of entries) {
    const own = byMarker.get(entry.markerId);
    if (own === undefined) byMarker.set(entry.markerId, [entry]);
    else own.push(entry);
  }
  return [...byMarker].map(([markerId, own]) => {
    const recent = [...own].sort((a, b) => b.sequence - a.sequence).slice(0, window);
    const mean = summaryOf(recent.map((entry) => entry.total)).mean!;
    const recentSum = recent.reduce((sum, entry) => sum + entry.total, 0);
    // |Σr/nr − Σg/ng| > limit, cross-multiplied in integers: a gap of exactly the limit is no alert.
    const scaledGap = Math.abs(recentSum * entries.length - groupSum * recent.length);
    const agreement = agreementOf(group, recent).within;
    const alerts: DriftAlert[] = [];
    if (recent.length >= window) {
      if (scaledGap > limit * recent.length * entries.length) alerts.push('mean');
      if (agreement !== null && agreement < settings.minAgreement) alerts.push('agreement');
    }
    return {
      markerId,
      papers: recent.length,
      mean,
      groupMean: groupMean!,
      meanGap: mean - groupMean!,
      agreement,
      alerts,
    };
  });
}
