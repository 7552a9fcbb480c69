import { imbalance, levelScores, meanAndSd, positions, tScore, zScore } from '@huikao/stats';
import type { RunData } from '../load/model.ts';
import { everyone, membersByUnit, type Population, populationOf } from './populations.ts';
import type { SubjectView } from './views.ts';

// Every student's positions in every subject, as arrays over the run (0 / NaN = none): ranks in
// the class, the school grade and (union runs) the union; PR, share beaten, Z and T against the
// top population (a school run's grade, a union run's union); level and level score.

export interface StudentFigures {
  classRank: Int32Array;
  classDense: Int32Array;
  gradeRank: Int32Array;
  gradeDense: Int32Array;
  /** Union runs only (else all 0). */
  unionRank: Int32Array;
  pr: Float64Array;
  beat: Float64Array;
  z: Float64Array;
  t: Float64Array;
  /** Index into the level scheme, −1 for none. */
  level: Int16Array;
  levelScore: Float64Array;
  /** The top population (grade or union) of this subject. */
  top: Population;
}

export interface StudentImbalance {
  /** NaN for fewer than two courses sat. */
  spread: Float64Array;
  weakest: Int16Array;
  strongest: Int16Array;
  weakestZ: Float64Array;
  strongestZ: Float64Array;
  flagged: Uint8Array;
}

export function studentFigures(run: RunData, view: SubjectView, withLevels: boolean): StudentFigures {
  const n = run.n;
  const f: StudentFigures = {
    classRank: new Int32Array(n),
    classDense: new Int32Array(n),
    gradeRank: new Int32Array(n),
    gradeDense: new Int32Array(n),
    unionRank: new Int32Array(n),
    pr: new Float64Array(n).fill(Number.NaN),
    beat: new Float64Array(n).fill(Number.NaN),
    z: new Float64Array(n).fill(Number.NaN),
    t: new Float64Array(n).fill(Number.NaN),
    level: new Int16Array(n).fill(-1),
    levelScore: new Float64Array(n).fill(Number.NaN),
    top: populationOf(view.score, everyone(n)),
  };
  const top = f.top;
  const p = positions(top.scores);
  const stats = meanAndSd(top.scores);
  for (let k = 0; k < top.index.length; k++) {
    const i = top.index[k]!;
    if (run.union) f.unionRank[i] = p.competition[k]!;
    else {
      f.gradeRank[i] = p.competition[k]!;
      f.gradeDense[i] = p.dense[k]!;
    }
    f.pr[i] = p.percentile[k]!;
    f.beat[i] = p.below[k]!;
    const z = zScore(top.scores[k]!, stats!.mean, stats!.sd);
    f.z[i] = z;
    f.t[i] = tScore(z);
  }
  // Ranks within each class, and in a union within each school (the school's grade).
  for (const members of membersByUnit(run.classOf, run.classes.length)) {
    rankWithin(populationOf(view.score, members), f.classRank, f.classDense);
  }
  if (run.union) {
    for (const members of membersByUnit(run.schoolOf, run.schools.length)) {
      rankWithin(populationOf(view.score, members), f.gradeRank, f.gradeDense);
    }
  }
  if (withLevels && run.levelScheme !== null && top.scores.length > 0) {
    const levels = levelScores(top.scores, run.levelScheme);
    for (let k = 0; k < top.index.length; k++) {
      f.level[top.index[k]!] = levels.level[k]!;
      f.levelScore[top.index[k]!] = levels.score[k]!;
    }
  }
  return f;
}

function rankWithin(pop: Population, rank: Int32Array, dense: Int32Array): void {
  const p = positions(pop.scores);
  for (let k = 0; k < pop.index.length; k++) {
    rank[pop.index[k]!] = p.competition[k]!;
    dense[pop.index[k]!] = p.dense[k]!;
  }
}

/** 偏科 of every student over the courses they sat, from their course Zs against the top population. */
export function studentImbalance(run: RunData, courses: StudentFigures[], threshold: number): StudentImbalance {
  const n = run.n;
  const out: StudentImbalance = {
    spread: new Float64Array(n).fill(Number.NaN),
    weakest: new Int16Array(n).fill(-1),
    strongest: new Int16Array(n).fill(-1),
    weakestZ: new Float64Array(n).fill(Number.NaN),
    strongestZ: new Float64Array(n).fill(Number.NaN),
    flagged: new Uint8Array(n),
  };
  const zs: number[] = [];
  const which: number[] = [];
  for (let i = 0; i < n; i++) {
    zs.length = 0;
    which.length = 0;
    courses.forEach((f, c) => {
      const z = f.z[i]!;
      if (Number.isNaN(z)) return;
      zs.push(z);
      which.push(c);
    });
    const result = imbalance(zs, threshold);
    if (result === null) continue;
    out.spread[i] = result.spread;
    out.weakest[i] = which[result.weakest]!;
    out.strongest[i] = which[result.strongest]!;
    out.weakestZ[i] = zs[result.weakest]!;
    out.strongestZ[i] = zs[result.strongest]!;
    out.flagged[i] = result.flagged ? 1 : 0;
  }
  return out;
}
