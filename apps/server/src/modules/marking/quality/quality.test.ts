import { hash53 } from '@huikao/marking';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPapers, markQualityItems, marks } from '../../../db/schema.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDeskService } from '../desk/desk-service.ts';
import { createPaperImageService } from '../desk/paper-image.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createQualityLeaderService } from './leader-service.ts';
import * as repo from './quality-repo.ts';
import { isQualityToken, SELF_CHECK_MIN_AGO } from './quality-service.ts';

// 回评抽检 and 标准卷 (issue #17, marking.md "Quality"): served through the ordinary claim at the
// 题块's rates, answered through the ordinary submit, and never a mark: finals, progress and blind
// counts stay as they were. Runs on PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

const dispatch = () => createDispatchService(s.db);
const leaders = () => createQualityLeaderService(s.db);
const q = () => String(s.question.id);
type Actor = ReturnType<typeof actorOf>;

async function block(papers: number, rates: { self: number; seeded: number }) {
  const [a, b, leader, otherLeader] = await makeUsers(s.db, s.school.id, 4);
  const { block: made, examStudentIds: ids } = await blockOfNewPapers(s, papers, {
    mode: 'single',
    tolerance: 3,
    markers: [{ userId: a!.id }, { userId: b!.id }, { userId: leader!.id, leader: true }],
  });
  await s.db.transaction((tx) =>
    repo.saveSettings(tx, made.id, { selfCheckPercent: rates.self, seededPercent: rates.seeded }),
  );
  return { block: made, a: actorOf(a!), b: actorOf(b!), leader: actorOf(leader!), otherLeader: actorOf(otherLeader!) };
}

/** Claims and submits until the 题块 has nothing left; quality items get `qualityScore(reference)`. */
async function markAll(actor: Actor, blockId: number, score: (paperId: number) => number, limit = 1000) {
  const served: { paperId: number; token: number; blindBefore: number }[] = [];
  let blind = 0;
  for (let i = 0; i < limit; i++) {
    const paper = await dispatch().claim(actor, blockId);
    if (!paper) break;
    const token = Number(paper.token);
    const paperId = Number(paper.paperId);
    if (isQualityToken(token)) served.push({ paperId, token, blindBefore: blind });
    else blind++;
    await dispatch().submit(actor, { blockId, paperId, token, scores: { [q()]: score(paperId) }, seconds: 3 });
  }
  return { served, blind };
}

const itemsOf = (blockId: number, markerId: number) =>
  s.db
    .select()
    .from(markQualityItems)
    .where(and(eq(markQualityItems.blockId, blockId), eq(markQualityItems.markerId, markerId)))
    .orderBy(markQualityItems.id);

describe('回评抽检', () => {
  it('brings back exactly the set share of a marker’s old papers and never touches marks or finals', async () => {
    const { block: b, a, leader } = await block(120, { self: 2, seeded: 0 });
    const first = new Map<number, number>();
    const { served, blind } = await markAll(a, b.id, (paperId) => {
      const again = first.has(paperId);
      const points = again ? first.get(paperId)! + 1 : paperId % 30;
      if (!again) first.set(paperId, points);
      return points;
    });
    expect(blind).toBe(120);
    // The rate: floor((done + the marker's offset) × 2 %) after 120 papers.
    const offset = hash53(`self:${b.id}:${a.userId}`) % 50;
    expect(served).toHaveLength(Math.floor(((120 + offset) * 2) / 100));
    for (const item of served) {
      // Only papers they marked at least SELF_CHECK_MIN_AGO papers before, never the same twice.
      expect(first.has(item.paperId)).toBe(true);
      expect(item.blindBefore).toBeGreaterThan(SELF_CHECK_MIN_AGO);
    }
    expect(new Set(served.map((x) => x.paperId)).size).toBe(served.length);

    // The difference is recorded; the marks, finals and progress are the first marks' alone.
    const items = await itemsOf(b.id, a.userId);
    expect(items.map((i) => [i.kind, i.difference])).toEqual(served.map(() => ['self', 1]));
    const rows = await s.db.select().from(marks).where(eq(marks.blockId, b.id));
    expect(rows).toHaveLength(120);
    const papers = await s.db.select().from(markPapers).where(eq(markPapers.blockId, b.id));
    for (const p of papers) {
      expect(p.stage).toBe('final');
      expect(p.finalScores).toEqual({ [q()]: first.get(p.id) });
    }
    expect((await createDeskService(s.db).progress(a, b.id)).done).toBe(120);
    expect(await leaders().markerQuality(leader, b.id)).toEqual([
      expect.objectContaining({ userId: String(a.userId), selfChecks: served.length, selfMeanAbsDifference: 1 }),
    ]);
  }, 120_000);

  it('a reopened desk gets its unanswered item again; a released one records nothing', async () => {
    const { block: b, a } = await block(60, { self: 20, seeded: 0 });
    let item = null;
    for (let i = 0; i < 60 && !item; i++) {
      const paper = (await dispatch().claim(a, b.id))!;
      if (isQualityToken(Number(paper.token))) item = paper;
      else
        await dispatch().submit(a, {
          blockId: b.id,
          paperId: Number(paper.paperId),
          token: Number(paper.token),
          scores: { [q()]: 5 },
          seconds: 2,
        });
    }
    expect(item).not.toBeNull();
    const again = (await dispatch().claim(a, b.id))!;
    expect(again.token).toBe(item!.token);
    const lease = { blockId: b.id, paperId: Number(item!.paperId), token: Number(item!.token) };
    await dispatch().renew(a, lease);
    await dispatch().release(a, lease);
    expect(await itemsOf(b.id, a.userId)).toEqual([]);
    await expect(dispatch().submit(a, { ...lease, scores: { [q()]: 5 }, seconds: 1 })).rejects.toThrow(/领取已失效/);
  }, 60_000);
});

