import { describe, expect, it } from 'vitest';
import { markerDrift, scoreDistribution } from './drift.ts';
import { type MarkedPaper, markerEntriesOf } from './marker-entries.ts';
import { foldMarkerSums, type MarkerSums } from './marker-sums.ts';
import { markerQuality } from './quality.ts';
import { type MarkGroup, markGroupOf } from './settings.ts';

// foldMarkerSums must give what markerQuality and markerDrift give, from sums a database could add
// up. The sums here are made the plain way from the entries, on papers with 三评, 仲裁 and 回评.

const group = markGroupOf({
  questions: [
    { questionId: 'a', fullMarks: 6 },
    { questionId: 'b', fullMarks: 4 },
  ],
  step: 1,
  mode: 'double',
  tolerance: 1,
});

function sumsOf(g: MarkGroup, papers: MarkedPaper[], window: number): MarkerSums[] {
  const entries = markerEntriesOf(g, papers);
  const out = new Map<string, MarkerSums>();
  const latest = new Map<string, number[]>();
  for (const e of entries) latest.set(e.markerId, [...(latest.get(e.markerId) ?? []), e.sequence]);
  for (const [id, seqs] of latest) latest.set(id, seqs.sort((x, y) => y - x).slice(0, window));
  const full = g.questions.reduce((s, q) => s + q.fullMarks, 0);
  for (const e of entries) {
    const bin = Math.floor(e.total / (g.step * 100));
    const key = `${e.markerId}/${bin}`;
    const s =
      out.get(key) ??
      ({
        markerId: e.markerId,
        bin,
        n: 0,
        sumTotal: 0,
        sumSquares: 0,
        zero: 0,
        full: 0,
        seconds: 0,
        paired: 0,
        compared: 0,
        within: 0,
        exact: 0,
        toFinalSum: 0,
        toFinalCount: 0,
        third: 0,
        arbitration: 0,
        recentN: 0,
        recentSum: 0,
        recentCompared: 0,
        recentWithin: 0,
      } satisfies MarkerSums);
    const total = e.total / 100;
    const recent = latest.get(e.markerId)!.includes(e.sequence);
    s.n += 1;
    s.sumTotal += total;
    s.sumSquares += total * total;
    if (e.total === 0) s.zero += 1;
    if (e.total === full) s.full += 1;
    s.seconds += e.seconds;
    let within = 0;
    let exact = 0;
    if (e.partner) {
      s.paired += 1;
      if (e.wentToThird) s.third += 1;
      if (e.wentToArbitration) s.arbitration += 1;
      for (const [q, v] of e.scores) {
        const gap = Math.abs(v - e.partner.get(q)!);
        if (gap <= g.tolerance) within += 1;
        if (gap === 0) exact += 1;
      }
      s.compared += e.scores.size;
      s.within += within;
      s.exact += exact;
    }
    if (e.finals) {
      for (const [q, v] of e.scores) s.toFinalSum += (v - e.finals.get(q)!) / 100;
      s.toFinalCount += e.scores.size;
    }
    if (recent) {
      s.recentN += 1;
      s.recentSum += total;
      if (e.partner) {
        s.recentCompared += e.scores.size;
        s.recentWithin += within;
      }
    }
    out.set(key, s);
  }
  return [...out.values()];
}

