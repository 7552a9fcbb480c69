import { seededRandom, shuffled } from './random.ts';

// Smart assembly (组卷, issue #6 item 4): from candidate questions, choose per question type the
// wanted count so that every chosen knowledge point is covered when the pool allows, the mean
// difficulty lands as close as possible to the target, and the same seed gives the same paper.
//
// 1. Cover: greedy weighted set cover. A question's gain is the sum, over the still uncovered tags it
//    carries, of 1 / (how many candidates carry that tag), so rare points are taken while there is
//    still room for them. Ties go to the question whose difficulty is nearest the target.
// 2. Fill: each remaining slot takes the candidate nearest the difficulty that the rest of the paper
//    needs on average to reach the target mean.
// 3. Improve: swap a chosen question for an unchosen one of the same type while the mean gets closer
//    to the target and no covered tag becomes uncovered.

export interface AssemblyCandidate {
  id: string;
  typeId: string;
  /** 1 容易 … 5 困难. */
  difficulty: number;
  /** The requested tags the question falls under (a tag or one of its descendants). */
  tagIds: readonly string[];
}

export interface AssemblyRequest {
  tagIds: readonly string[];
  quesTypes: readonly { questionTypeId: string; count: number }[];
  /** Target mean difficulty, 1.0–5.0. */
  difficulty: number;
  seed: number | string;
  excludeIds?: readonly string[];
}

export interface AssemblyResult {
  /** In the order of the request's types; within a type, easier questions first. */
  byType: { questionTypeId: string; ids: string[] }[];
  coverage: { tagId: string; count: number }[];
  uncoveredTagIds: string[];
  /** Mean difficulty of the chosen questions, to two decimals; null when nothing was chosen. */
  averageDifficulty: number | null;
  shortfalls: { questionTypeId: string; wanted: number; found: number }[];
}

interface Entry {
  id: string;
  typeId: string;
  difficulty: number;
  tags: string[];
  /** Position in the seeded shuffle of its type's pool: the tie-breaker. */
  order: number;
}

const EPS = 1e-9;
const MAX_SWAP_PASSES = 500;

