import { describe, expect, it } from 'vitest';
import { markerDrift } from './drift.ts';
import { MarkingInputError } from './errors.ts';
import type { MarkedPaper } from './marker-entries.ts';
import { markGroupOf } from './settings.ts';

const group = markGroupOf({ questions: [{ questionId: 'q', fullMarks: 10 }], step: 1, mode: 'double', tolerance: 1 });

/**
 * X and Y agree on 60 papers (5 and 5). Z and W share 60 others: Z agrees on its first 10 (5)
 * and then gives 8 where W gives 5. The 题块's mean is (300 + 300 + 450 + 300) / 240 = 5.625.
 */
function fixture(): MarkedPaper[] {
  const papers: MarkedPaper[] = [];
  let serial = 0;
  for (let index = 0; index < 60; index++) {
    const z = index < 10 ? 5 : 8;
    papers.push({
      paperId: `xy${index}`,
      marks: [
        { markerId: 'X', stage: 'first', sequence: ++serial, scores: { q: 5 }, seconds: 10 },
        { markerId: 'Y', stage: 'second', sequence: ++serial, scores: { q: 5 }, seconds: 10 },
      ],
    });
    papers.push({
      paperId: `zw${index}`,
      marks: [
        { markerId: 'Z', stage: 'first', sequence: ++serial, scores: { q: z }, seconds: 10 },
        { markerId: 'W', stage: 'second', sequence: ++serial, scores: { q: 5 }, seconds: 10 },
      ],
    });
  }
  return papers;
}

describe('markerDrift', () => {
  const settings = { meanPoints: 2, minAgreement: 0.8 };

  it('alerts on a mean that leaves the 题块’s and on low agreement over the last 50 papers', () => {
    const drift = new Map(markerDrift(group, fixture(), settings).map((entry) => [entry.markerId, entry]));
    expect(drift.get('Z')).toEqual({
      markerId: 'Z',
      papers: 50,
      mean: 8,
      groupMean: 5.625,
      meanGap: 2.375,
      agreement: 0,
      alerts: ['mean', 'agreement'],
    });
    expect(drift.get('W')).toMatchObject({ mean: 5, agreement: 0, alerts: ['agreement'] });
    expect(drift.get('X')).toMatchObject({ mean: 5, meanGap: -0.625, agreement: 1, alerts: [] });
  });

  it('looks only at the window: over all 60 papers Z’s mean and agreement differ', () => {
    const z = markerDrift(group, fixture(), { ...settings, window: 60 }).find((entry) => entry.markerId === 'Z')!;
    expect(z.papers).toBe(60);
    expect(z.mean).toBe(7.5);
    expect(z.agreement).toBeCloseTo(10 / 60, 12);
  });

  it('takes the latest papers by submission order, whatever order the papers come in', () => {
    const z = markerDrift(group, fixture().reverse(), settings).find((entry) => entry.markerId === 'Z')!;
    expect(z.mean).toBe(8);
  });

  it('judges only a full window', () => {
    const drift = markerDrift(group, fixture(), { ...settings, window: 100 });
    expect(drift.every((entry) => entry.alerts.length === 0)).toBe(true);
    expect(drift.find((entry) => entry.markerId === 'Z')!.papers).toBe(60);
  });

  it('does not alert on a gap of exactly the set points, and does just beyond it', () => {
    const single = markGroupOf({
      questions: [{ questionId: 'q', fullMarks: 10 }],
      step: 1,
      mode: 'single',
      tolerance: 0,
    });
    const papers: MarkedPaper[] = [
      { paperId: 'a', marks: [{ markerId: 'P', stage: 'first', sequence: 1, scores: { q: 4 }, seconds: 1 }] },
      { paperId: 'b', marks: [{ markerId: 'Q', stage: 'first', sequence: 2, scores: { q: 6 }, seconds: 1 }] },
    ];
    const at = (meanPoints: number) =>
      markerDrift(single, papers, { meanPoints, minAgreement: 1, window: 1 }).map((entry) => entry.alerts);
    expect(at(1)).toEqual([[], []]);
    expect(at(0.99)).toEqual([['mean'], ['mean']]);
    // Without pairs there is no agreement to judge, whatever the floor.
    expect(markerDrift(single, papers, { meanPoints: 5, minAgreement: 1, window: 1 })[0]!.agreement).toBeNull();
  });

  it.each([
    [{ meanPoints: -1, minAgreement: 0.5 }, '均分偏离阈值不能小于 0'],
    [{ meanPoints: 1, minAgreement: 1.5 }, '一致率下限必须在 0 到 1 之间'],
    [{ meanPoints: 1, minAgreement: Number.NaN }, '一致率下限必须在 0 到 1 之间'],
    [{ meanPoints: 1, minAgreement: 0.5, window: 0 }, '统计份数必须是正整数'],
    [{ meanPoints: 1, minAgreement: 0.5, window: 2.5 }, '统计份数必须是正整数'],
  ])('refuses %j', (driftSettings, message) => {
    expect(() => markerDrift(group, fixture(), driftSettings)).toThrow(new MarkingInputError(message));
  });
});
