import { presentScores } from '@huikao/stats';

// Selecting populations out of a run's arrays: no statistics here, only which students count.
// A population is the present scores of a set of students, with each one's run index.

export interface Population {
  scores: Float64Array;
  /** Run index of population member k. */
  index: Int32Array;
}

/** The students of each unit (class, school, area) as run indices, ascending. */
export function membersByUnit(unitOf: Int32Array, units: number): Int32Array[] {
  const counts = new Int32Array(units);
  for (let i = 0; i < unitOf.length; i++) {
    const u = unitOf[i]!;
    if (u >= 0) counts[u]!++;
  }
  const out = Array.from(counts, (c) => new Int32Array(c));
  const filled = new Int32Array(units);
  for (let i = 0; i < unitOf.length; i++) {
    const u = unitOf[i]!;
    if (u >= 0) out[u]![filled[u]!++] = i;
  }
  return out;
}

/** Every run index 0..n−1. */
export function everyone(n: number): Int32Array {
  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  return all;
}

/** The present scores (not NaN) of `members`, in members' order. */
export function populationOf(values: Float64Array, members: Int32Array): Population {
  const gathered = new Float64Array(members.length);
  for (let k = 0; k < members.length; k++) gathered[k] = values[members[k]!]!;
  const present = presentScores(gathered);
  const index = new Int32Array(present.index.length);
  for (let k = 0; k < index.length; k++) index[k] = members[present.index[k]!]!;
  return { scores: present.scores, index };
}

/** A population split by unit (one population per unit, empty ones included). */
export function splitByUnit(pop: Population, unitOf: Int32Array, units: number): Population[] {
  const counts = new Int32Array(units);
  for (const i of pop.index) counts[unitOf[i]!]!++;
  const out = Array.from(counts, (c) => ({ scores: new Float64Array(c), index: new Int32Array(c) }));
  const filled = new Int32Array(units);
  for (let k = 0; k < pop.index.length; k++) {
    const i = pop.index[k]!;
    const u = unitOf[i]!;
    const at = filled[u]!++;
    out[u]!.scores[at] = pop.scores[k]!;
    out[u]!.index[at] = i;
  }
  return out;
}

/** Column values at a population's run indices. */
export function valuesAt(column: Float64Array, index: Int32Array): Float64Array {
  const out = new Float64Array(index.length);
  for (let k = 0; k < index.length; k++) out[k] = column[index[k]!]!;
  return out;
}

/** Several columns' values at a population's run indices, as views of one buffer. */
export function gatheredColumns(columns: readonly Float64Array[], index: Int32Array): Float64Array[] {
  const n = index.length;
  const buffer = new Float64Array(n * columns.length);
  return columns.map((column, c) => {
    const out = buffer.subarray(c * n, (c + 1) * n);
    for (let k = 0; k < n; k++) out[k] = column[index[k]!]!;
    return out;
  });
}

/** How many of `members` are flagged. */
export function countFlagged(flags: Uint8Array, members: Int32Array): number {
  let count = 0;
  for (const i of members) count += flags[i]!;
  return count;
}
