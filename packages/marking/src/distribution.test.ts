import { describe, expect, it } from 'vitest';
import { assignByClass, cappedQuotas, claimAllowance, equalQuotas } from './distribution.ts';
import { MarkingInputError } from './errors.ts';
import { randomInt, seededRandom } from './test-random.ts';

describe('equalQuotas (平均分配)', () => {
  it.each([
    [10, ['a', 'b', 'c'], [4, 3, 3]],
    [9, ['a', 'b', 'c'], [3, 3, 3]],
    [2, ['a', 'b', 'c'], [1, 1, 0]],
    [0, ['a', 'b'], [0, 0]],
    [7, ['a'], [7]],
  ])('shares %i among %j as %j', (total, markers, quotas) => {
    expect(equalQuotas(total, markers).map((share) => share.quota)).toEqual(quotas);
  });

  it('is equal ± 1 and sums to the total (seeded)', () => {
    const random = seededRandom(11);
    for (let run = 0; run < 500; run++) {
      const total = randomInt(random, 0, 5000);
      const markers = Array.from({ length: randomInt(random, 1, 40) }, (_, index) => `m${index}`);
      const quotas = equalQuotas(total, markers).map((share) => share.quota);
      expect(quotas.reduce((sum, quota) => sum + quota, 0)).toBe(total);
      expect(Math.max(...quotas) - Math.min(...quotas)).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    [-1, ['a'], '任务总量必须是不小于 0 的整数'],
    [2.5, ['a'], '任务总量必须是不小于 0 的整数'],
    [5, [], '至少需要一位阅卷教师'],
    [5, ['a', 'a'], '阅卷教师 a 重复'],
  ])('refuses total %s for %j', (total, markers, message) => {
    expect(() => equalQuotas(total, markers)).toThrow(new MarkingInputError(message));
  });
});

describe('cappedQuotas (per-marker caps)', () => {
  it('gives a capped marker the cap and shares the rest', () => {
    expect(cappedQuotas(100, [{ markerId: 'a', cap: 10 }, { markerId: 'b' }, { markerId: 'c' }])).toEqual({
      quotas: [
        { markerId: 'a', quota: 10 },
        { markerId: 'b', quota: 45 },
        { markerId: 'c', quota: 45 },
      ],
      unassigned: 0,
    });
  });

  it('caps again when the reshared share pushes another over', () => {
    const result = cappedQuotas(90, [{ markerId: 'a', cap: 10 }, { markerId: 'b', cap: 35 }, { markerId: 'c' }]);
    expect(result.quotas.map((share) => share.quota)).toEqual([10, 35, 45]);
  });

  it('leaves a cap unused when the equal share is below it', () => {
    expect(cappedQuotas(30, [{ markerId: 'a', cap: 50 }, { markerId: 'b' }]).quotas.map((s) => s.quota)).toEqual([
      15, 15,
    ]);
  });

  it('reports what nobody may take', () => {
    expect(
      cappedQuotas(50, [
        { markerId: 'a', cap: 10 },
        { markerId: 'b', cap: 20 },
      ]),
    ).toEqual({
      quotas: [
        { markerId: 'a', quota: 10 },
        { markerId: 'b', quota: 20 },
      ],
      unassigned: 20,
    });
  });

  it('never exceeds a cap, sums with the unassigned to the total, and stays equal ± 1 among the uncapped (seeded)', () => {
    const random = seededRandom(12);
    for (let run = 0; run < 500; run++) {
      const total = randomInt(random, 0, 3000);
      const markers = Array.from({ length: randomInt(random, 1, 15) }, (_, index) => ({
        markerId: `m${index}`,
        cap: random() < 0.4 ? randomInt(random, 0, 400) : undefined,
      }));
      const { quotas, unassigned } = cappedQuotas(total, markers);
      expect(quotas.reduce((sum, share) => sum + share.quota, 0) + unassigned).toBe(total);
      const below = quotas.filter((share, index) => {
        const cap = markers[index]!.cap;
        if (cap !== undefined) expect(share.quota).toBeLessThanOrEqual(cap);
        return cap === undefined || share.quota < cap;
      });
      if (below.length > 0) {
        const values = below.map((share) => share.quota);
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
        expect(unassigned).toBe(0);
      }
    }
  });

  it('refuses a negative cap', () => {
    expect(() => cappedQuotas(5, [{ markerId: 'a', cap: -1 }])).toThrow('阅卷教师 a 的上限必须是不小于 0 的整数');
  });
});

describe('claimAllowance (quota and daily cap)', () => {
  it.each([
    [
      { done: 0, doneToday: 0 },
      { canClaim: true, left: null },
    ],
    [
      { done: 3, doneToday: 3, quota: 10 },
      { canClaim: true, left: 7 },
    ],
    [
      { done: 10, doneToday: 2, quota: 10 },
      { canClaim: false, reason: 'quota-reached' },
    ],
    [
      { done: 12, doneToday: 2, quota: 10 },
      { canClaim: false, reason: 'quota-reached' },
    ],
    [
      { done: 40, doneToday: 5, dailyCap: 8 },
      { canClaim: true, left: 3 },
    ],
    [
      { done: 40, doneToday: 8, dailyCap: 8 },
      { canClaim: false, reason: 'daily-cap-reached' },
    ],
    [
      { done: 5, doneToday: 5, quota: 20, dailyCap: 8 },
      { canClaim: true, left: 3 },
    ],
    [
      { done: 18, doneToday: 1, quota: 20, dailyCap: 8 },
      { canClaim: true, left: 2 },
    ],
  ])('%j → %j', (limits, expected) => {
    expect(claimAllowance(limits)).toEqual(expected);
  });

  it('refuses a negative count', () => {
    expect(() => claimAllowance({ done: -1, doneToday: 0 })).toThrow('已评数量必须是不小于 0 的整数');
    expect(() => claimAllowance({ done: 1, doneToday: 0, dailyCap: 1.5 })).toThrow('每日上限必须是不小于 0 的整数');
  });
});

describe('assignByClass (按班级)', () => {
  const papers = [
    { paperId: 'p1', classId: 'c1' },
    { paperId: 'p2', classId: 'c2' },
    { paperId: 'p3', classId: 'c1' },
    { paperId: 'p4', classId: 'c3' },
    { paperId: 'p5', classId: 'c2' },
    { paperId: 'p6', classId: 'c2' },
  ];

  it('gives teachers their own classes, shares a shared class, and flags a class without a teacher', () => {
    const result = assignByClass(papers, [
      { markerId: 'wang', classIds: ['c1'] },
      { markerId: 'li', classIds: ['c2'] },
      { markerId: 'zhao', classIds: ['c2', 'c2'] },
    ]);
    expect(result).toEqual({
      byMarker: [
        { markerId: 'wang', paperIds: ['p1', 'p3'] },
        { markerId: 'li', paperIds: ['p2', 'p5'] },
        { markerId: 'zhao', paperIds: ['p6'] },
      ],
      unassigned: [{ paperId: 'p4', classId: 'c3' }],
    });
  });

  it('gives a teacher of no listed class nothing', () => {
    const result = assignByClass(papers.slice(0, 1), [
      { markerId: 'wang', classIds: ['c1'] },
      { markerId: 'sun', classIds: [] },
    ]);
    expect(result.byMarker).toEqual([
      { markerId: 'wang', paperIds: ['p1'] },
      { markerId: 'sun', paperIds: [] },
    ]);
  });

  it('refuses a paper listed twice', () => {
    expect(() => assignByClass([papers[0]!, papers[0]!], [{ markerId: 'a', classIds: ['c1'] }])).toThrow(
      '试卷 p1 重复',
    );
  });
});
