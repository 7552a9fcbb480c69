import type { OverviewReport, ScopeRef, SegmentRow, SummaryFigures, UnitRow } from '@huikao/contracts';
import {
  classEC,
  classIndicators,
  classRSR,
  classTScore,
  overMeanRate,
  rankCompetition,
  scoreSegments,
  summarise,
} from '@huikao/stats';
import type { RunSettings } from '../load/settings.ts';
import { countFlagged, type Population, populationOf, splitByUnit } from './populations.ts';
import type { SubjectView } from './views.ts';

// 整体分析 documents: one subject over one scope, with its child units (classes of a grade,
// schools of a union…) against it: 超均率, class T, rank of the mean, class evaluation.

/** A parent scope and how its students divide into child units. */
export interface Level {
  parent: ScopeRef;
  /** Run indices of the parent's students. */
  members: Int32Array;
  /** Unit index per run student (−1 outside). */
  unitOf: Int32Array;
  units: { ref: ScopeRef; schoolName: string | null }[];
  /** Class evaluation (classECSet, classRSRSet) of the units. */
  evaluation: boolean;
}

export interface LevelResult {
  pop: Population;
  summary: SummaryFigures | null;
  /** Per unit of `level.units` (same order): its row against the parent, and its population. */
  rows: UnitRow[];
  unitPops: Population[];
  unitAbsent: number[];
}

export function summaryFigures(
  scores: Float64Array,
  absent: number,
  fullMark: number,
  settings: RunSettings,
): SummaryFigures | null {
  const s = summarise(scores, fullMark, settings.rates);
  if (s === null) return null;
  // Written out rather than {...rest, absent}: this runs for every unit of every level.
  return {
    count: s.count,
    mean: s.mean,
    max: s.max,
    min: s.min,
    sd: s.sd,
    scoreRate: s.scoreRate,
    excellentCount: s.excellentCount,
    goodCount: s.goodCount,
    passCount: s.passCount,
    lowCount: s.lowCount,
    goodBandCount: s.goodBandCount,
    excellentRate: s.excellentRate,
    goodRate: s.goodRate,
    passRate: s.passRate,
    lowRate: s.lowRate,
    goodBandRate: s.goodBandRate,
    median: s.median,
    q1: s.q1,
    q3: s.q3,
    absent,
  };
}

export function segmentsOf(scores: Float64Array, view: SubjectView): Record<string, SegmentRow[]> {
  const out: Record<string, SegmentRow[]> = {};
  for (const width of view.widths) out[String(width)] = scoreSegments(scores, view.fullMark, width);
  return out;
}

export function computeLevel(view: SubjectView, level: Level, settings: RunSettings): LevelResult {
  const pop = populationOf(view.score, level.members);
  const summary = summaryFigures(pop.scores, countFlagged(view.absent, level.members), view.fullMark, settings);
  const unitCount = level.units.length;
  const unitPops = splitByUnit(pop, level.unitOf, unitCount);
  const unitAbsent = new Array<number>(unitCount).fill(0);
  for (const i of level.members) {
    if (view.absent[i] === 1) unitAbsent[level.unitOf[i]!]!++;
  }
  const summaries = unitPops.map((p, u) => summaryFigures(p.scores, unitAbsent[u]!, view.fullMark, settings));

  // Ranks of the units' means among the units with students.
  const withStudents = summaries.flatMap((s, u) => (s === null ? [] : [u]));
  const ranks = rankCompetition(Float64Array.from(withStudents, (u) => summaries[u]!.mean));
  const rankOf = new Map(withStudents.map((u, k) => [u, ranks[k]!]));
  const evaluation = level.evaluation && summary !== null ? evaluate(view, level, pop, settings) : null;

  const rows = level.units.map((unit, u): UnitRow => {
    const s = summaries[u]!;
    return {
      scope: unit.ref,
      schoolName: unit.schoolName,
      summary: s,
      overMeanRate: s && summary ? overMeanRate(s.mean, summary.mean) : null,
      tScore: s && summary ? classTScore(s.mean, summary.mean, summary.sd) : null,
      rank: rankOf.get(u) ?? null,
      evaluation: evaluation?.get(unit.ref.id) ?? null,
    };
  });
  return { pop, summary, rows, unitPops, unitAbsent };
}

type Evaluation = NonNullable<UnitRow['evaluation']>;

/** classECSet and classRSRSet over the parent's population (each with its own 达标 standard score). */
function evaluate(view: SubjectView, level: Level, pop: Population, settings: RunSettings) {
  const ids = Array.from(pop.index, (i) => level.units[level.unitOf[i]!]!.ref.id);
  const indicatorsAt = (standardScore: number) =>
    classIndicators({
      classIds: ids,
      scores: pop.scores,
      fullMark: view.fullMark,
      standardScore,
      bands: settings.bands,
    });
  const ecIndicators = indicatorsAt(settings.classECSet.standardScore);
  const rsrIndicators =
    settings.classRSRSet.standardScore === settings.classECSet.standardScore
      ? ecIndicators
      : indicatorsAt(settings.classRSRSet.standardScore);
  const ec = new Map(classEC(ecIndicators, settings.classECSet).map((r) => [r.classId, r]));
  const rsr = new Map(classRSR(rsrIndicators, settings.classRSRSet).map((r) => [r.classId, r]));
  const out = new Map<string, Evaluation>();
  for (const ind of ecIndicators) {
    const e = ec.get(ind.classId)!;
    const r = rsr.get(ind.classId)!;
    out.set(ind.classId, {
      standardRate: ind.standardRate,
      averageRate: ind.averageRate,
      averageScore: ind.averageScore,
      secsARate: ind.secsARate,
      secsBRate: ind.secsBRate,
      variance: ind.variance,
      ec: e.ec,
      ecRank: e.rank,
      wrsr: r.wrsr,
      probit: r.probit,
      fitted: r.fitted,
      rsrGrade: r.grade,
      rsrRank: r.rank,
    });
  }
  return out;
}

/** The document of a level's parent scope, its units listed. */
export function parentDocument(
  view: SubjectView,
  level: Level,
  result: LevelResult,
  own: { parent: ScopeRef; row: UnitRow } | null,
): OverviewReport {
  return {
    subject: view.ref,
    scope: level.parent,
    parent: own?.parent ?? null,
    summary: result.summary,
    overMeanRate: own?.row.overMeanRate ?? null,
    tScore: own?.row.tScore ?? null,
    rank: own?.row.rank ?? null,
    segments: segmentsOf(result.pop.scores, view),
    units: result.rows,
  };
}

/** The document of one unit (a class) with no units of its own. */
export function unitDocument(view: SubjectView, level: Level, result: LevelResult, u: number): OverviewReport {
  const row = result.rows[u]!;
  return {
    subject: view.ref,
    scope: row.scope,
    parent: level.parent,
    summary: row.summary,
    overMeanRate: row.overMeanRate,
    tScore: row.tScore,
    rank: row.rank,
    segments: segmentsOf(result.unitPops[u]!.scores, view),
    units: [],
  };
}
