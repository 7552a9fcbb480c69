// Score-analysis mathematics (analysis-definitions.md), pure: no framework imports.
// The analysis API is described in /work/notes/stats-api.md; conventions in docs/decisions.md.

export { type ClassIndicators, classEC, classIndicators } from './analysis/class-evaluation.ts';
export { classRSR, type RSRRow, type RSRWeights } from './analysis/class-rsr.ts';
export { atLeast, ceilShare, hundredths, reachesPercent } from './analysis/compare.ts';
export {
  difficulty,
  discrimination,
  type EbelBand,
  type ExtremeGroups,
  ebelBand,
  extremeGroups,
  groupDiscrimination,
  itemRestCorrelation,
  optionShares,
  optionSharesOfCodes,
  pearson,
  UNANSWERED,
  weightedDiscrimination,
} from './analysis/items.ts';
export { type LevelBand, levelScores } from './analysis/levels.ts';
export {
  type CriticalRule,
  criticalLineRank,
  criticalSide,
  effectiveScore,
  imbalance,
  type LineHits,
  lineHits,
  lineScore,
  onLineCount,
  subjectContribution,
} from './analysis/lines.ts';
export { normalQuantile } from './analysis/normal.ts';
export { presentScores } from './analysis/population.ts';
export {
  bandOfRank,
  classTScore,
  percentileRanks,
  positions,
  rankCompetition,
  rankDense,
  rankProgress,
  shareBelow,
  tScore,
  zScore,
} from './analysis/positions.ts';
export { cronbachAlpha, paperReliability, splitHalfReliability } from './analysis/reliability.ts';
export { type Segment, scoreSegments } from './analysis/segments.ts';
export {
  meanAndSd,
  overMeanRate,
  quantileSorted,
  type RateThresholds,
  type Summary,
  summarise,
} from './analysis/summary.ts';
export * from './objective.ts';
export * from './rank.ts';
export * from './round.ts';
