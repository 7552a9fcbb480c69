// The pure rules of online marking (marking.md): final scores and paper states, distribution,
// marker quality, drift and progress. No framework, no database: the server keeps dispatch in SQL.

export {
  assignByClass,
  type CappedMarker,
  type CappedQuotas,
  type ClaimAllowance,
  type ClaimLimits,
  type ClassAssignment,
  type ClassPaper,
  type ClassTeacher,
  cappedQuotas,
  claimAllowance,
  equalQuotas,
  type MarkerQuota,
} from './distribution.ts';
export { hash53, isDoubleMarked } from './double-share.ts';
export {
  type DriftAlert,
  type DriftSettings,
  type MarkerDrift,
  markerDrift,
  type ScoreDistribution,
  scoreDistribution,
} from './drift.ts';
export { MarkingInputError } from './errors.ts';
export type { FinalVia } from './final-score.ts';
export type { MarkedPaper } from './marker-entries.ts';
export { type FoldedFigures, foldMarkerSums, type MarkerFigures, type MarkerSums } from './marker-sums.ts';
export type { Mark, MarkStage } from './marks.ts';
export {
  finalScore,
  type PaperMarks,
  type PaperState,
  paperIsDoubleMarked,
  paperState,
  type QuestionResult,
  type QuestionSettings,
  type QuestionState,
} from './paper-state.ts';
export { roundFinal, type ScoreStep } from './points.ts';
export {
  type MarkingProgress,
  markingRate,
  type PredictedFinish,
  predictedFinish,
  progressOf,
} from './progress.ts';
export { type CheckMark, type MarkerQuality, markerQuality, type QualityChecks } from './quality.ts';
export {
  groupFullMarks,
  type MarkGroup,
  type MarkGroupQuestion,
  type MarkGroupSettings,
  type MarkingMode,
  markGroupOf,
} from './settings.ts';