function papers(): MarkedPaper[] {
  const list: MarkedPaper[] = [];
  let seq = 0;
  const m = (markerId: string, stage: 'first' | 'second' | 'third' | 'arbitration', a?: number, b?: number) => ({
    markerId,
    stage,
    sequence: ++seq,
    seconds: 10 + (seq % 7),
    scores: Object.fromEntries(Object.entries({ a, b }).filter(([, v]) => v !== undefined)) as Record<string, number>,
  });
  for (let i = 0; i < 70; i++) {
    const a = i % 7;
    const b = i % 5;
    const kind = i % 10;
    if (kind === 0) {
      // 三评 near one: P1 4/1, P2 0/1, P3 3/1 → 仲裁 not needed.
      list.push({ paperId: `p${i}`, marks: [m('P1', 'first', 4, 1), m('P2', 'second', 0, 1), m('L', 'third', 3, 1)] });
    } else if (kind === 1) {
      // Far from both → 仲裁 by L2.
      list.push({
        paperId: `p${i}`,
        marks: [m('P1', 'first', 6, 0), m('P2', 'second', 0, 0), m('L', 'third', 3, 0), m('L2', 'arbitration', 5)],
      });
    } else if (kind === 2) {
      // 回评: P1 changes the first mark; only the newest counts.
      list.push({ paperId: `p${i}`, marks: [m('P1', 'first', 0, 0), m('P2', 'second', 2, 4), m('P1', 'first', 2, 4)] });
    } else if (kind === 3) {
      list.push({ paperId: `p${i}`, marks: [m('P3', 'first', a, b)] });
    } else {
      list.push({
        paperId: `p${i}`,
        marks: [m(i % 2 ? 'P1' : 'P3', 'first', a, b), m('P2', 'second', Math.min(6, a + (i % 3 === 0 ? 1 : 0)), b)],
      });
    }
  }
  return list;
}

describe('foldMarkerSums', () => {
  it('gives markerQuality’s figures and markerDrift’s alerts from per-bin sums', () => {
    const list = papers();
    const window = 12;
    const drift = { meanPoints: 0.5, minAgreement: 0.9, window };
    const folded = foldMarkerSums(sumsOf(group, list, window), 11, drift);
    const quality = markerQuality(group, list);
    const drifted = markerDrift(group, list, drift);
    expect(folded.markers.map((f) => f.markerId).sort()).toEqual(quality.map((q) => q.markerId).sort());
    for (const q of quality) {
      const f = folded.markers.find((x) => x.markerId === q.markerId)!;
      for (const key of ['count', 'pairedPapers'] as const) expect(f[key]).toBe(q[key]);
      for (const key of [
        'mean',
        'sd',
        'zeroShare',
        'fullShare',
        'secondsPerPaper',
        'agreementWithinT',
        'exactAgreement',
        'meanDifferenceToFinal',
        'thirdRate',
        'arbitrationRate',
      ] as const) {
        if (q[key] === null) expect(f[key]).toBeNull();
        else expect(f[key]).toBeCloseTo(q[key]!, 9);
      }
      const d = drifted.find((x) => x.markerId === q.markerId)!;
      expect(f.recentMean).toBeCloseTo(d.mean, 9);
      expect(f.alerts).toEqual(d.alerts);
    }
    // Some marker must be alerted and some not, or the comparison proves little.
    expect(folded.markers.some((f) => f.alerts.length > 0)).toBe(true);
    expect(folded.markers.some((f) => f.alerts.length === 0)).toBe(true);
    const histogram = scoreDistribution(group, list);
    expect(folded.group).toEqual(histogram.group);
    for (const h of histogram.markers) {
      expect(folded.perMarker.find((x) => x.markerId === h.markerId)!.counts).toEqual(h.counts);
    }
    expect(folded.groupMean).toBeCloseTo(drifted[0]!.groupMean, 9);
  });

  it('judges only a full window, and refuses a bin out of range', () => {
    const one: MarkerSums = {
      markerId: 'X',
      bin: 0,
      n: 3,
      sumTotal: 0,
      sumSquares: 0,
      zero: 3,
      full: 0,
      seconds: 30,
      paired: 0,
      compared: 0,
      within: 0,
      exact: 0,
      toFinalSum: 0,
      toFinalCount: 0,
      third: 0,
      arbitration: 0,
      recentN: 3,
      recentSum: 0,
      recentCompared: 0,
      recentWithin: 0,
    };
    const far = { ...one, markerId: 'Y', bin: 2, sumTotal: 30, sumSquares: 300, zero: 0, recentSum: 30 };
    const folded = foldMarkerSums([one, far], 3, { meanPoints: 1, minAgreement: 0.5 });
    expect(folded.markers.every((f) => f.alerts.length === 0)).toBe(true);
    expect(foldMarkerSums([one, far], 3, { meanPoints: 1, minAgreement: 0.5, window: 3 }).markers[0]!.alerts).toEqual([
      'mean',
    ]);
    expect(() => foldMarkerSums([{ ...one, bin: 3 }], 3, { meanPoints: 1, minAgreement: 0.5 })).toThrow(/分数段/);
  });
});