describe('标准卷', () => {
  it('mixes a 题组长’s reference papers into other markers’ queues once each, away from the finals', async () => {
    const { block: b, a, b: other, leader } = await block(60, { self: 0, seeded: 10 });
    // The leader marks two papers first and declares them: one by their own mark, one by given scores.
    const seeded: number[] = [];
    for (const points of [20, 40]) {
      const paper = (await dispatch().claim(leader, b.id))!;
      const ask = { blockId: b.id, paperId: Number(paper.paperId), token: Number(paper.token) };
      await dispatch().submit(leader, { ...ask, scores: { [q()]: points }, seconds: 5 });
      seeded.push(ask.paperId);
    }
    await leaders().setSeeded(leader, { blockId: b.id, paperId: seeded[0]! });
    const set = await leaders().setSeeded(leader, { blockId: b.id, paperId: seeded[1]!, scores: { [q()]: 41 } });
    expect(set).toMatchObject({ paperId: String(seeded[1]), total: 41 });
    await expect(leaders().setSeeded(a, { blockId: b.id, paperId: seeded[0]! })).rejects.toMatchObject({
      httpStatus: 403,
    });
    const reference = new Map([
      [seeded[0]!, 20],
      [seeded[1]!, 41],
    ]);

    const images = createPaperImageService(s.db, {
      signedUrl: async (k: string) => `/s/${k}`,
    } as unknown as FileStorage);
    let checkedImage = false;
    // Two markers take turns until the 题块 is done; each gives reference + 2 on a 标准卷.
    const seen = new Map<number, number[]>([
      [a.userId, []],
      [other.userId, []],
    ]);
    let busy = true;
    while (busy) {
      busy = false;
      for (const m of [a, other]) {
        const paper = await dispatch().claim(m, b.id);
        if (!paper) continue;
        busy = true;
        const ask = { blockId: b.id, paperId: Number(paper.paperId), token: Number(paper.token) };
        const ref = reference.get(ask.paperId);
        if (isQualityToken(ask.token)) {
          seen.get(m.userId)!.push(ask.paperId);
          if (!checkedImage) {
            expect((await images.paperImage(m, ask)).url).toMatch(/^\/s\//);
            checkedImage = true;
          }
        }
        await dispatch().submit(m, { ...ask, scores: { [q()]: ref === undefined ? 10 : ref + 2 }, seconds: 3 });
      }
    }
    for (const [markerId, papers] of seen) {
      // 29 blind papers each at 10 %: both 标准卷 come, each once, and only 标准卷.
      expect(papers.sort()).toEqual([...seeded].sort());
      expect(new Set(papers).size).toBe(papers.length);
      const figures = (await leaders().markerQuality(leader, b.id)).find((f) => f.userId === String(markerId))!;
      expect(figures).toMatchObject({ seededChecks: 2, seededMeanDeviation: 2, seededMeanAbsDeviation: 2 });
    }
    // The 标准卷 themselves: the leader's one mark, final as the leader gave it.
    for (const [i, paperId] of seeded.entries()) {
      const rows = await s.db.select().from(marks).where(eq(marks.paperId, paperId));
      expect(rows.map((r) => r.markerId)).toEqual([leader.userId]);
      const [paper] = await s.db.select().from(markPapers).where(eq(markPapers.id, paperId));
      expect(paper!.finalScores).toEqual({ [q()]: [20, 40][i] });
    }
    expect(await s.db.select().from(marks).where(eq(marks.blockId, b.id))).toHaveLength(60);
    expect((await leaders().seededPapers(leader, b.id)).map((p) => p.total).sort()).toEqual([20, 41]);
    await leaders().unsetSeeded(leader, { blockId: b.id, paperId: seeded[0]! });
    expect(await leaders().seededPapers(leader, b.id)).toHaveLength(1);
  }, 120_000);
});
