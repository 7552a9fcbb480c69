// Score-analysis mathematics (analysis-definitions.md), pure: no framework imports.
// The analysis API is described in /work/notes/stats-api.md; conventions in docs/decisions.md.

export { atLeast, ceilShare, hundredths, reachesPercent } from './analysis/compare.ts';
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
