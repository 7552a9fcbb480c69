import { MarkingInputError } from './errors.ts';
import type { PaperState } from './paper-state.ts';

/** A 题块's progress by stage (marking.md "Monitors": done by stage, remaining). */
export interface MarkingProgress {
  papers: number;
  final: number;
  needsFirst: number;
  needsSecond: number;
  needsThird: number;
  needsArbitration: number;
  /** 问题卷 still open: the server keeps them, the count comes in. */
  openProblems: number;
  /** Marks still needed at least: two for an unmarked double-marked paper, one for every other step. */
  remainingMarks: number;
  /** Every paper final and no problem paper open (marking.md "A 题块 is finished when …"). */
  finished: boolean;
}

export function progressOf(states: readonly PaperState[], openProblems = 0): MarkingProgress {
  if (!Number.isInteger(openProblems) || openProblems < 0)
    throw new MarkingInputError('问题卷数量必须是不小于 0 的整数');
  const progress = {
    papers: states.length,
    final: 0,
    needsFirst: 0,
    needsSecond: 0,
    needsThird: 0,
    needsArbitration: 0,
  };
  let remainingMarks = 0;
  for (const state of states) {
    switch (state.stage) {
      case 'needs-first':
        progress.needsFirst += 1;
        remainingMarks += state.double ? 2 : 1;
        break;
      case 'needs-second':
        progress.needsSecond += 1;
        remainingMarks += 1;
        break;
      case 'needs-third':
        progress.needsThird += 1;
        remainingMarks += 1;
        break;
      case 'needs-arbitration':
        progress.needsArbitration += 1;
        remainingMarks += 1;
        break;
      case 'final':
        progress.final += 1;
        break;
    }
  }
  return {
    ...progress,
    openProblems,
    remainingMarks,
    finished: progress.final === states.length && openProblems === 0,
  };
}

const HOUR = 3_600_000;

/**
 * Marks per hour over the window ending now (default the last 60 minutes), from the marks'
 * submission times in epoch milliseconds. A window, not the whole history, so a lunch break
 * or a new marker shows within the hour.
 */
export function markingRate(submittedAt: readonly number[], now: number, windowMinutes = 60): number {
  if (!Number.isFinite(now)) throw new MarkingInputError('当前时间必须是数字');
  if (!Number.isFinite(windowMinutes) || windowMinutes <= 0) throw new MarkingInputError('统计时段必须大于 0 分钟');
  const start = now - windowMinutes * 60_000;
  let count = 0;
  for (const time of submittedAt) {
    if (!Number.isFinite(time)) throw new MarkingInputError('提交时间必须是数字');
    if (time > start && time <= now) count += 1;
  }
  return count / (windowMinutes / 60);
}

export type PredictedFinish =
  | { kind: 'done' }
  | { kind: 'at'; finishesAt: number; hoursLeft: number }
  /** Nothing was marked in the window: no finish can be predicted, and none is guessed. */
  | { kind: 'stalled' };

/** When the remaining marks are done at the current rate (epoch milliseconds). */
export function predictedFinish(remainingMarks: number, ratePerHour: number, now: number): PredictedFinish {
  if (!Number.isInteger(remainingMarks) || remainingMarks < 0)
    throw new MarkingInputError('剩余数量必须是不小于 0 的整数');
  if (!Number.isFinite(ratePerHour) || ratePerHour < 0) throw new MarkingInputError('评卷速度不能小于 0');
  if (remainingMarks === 0) return { kind: 'done' };
  if (ratePerHour === 0) return { kind: 'stalled' };
  const hoursLeft = remainingMarks / ratePerHour;
  return { kind: 'at', finishesAt: now + Math.round(hoursLeft * HOUR), hoursLeft };
}
