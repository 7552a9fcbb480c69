// Score-analysis mathematics (analysis-definitions.md), pure: no framework imports.
export * from './objective.ts';
export * from './rank.ts';
export * from './round.ts';
