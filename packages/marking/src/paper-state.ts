import { isDoubleMarked } from './double-share.ts';
import { MarkingInputError } from './errors.ts';
import { decideQuestion, type FinalVia, type QuestionOutcome, type QuestionScores } from './final-score.ts';
import { type CurrentMarks, currentMarksOf, type Mark } from './marks.ts';
import { assertStep, type ScoreStep, toHundredths, toPoints } from './points.ts';
import { checkedScore, type MarkGroup } from './settings.ts';

/** One question's outcome in points, as callers store and show it. */
export type QuestionResult =
  | { kind: 'needs-first' }
  | { kind: 'needs-second'; first: number }
  | { kind: 'needs-third'; first: number; second: number }
  | { kind: 'needs-arbitration'; first: number; second: number; third: number }
  | { kind: 'final'; score: number; via: FinalVia };

export interface QuestionState {
  questionId: string;
  result: QuestionResult;
}

/**
 * Where a paper of a 题块 stands, computed from its marks so far. The stage is the 题块's:
 * it is in 三评 if any question is; 仲裁 is per question (the listed ones).
 */
export type PaperState =
  | { stage: 'needs-first'; double: boolean; questions: QuestionState[] }
  | { stage: 'needs-second'; questions: QuestionState[] }
  | { stage: 'needs-third'; questionIds: string[]; questions: QuestionState[] }
  | { stage: 'needs-arbitration'; questionIds: string[]; questions: QuestionState[] }
  | { stage: 'final'; scores: Record<string, number>; total: number; questions: QuestionState[] };

export interface PaperMarks {
  paperId: string;
  marks: readonly Mark[];
}

/** Whether a paper of this 题块 needs two blind marks: 双评, and chosen by 双评比例. */
export function paperIsDoubleMarked(group: MarkGroup, paperId: string): boolean {
  return group.mode === 'double' && isDoubleMarked(group.shareSeed, paperId, group.doubleSharePercent);
}

/** A paper's state from all its marks (superseded ones included: the newest per marker counts). */
export function paperState(group: MarkGroup, paper: PaperMarks): PaperState {
  return stateFromCurrent(group, paper.paperId, currentMarksOf(group, paper.marks));
}

/**
 * 双评比例 decides which papers are sent to a second marker; a paper that already has a second
 * mark stays double marked, so lowering the share later never strands a paper's 二评 or 三评.
 * Under 单评 a second mark is refused (by the rule itself).
 */
export function stateFromCurrent(group: MarkGroup, paperId: string, current: CurrentMarks): PaperState {
  const double = paperIsDoubleMarked(group, paperId) || (group.mode === 'double' && current.second !== undefined);
  const questions = group.questions.map((question) => {
    const scores: QuestionScores = {
      first: current.first?.scores.get(question.questionId),
      second: current.second?.scores.get(question.questionId),
      third: current.third?.scores.get(question.questionId),
      arbitration: current.arbitration?.scores.get(question.questionId),
    };
    const rule = { step: group.step, tolerance: group.tolerance, fullMarks: question.fullMarks, double };
    return { questionId: question.questionId, outcome: decideQuestion(rule, scores) };
  });
  const states = questions.map(({ questionId, outcome }) => ({ questionId, result: inPoints(outcome) }));
  const idsOf = (kind: QuestionOutcome['kind']) =>
    questions.filter(({ outcome }) => outcome.kind === kind).map(({ questionId }) => questionId);
  // Marks score the whole 题块 together, so the first two stages hold for all questions at once.
  if (idsOf('needs-first').length > 0) return { stage: 'needs-first', double, questions: states };
  if (idsOf('needs-second').length > 0) return { stage: 'needs-second', questions: states };
  const third = idsOf('needs-third');
  if (third.length > 0) return { stage: 'needs-third', questionIds: third, questions: states };
  const arbitration = idsOf('needs-arbitration');
  if (arbitration.length > 0) return { stage: 'needs-arbitration', questionIds: arbitration, questions: states };
  const scores: Record<string, number> = {};
  let total = 0;
  for (const { questionId, outcome } of questions) {
    if (outcome.kind !== 'final') throw new Error('unreachable: every question is final here');
    scores[questionId] = toPoints(outcome.score);
    total += outcome.score;
  }
  return { stage: 'final', scores, total: toPoints(total), questions: states };
}

function inPoints(outcome: QuestionOutcome): QuestionResult {
  switch (outcome.kind) {
    case 'needs-first':
      return outcome;
    case 'needs-second':
      return { kind: outcome.kind, first: toPoints(outcome.first) };
    case 'needs-third':
      return { kind: outcome.kind, first: toPoints(outcome.first), second: toPoints(outcome.second) };
    case 'needs-arbitration':
      return {
        kind: outcome.kind,
        first: toPoints(outcome.first),
        second: toPoints(outcome.second),
        third: toPoints(outcome.third),
      };
    case 'final':
      return { kind: 'final', score: toPoints(outcome.score), via: outcome.via };
  }
}

export interface QuestionSettings {
  fullMarks: number;
  step: ScoreStep;
  tolerance: number;
  /** true for a double-marked paper (the default); false for 单评. */
  double?: boolean;
}

/**
 * The final-score rule for one question in points, for callers that hold one question's scores
 * (e.g. the 仲裁 screen's preview). Every score is checked against the step and the full marks.
 */
export function finalScore(
  settings: QuestionSettings,
  scores: { first?: number; second?: number; third?: number; arbitration?: number },
): QuestionResult {
  assertStep(settings.step);
  const fullMarks = toHundredths(settings.fullMarks, '满分');
  if (fullMarks <= 0) throw new MarkingInputError('满分必须大于 0');
  const tolerance = toHundredths(settings.tolerance, '误差阈值');
  if (tolerance < 0) throw new MarkingInputError('误差阈值不能小于 0');
  const question = { questionId: '', fullMarks };
  const checked = (points: number | undefined, label: string) =>
    points === undefined ? undefined : checkedScore(points, question, settings.step, label);
  const rule = { step: settings.step, tolerance, fullMarks, double: settings.double ?? true };
  return inPoints(
    decideQuestion(rule, {
      first: checked(scores.first, '一评得分'),
      second: checked(scores.second, '二评得分'),
      third: checked(scores.third, '三评得分'),
      arbitration: checked(scores.arbitration, '仲裁得分'),
    }),
  );
}
