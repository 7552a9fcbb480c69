import { describe, expect, it } from 'vitest';
import { type AssemblyCandidate, assemblePaper } from './assemble.ts';

// A pool: `n` questions of a type over the tags, difficulties cycling 1…5.
function pool(typeId: string, n: number, tags: string[], start = 0): AssemblyCandidate[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${typeId}-${start + i}`,
    typeId,
    difficulty: ((start + i) % 5) + 1,
    tagIds: [tags[i % tags.length]!],
  }));
}
const mean = (ids: string[], all: AssemblyCandidate[]) =>
  ids.reduce((s, id) => s + all.find((c) => c.id === id)!.difficulty, 0) / ids.length;

describe('assemblePaper', () => {
  it('covers every tag, including a rare one carried by a single question', () => {
    const candidates = [
      ...pool('choice', 40, ['a', 'b']),
      { id: 'rare', typeId: 'choice', difficulty: 5, tagIds: ['c'] },
      ...pool('answer', 10, ['a', 'b']),
    ];
    const result = assemblePaper(candidates, {
      tagIds: ['a', 'b', 'c'],
      quesTypes: [
        { questionTypeId: 'choice', count: 5 },
        { questionTypeId: 'answer', count: 2 },
      ],
      difficulty: 2,
      seed: 7,
    });
    expect(result.uncoveredTagIds).toEqual([]);
    expect(result.byType[0]!.ids).toContain('rare');
    expect(result.byType.map((t) => t.ids.length)).toEqual([5, 2]);
    expect(result.coverage.every((c) => c.count > 0)).toBe(true);
    expect(result.shortfalls).toEqual([]);
  });

  it('reports a tag no candidate carries as uncovered', () => {
    const result = assemblePaper(pool('choice', 10, ['a']), {
      tagIds: ['a', 'z'],
      quesTypes: [{ questionTypeId: 'choice', count: 3 }],
      difficulty: 3,
      seed: 1,
    });
    expect(result.uncoveredTagIds).toEqual(['z']);
    expect(result.coverage).toEqual([
      { tagId: 'a', count: 3 },
      { tagId: 'z', count: 0 },
    ]);
  });

  it.each([1.4, 2, 2.7, 3, 3.6, 4.5])('lands the mean within 0.3 of %s when the pool allows', (target) => {
    const candidates = [...pool('choice', 60, ['a', 'b', 'c']), ...pool('fill', 30, ['a', 'b', 'c'])];
    const result = assemblePaper(candidates, {
      tagIds: ['a', 'b', 'c'],
      quesTypes: [
        { questionTypeId: 'choice', count: 8 },
        { questionTypeId: 'fill', count: 4 },
      ],
      difficulty: target,
      seed: 'paper',
    });
    const ids = result.byType.flatMap((t) => t.ids);
    expect(ids).toHaveLength(12);
    expect(Math.abs(mean(ids, candidates) - target)).toBeLessThanOrEqual(0.3);
    expect(result.averageDifficulty).toBeCloseTo(mean(ids, candidates), 2);
    expect(result.uncoveredTagIds).toEqual([]);
  });

  it('keeps coverage over difficulty: a hard-only rare tag stays covered', () => {
    const candidates = [
      ...Array.from({ length: 20 }, (_, i) => ({ id: `e${i}`, typeId: 't', difficulty: 1, tagIds: ['a'] })),
      { id: 'hard', typeId: 't', difficulty: 5, tagIds: ['b'] },
    ];
    const result = assemblePaper(candidates, {
      tagIds: ['a', 'b'],
      quesTypes: [{ questionTypeId: 't', count: 4 }],
      difficulty: 1,
      seed: 3,
    });
    expect(result.byType[0]!.ids).toContain('hard');
    expect(result.averageDifficulty).toBe(2);
  });

  it('reports a shortfall and takes what there is, without duplicates or excluded ids', () => {
    const candidates = [...pool('choice', 3, ['a']), ...pool('choice', 3, ['a'])];
    const result = assemblePaper(candidates, {
      tagIds: ['a'],
      quesTypes: [
        { questionTypeId: 'choice', count: 5 },
        { questionTypeId: 'essay', count: 2 },
      ],
      difficulty: 3,
      seed: 1,
      excludeIds: ['choice-0'],
    });
    expect(result.byType[0]!.ids.sort()).toEqual(['choice-1', 'choice-2']);
    expect(result.byType[1]!.ids).toEqual([]);
    expect(result.shortfalls).toEqual([
      { questionTypeId: 'choice', wanted: 5, found: 2 },
      { questionTypeId: 'essay', wanted: 2, found: 0 },
    ]);
  });

  it('is deterministic for a seed, whatever the candidates’ order, and varies with the seed', () => {
    const candidates = [...pool('choice', 200, ['a', 'b', 'c', 'd'])];
    const request = {
      tagIds: ['a', 'b', 'c', 'd'],
      quesTypes: [{ questionTypeId: 'choice', count: 10 }],
      difficulty: 3,
    };
    const first = assemblePaper(candidates, { ...request, seed: 42 });
    const again = assemblePaper([...candidates].reverse(), { ...request, seed: 42 });
    expect(again).toEqual(first);
    const others = [1, 2, 3, 4].map((seed) => assemblePaper(candidates, { ...request, seed }).byType[0]!.ids.join());
    expect(others.some((ids) => ids !== first.byType[0]!.ids.join())).toBe(true);
  });

  it('orders each type from easy to hard', () => {
    const result = assemblePaper(pool('choice', 50, ['a']), {
      tagIds: ['a'],
      quesTypes: [{ questionTypeId: 'choice', count: 6 }],
      difficulty: 3,
      seed: 9,
    });
    const difficulties = result.byType[0]!.ids.map((id) => (Number(id.split('-')[1]) % 5) + 1);
    expect(difficulties).toEqual([...difficulties].sort((a, b) => a - b));
  });

  it('returns an empty proposal for an empty pool', () => {
    const result = assemblePaper([], {
      tagIds: ['a'],
      quesTypes: [{ questionTypeId: 'choice', count: 3 }],
      difficulty: 3,
      seed: 0,
    });
    expect(result).toEqual({
      byType: [{ questionTypeId: 'choice', ids: [] }],
      coverage: [{ tagId: 'a', count: 0 }],
      uncoveredTagIds: ['a'],
      averageDifficulty: null,
      shortfalls: [{ questionTypeId: 'choice', wanted: 3, found: 0 }],
    });
  });
});
