import { currentMarksOf, type Mark, type MarkStage } from './marks.ts';
import { stateFromCurrent } from './paper-state.ts';
import { type Hundredths, toHundredths } from './points.ts';
import type { MarkGroup } from './settings.ts';

export interface MarkedPaper {
  paperId: string;
  marks: readonly Mark[];
}

/**
 * One marker's current (newest) blind mark on one paper, with what the quality figures compare
 * it to. 仲裁 decisions are not entries: they score only some questions and see the other marks.
 */
export interface MarkerEntry {
  markerId: string;
  paperId: string;
  stage: Exclude<MarkStage, 'arbitration'>;
  sequence: number;
  seconds: number;
  scores: ReadonlyMap<string, Hundredths>;
  total: Hundredths;
  /** The other blind mark of a double-marked pair (first ↔ second), once both exist. */
  partner?: ReadonlyMap<string, Hundredths>;
  /** The paper's finals, once it is final. */
  finals?: ReadonlyMap<string, Hundredths>;
  /** Whether the pair disagreed beyond T on any question (the paper went to 三评). */
  wentToThird: boolean;
  /** Whether some question's 三评 was far from both (the paper went to 仲裁). */
  wentToArbitration: boolean;
}

/** Every marker's current blind marks over a 题块's papers, superseded marks left out. */
export function markerEntriesOf(group: MarkGroup, papers: readonly MarkedPaper[]): MarkerEntry[] {
  const entries: MarkerEntry[] = [];
  for (const paper of papers) {
    const current = currentMarksOf(group, paper.marks);
    const state = stateFromCurrent(group, paper.paperId, current);
    const finals =
      state.stage === 'final'
        ? new Map(Object.entries(state.scores).map(([questionId, points]) => [questionId, toHundredths(points, '')]))
        : undefined;
    const { first, second, third } = current;
    const paired = first !== undefined && second !== undefined;
    const wentToThird =
      paired &&
      group.questions.some(
        ({ questionId }) => Math.abs(first.scores.get(questionId)! - second.scores.get(questionId)!) > group.tolerance,
      );
    const wentToArbitration = state.questions.some(
      ({ result }) => result.kind === 'needs-arbitration' || (result.kind === 'final' && result.via === 'arbitration'),
    );
    for (const mark of [first, second, third]) {
      if (mark === undefined || mark.stage === 'arbitration') continue;
      let partner: ReadonlyMap<string, Hundredths> | undefined;
      if (paired && mark.stage !== 'third') partner = (mark.stage === 'first' ? second : first).scores;
      let total = 0;
      for (const score of mark.scores.values()) total += score;
      entries.push({
        markerId: mark.markerId,
        paperId: paper.paperId,
        stage: mark.stage,
        sequence: mark.sequence,
        seconds: mark.seconds,
        scores: mark.scores,
        total,
        partner,
        finals,
        wentToThird,
        wentToArbitration,
      });
    }
  }
  return entries;
}
