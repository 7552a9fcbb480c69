import { describe, expect, it } from 'vitest';
import { MarkingInputError } from './errors.ts';
import { type PaperState, paperState } from './paper-state.ts';
import { markingRate, predictedFinish, progressOf } from './progress.ts';
import { markGroupOf } from './settings.ts';

const group = markGroupOf({ questions: [{ questionId: 'q', fullMarks: 10 }], step: 1, mode: 'double', tolerance: 1 });
const first = (score: number) => ({
  markerId: 'a',
  stage: 'first' as const,
  sequence: 1,
  scores: { q: score },
  seconds: 5,
});
const second = (score: number) => ({
  markerId: 'b',
  stage: 'second' as const,
  sequence: 2,
  scores: { q: score },
  seconds: 5,
});
const third = (score: number) => ({
  markerId: 'c',
  stage: 'third' as const,
  sequence: 3,
  scores: { q: score },
  seconds: 5,
});

const states: PaperState[] = [
  paperState(group, { paperId: 'p1', marks: [] }),
  paperState(group, { paperId: 'p2', marks: [first(3)] }),
  paperState(group, { paperId: 'p3', marks: [first(0), second(9)] }),
  paperState(group, { paperId: 'p4', marks: [first(0), second(9), third(5)] }),
  paperState(group, { paperId: 'p5', marks: [first(4), second(5)] }),
  paperState(markGroupOf({ ...group, mode: 'single' }), { paperId: 'p6', marks: [] }),
];

describe('progressOf', () => {
  it('counts papers by stage and the marks still needed', () => {
    expect(progressOf(states, 2)).toEqual({
      papers: 6,
      final: 1,
      needsFirst: 2,
      needsSecond: 1,
      needsThird: 1,
      needsArbitration: 1,
      openProblems: 2,
      // p1 two, p6 one (单评), p2 one, p3 one, p4 one.
      remainingMarks: 6,
      finished: false,
    });
  });

  it('is finished only with every paper final and no problem paper open', () => {
    const finals = [states[4]!, states[4]!];
    expect(progressOf(finals).finished).toBe(true);
    expect(progressOf(finals, 1).finished).toBe(false);
    expect(progressOf([]).finished).toBe(true);
  });

  it('refuses a negative problem count', () => {
    expect(() => progressOf(states, -1)).toThrow(new MarkingInputError('问题卷数量必须是不小于 0 的整数'));
  });
});

describe('markingRate and predictedFinish', () => {
  const now = Date.UTC(2026, 10, 26, 8, 0, 0);
  const minutesAgo = (minutes: number) => now - minutes * 60_000;

  it.each([
    ['three marks in the last hour', [minutesAgo(1), minutesAgo(30), minutesAgo(59)], 60, 3],
    ['the window’s start is outside it, now is inside', [minutesAgo(60), minutesAgo(0)], 60, 1],
    ['a mark in the future is not counted', [now + 1000, minutesAgo(5)], 60, 1],
    ['a 15-minute window scales to the hour', [minutesAgo(1), minutesAgo(14), minutesAgo(16)], 15, 8],
    ['nothing marked', [], 60, 0],
  ])('%s', (_name, times, window, expected) => {
    expect(markingRate(times, now, window)).toBe(expected);
  });

  it.each([
    [0, 10, { kind: 'done' }],
    [0, 0, { kind: 'done' }],
    [5, 0, { kind: 'stalled' }],
    [30, 20, { kind: 'at', finishesAt: now + 90 * 60_000, hoursLeft: 1.5 }],
    [1, 3, { kind: 'at', finishesAt: now + 20 * 60_000, hoursLeft: 1 / 3 }],
  ])('%i marks left at %d an hour', (remaining, rate, expected) => {
    expect(predictedFinish(remaining, rate, now)).toEqual(expected);
  });

  it.each([
    [() => markingRate([], now, 0), '统计时段必须大于 0 分钟'],
    [() => markingRate([Number.NaN], now), '提交时间必须是数字'],
    [() => markingRate([], Number.NaN), '当前时间必须是数字'],
    [() => predictedFinish(-1, 3, now), '剩余数量必须是不小于 0 的整数'],
    [() => predictedFinish(1, -3, now), '评卷速度不能小于 0'],
  ])('refuses bad input (%#)', (call, message) => {
    expect(call).toThrow(new MarkingInputError(message));
  });
});
