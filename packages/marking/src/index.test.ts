import { describe, expect, it } from 'vitest';
import {
  isDoubleMarked,
  type Mark,
  type MarkedPaper,
  markerQuality,
  markGroupOf,
  type PaperState,
  paperState,
  progressOf,
} from './index.ts';
import { randomInt, seededRandom } from './test-random.ts';

// A 题块 carried from settings to finished through the public entry, as the marking module will.
describe('a 题块 under 双评比例 50 %, through the public API', () => {
  const group = markGroupOf({
    questions: [
      { questionId: '21', fullMarks: 6 },
      { questionId: '22', fullMarks: 8 },
    ],
    step: 0.5,
    mode: 'double',
    tolerance: 1,
    doubleSharePercent: 50,
    shareSeed: 'exam-3/题块-2',
  });
  const paperIds = Array.from({ length: 400 }, (_, index) => `s${index}`);

  it('sends the chosen half to a second marker and settles every paper', () => {
    const random = seededRandom(2026);
    const papers: MarkedPaper[] = paperIds.map((paperId) => ({ paperId, marks: [] }));
    let serial = 0;
    const score = (full: number) => randomInt(random, 0, full * 2) / 2;
    const near = (value: number, full: number) => Math.min(full, Math.max(0, value + randomInt(random, -3, 3) / 2));
    const add = (paper: MarkedPaper, markerId: string, stage: Mark['stage'], scores: Record<string, number>) => {
      paper.marks = [...paper.marks, { markerId, stage, sequence: ++serial, scores, seconds: 30 }];
    };

    const initial = papers.map((paper) => paperState(group, paper));
    const doubled = initial.filter((state) => state.stage === 'needs-first' && state.double).length;
    expect(doubled).toBe(paperIds.filter((paperId) => isDoubleMarked('exam-3/题块-2', paperId, 50)).length);
    expect(Math.abs(doubled / 400 - 0.5)).toBeLessThan(0.08);
    expect(progressOf(initial).remainingMarks).toBe(400 + doubled);

    // Every stage is driven by the state, never by knowing the rule here.
    let states: PaperState[] = initial;
    for (let round = 0; round < 5 && !progressOf(states).finished; round++) {
      papers.forEach((paper, index) => {
        const state = states[index]!;
        const base = { '21': score(6), '22': score(8) };
        if (state.stage === 'needs-first') add(paper, 'm1', 'first', base);
        if (state.stage === 'needs-second') add(paper, 'm2', 'second', { '21': near(base['21'], 6), '22': score(8) });
        if (state.stage === 'needs-third') add(paper, 'lead1', 'third', base);
        if (state.stage === 'needs-arbitration') {
          add(paper, 'lead2', 'arbitration', Object.fromEntries(state.questionIds.map((id) => [id, 3])));
        }
      });
      states = papers.map((paper) => paperState(group, paper));
    }
    expect(progressOf(states)).toMatchObject({ papers: 400, final: 400, remainingMarks: 0, finished: true });
    for (const state of states) {
      if (state.stage !== 'final') continue;
      expect(state.scores['21']! % 0.5).toBe(0);
      expect(state.total).toBe(state.scores['21']! + state.scores['22']!);
    }
    const quality = markerQuality(group, papers);
    expect(quality.map((marker) => marker.markerId)).toEqual(['m1', 'm2', 'lead1']);
    expect(quality[0]!.count).toBe(400);
    expect(quality[1]!.count).toBe(doubled);
    expect(quality[0]!.pairedPapers).toBe(doubled);
  });
});