export function assemblePaper(candidates: readonly AssemblyCandidate[], request: AssemblyRequest): AssemblyResult {
  const random = seededRandom(request.seed);
  const target = request.difficulty;
  const wantedTags = [...new Set(request.tagIds)];
  const tagSet = new Set(wantedTags);
  const excluded = new Set(request.excludeIds ?? []);

  const wanted = new Map<string, number>();
  for (const t of request.quesTypes) {
    wanted.set(t.questionTypeId, (wanted.get(t.questionTypeId) ?? 0) + Math.max(0, Math.floor(t.count)));
  }

  // Pools per wanted type, without duplicates or excluded ids; sorted by id first so the result
  // depends on the seed only, not on the order the candidates arrived in.
  const raw = new Map<string, Omit<Entry, 'order'>[]>([...wanted.keys()].map((k) => [k, []]));
  const seen = new Set<string>();
  const byId = [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const c of byId) {
    const pool = raw.get(c.typeId);
    if (!pool || seen.has(c.id) || excluded.has(c.id) || !Number.isFinite(c.difficulty)) continue;
    seen.add(c.id);
    pool.push({
      id: c.id,
      typeId: c.typeId,
      difficulty: c.difficulty,
      tags: [...new Set(c.tagIds)].filter((t) => tagSet.has(t)),
    });
  }
  const pools = new Map<string, Entry[]>();
  for (const [typeId, pool] of raw)
    pools.set(
      typeId,
      shuffled(pool, random).map((e, order) => ({ ...e, order })),
    );

  const slots = new Map<string, number>();
  for (const [typeId, count] of wanted) slots.set(typeId, Math.min(count, pools.get(typeId)!.length));
  const totalSlots = [...slots.values()].reduce((a, b) => a + b, 0);

  const rarity = new Map<string, number>();
  for (const pool of pools.values())
    for (const e of pool) for (const t of e.tags) rarity.set(t, (rarity.get(t) ?? 0) + 1);

  const chosen = new Map<string, Entry[]>([...pools.keys()].map((k) => [k, []]));
  const chosenIds = new Set<string>();
  const tagCount = new Map<string, number>(wantedTags.map((t) => [t, 0]));
  let sum = 0;
  let count = 0;
  const open = (typeId: string) => chosen.get(typeId)!.length < slots.get(typeId)!;
  const take = (e: Entry) => {
    chosen.get(e.typeId)!.push(e);
    chosenIds.add(e.id);
    for (const t of e.tags) tagCount.set(t, tagCount.get(t)! + 1);
    sum += e.difficulty;
    count += 1;
  };

  // 1. Cover.
  for (;;) {
    let best: Entry | null = null;
    let bestGain = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [typeId, pool] of pools) {
      if (!open(typeId)) continue;
      for (const e of pool) {
        if (chosenIds.has(e.id)) continue;
        let gain = 0;
        for (const t of e.tags) if (tagCount.get(t) === 0) gain += 1 / rarity.get(t)!;
        if (gain <= EPS) continue;
        const distance = Math.abs(e.difficulty - target);
        if (gain > bestGain + EPS || (Math.abs(gain - bestGain) <= EPS && distance < bestDistance - EPS)) {
          best = e;
          bestGain = gain;
          bestDistance = distance;
        }
      }
    }
    if (!best) break;
    take(best);
  }

  // 2. Fill.
  while (count < totalSlots) {
    const ideal = (target * totalSlots - sum) / (totalSlots - count);
    let best: Entry | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [typeId, pool] of pools) {
      if (!open(typeId)) continue;
      for (const e of pool) {
        if (chosenIds.has(e.id)) continue;
        const distance = Math.abs(e.difficulty - ideal);
        if (distance < bestDistance - EPS) {
          best = e;
          bestDistance = distance;
        }
      }
    }
    if (!best) break;
    take(best);
  }

  // 3. Improve.
  const keepsCoverage = (out: Entry, into: Entry) =>
    out.tags.every((t) => tagCount.get(t)! > 1 || into.tags.includes(t));
  for (let pass = 0; pass < MAX_SWAP_PASSES && count > 0; pass++) {
    let bestDeviation = Math.abs(sum / count - target) - EPS;
    let swap: { out: Entry; into: Entry } | null = null;
    for (const [typeId, pool] of pools) {
      for (const out of chosen.get(typeId)!) {
        for (const into of pool) {
          if (chosenIds.has(into.id)) continue;
          const deviation = Math.abs((sum - out.difficulty + into.difficulty) / count - target);
          if (deviation < bestDeviation && keepsCoverage(out, into)) {
            bestDeviation = deviation;
            swap = { out, into };
          }
        }
      }
    }
    if (!swap) break;
    const list = chosen.get(swap.out.typeId)!;
    list.splice(list.indexOf(swap.out), 1);
    chosenIds.delete(swap.out.id);
    for (const t of swap.out.tags) tagCount.set(t, tagCount.get(t)! - 1);
    sum -= swap.out.difficulty;
    count -= 1;
    take(swap.into);
  }

  const byType = [...wanted.keys()].map((typeId) => ({
    questionTypeId: typeId,
    ids: [...chosen.get(typeId)!].sort((a, b) => a.difficulty - b.difficulty || a.order - b.order).map((e) => e.id),
  }));
  const coverage = wantedTags.map((tagId) => ({ tagId, count: tagCount.get(tagId)! }));
  return {
    byType,
    coverage,
    uncoveredTagIds: coverage.filter((c) => c.count === 0).map((c) => c.tagId),
    averageDifficulty: count === 0 ? null : Math.round((sum / count) * 100) / 100,
    shortfalls: [...wanted]
      .filter(([typeId, n]) => pools.get(typeId)!.length < n)
      .map(([typeId, n]) => ({ questionTypeId: typeId, wanted: n, found: pools.get(typeId)!.length })),
  };
}
