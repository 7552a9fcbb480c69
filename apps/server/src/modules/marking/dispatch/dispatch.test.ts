import { finalScore } from '@huikao/marking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLeases, markPapers, marks } from '../../../db/schema.ts';
import {
  actorOf,
  addExamStudents,
  blockOfNewPapers,
  makeBlock,
  makeUsers,
  setUpMarking,
} from '../../../test/marking-fixture.ts';
import { createDispatchService } from './dispatch-service.ts';

// Dispatch under load and over time (issue #17 "Tests that must exist"): 200 markers at once on one
// double-marked 题块, and leases that expire and pass on. Runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (where the claims really race).

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('200 concurrent markers on one double-marked 题块', () => {
  it('gives every paper exactly the marks its mode needs, from distinct markers, none lost', async () => {
    const PAPERS = 120;
    const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, PAPERS);
    const markers = await makeUsers(s.db, s.school.id, 200);
    const leaders = new Set(markers.slice(0, 20).map((m) => m.id));
    const block = await makeBlock(s.db, {
      schoolId: s.school.id,
      seId: s.math.id,
      question: s.question,
      mode: 'double',
      tolerance: 3,
      markers: markers.map((m) => ({ userId: m.id, leader: leaders.has(m.id) })),
      examStudentIds,
    });
    const dispatch = createDispatchService(s.db);
    // Scores spread over 0..20 so some papers go to 三评 and some on to 仲裁.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const open = async (stages: string[]) =>
      (await s.db.select().from(markPapers).where(eq(markPapers.blockId, block.id))).filter((p) =>
        stages.includes(p.stage),
      ).length;

    await Promise.all(
      markers.map(async (user) => {
        const actor = actorOf(user);
        const stages = leaders.has(user.id) ? ['blind', 'third', 'arbitration'] : ['blind'];
        for (;;) {
          const paper = await dispatch.claim(actor, block.id);
          if (!paper) {
            if ((await open(stages)) === 0) return;
            await sleep(5);
            continue;
          }
          const points = Math.floor(random() * 21);
          await dispatch.submit(actor, {
            blockId: block.id,
            paperId: Number(paper.paperId),
            token: Number(paper.token),
            scores: { [String(s.question.id)]: points },
            seconds: 3,
          });
        }
      }),
    );

    const papers = await s.db.select().from(markPapers).where(eq(markPapers.blockId, block.id));
    const all = await s.db.select().from(marks).where(eq(marks.blockId, block.id));
    expect(papers).toHaveLength(PAPERS);
    let thirds = 0;
    let arbitrations = 0;
    const q = String(s.question.id);
    for (const paper of papers) {
      const own = all.filter((m) => m.paperId === paper.id);
      const byKind = (kind: string) => own.filter((m) => m.kind === kind);
      expect(paper.stage).toBe('final');
      expect(new Set(own.map((m) => m.markerId)).size, 'distinct markers').toBe(own.length);
      expect(byKind('first')).toHaveLength(1);
      expect(byKind('second')).toHaveLength(1);
      const [a, b] = [byKind('first')[0]!.scores[q]!, byKind('second')[0]!.scores[q]!];
      const needsThird = Math.abs(a - b) > 3;
      expect(byKind('third')).toHaveLength(needsThird ? 1 : 0);
      const c = byKind('third')[0]?.scores[q];
      const needsArbitration = c !== undefined && Math.abs(c - a) > 3 && Math.abs(c - b) > 3;
      expect(byKind('arbitration')).toHaveLength(needsArbitration ? 1 : 0);
      for (const m of [...byKind('third'), ...byKind('arbitration')]) expect(leaders.has(m.markerId)).toBe(true);
      thirds += needsThird ? 1 : 0;
      arbitrations += needsArbitration ? 1 : 0;
      const expected = finalScore(
        { fullMarks: s.question.fullMark, step: 1, tolerance: 3 },
        { first: a, second: b, third: c, arbitration: byKind('arbitration')[0]?.scores[q] },
      );
      expect(expected.kind).toBe('final');
      if (expected.kind === 'final') expect(paper.finalScores).toEqual({ [q]: expected.score });
    }
    expect(all).toHaveLength(PAPERS * 2 + thirds + arbitrations);
    expect(thirds).toBeGreaterThan(0);
    expect(arbitrations).toBeGreaterThan(0);
    expect(await s.db.select().from(markLeases).where(eq(markLeases.blockId, block.id))).toHaveLength(0);
  }, 240_000);
});

describe('leases over time', () => {
  it('passes a paper on after its holder stops, and refuses the stale token', async () => {
    const [esId] = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, 1);
    const [left, taker] = await makeUsers(s.db, s.school.id, 2);
    const block = await makeBlock(s.db, {
      schoolId: s.school.id,
      seId: s.math.id,
      question: s.question,
      mode: 'single',
      tolerance: 0,
      markers: [{ userId: left!.id }, { userId: taker!.id }],
      examStudentIds: [esId!],
    });
    let now = Date.parse('2026-11-26T08:00:00Z');
    const dispatch = createDispatchService(s.db, { now: () => new Date(now) });
    const q = String(s.question.id);
    const held = (await dispatch.claim(actorOf(left!), block.id))!;
    expect(held).not.toBeNull();
    expect(await dispatch.claim(actorOf(taker!), block.id)).toBeNull();

    now += 9 * 60_000;
    const { expiresAt } = await dispatch.renew(actorOf(left!), {
      blockId: block.id,
      paperId: Number(held.paperId),
      token: Number(held.token),
    });
    expect(Date.parse(expiresAt)).toBe(now + 10 * 60_000);
    now += 9 * 60_000;
    expect(await dispatch.claim(actorOf(taker!), block.id), 'renewed lease still holds').toBeNull();

    now += 2 * 60_000; // the holder's desk went quiet: the lease ran out
    const taken = (await dispatch.claim(actorOf(taker!), block.id))!;
    expect(taken.paperId).toBe(held.paperId);
    expect(Number(taken.token)).toBeGreaterThan(Number(held.token));

    const stale = { blockId: block.id, paperId: Number(held.paperId), token: Number(held.token) };
    await expect(dispatch.submit(actorOf(left!), { ...stale, scores: { [q]: 50 }, seconds: 30 })).rejects.toThrow(
      /领取已失效/,
    );
    await expect(dispatch.renew(actorOf(left!), stale)).rejects.toThrow(/领取已失效/);
    const done = await dispatch.submit(actorOf(taker!), {
      blockId: block.id,
      paperId: Number(taken.paperId),
      token: Number(taken.token),
      scores: { [q]: 60 },
      seconds: 20,
    });
    expect(done.stage).toBe('final');
    const recorded = await s.db.select().from(marks).where(eq(marks.blockId, block.id));
    expect(recorded.map((m) => [m.markerId, m.scores[q]])).toEqual([[taker!.id, 60]]);
    expect(await dispatch.claim(actorOf(left!), block.id)).toBeNull();
  });

  // The pick has two ways in (decisions: the claim's pick): papers with a slot left counting every
  // holder, and papers full only because a lease on them ran out. Lowest id first across both.
  it('takes the slot of an expired lease beside a live one, before papers further on', async () => {
    const [a, b, c, d] = await makeUsers(s.db, s.school.id, 4);
    const { block, examStudentIds: ids } = await blockOfNewPapers(s, 3, {
      mode: 'double',
      tolerance: 5,
      markers: [a!, b!, c!, d!].map((u) => ({ userId: u.id })),
    });
    let now = Date.parse('2026-11-26T08:00:00Z');
    const dispatch = createDispatchService(s.db, { now: () => new Date(now) });
    const first = (await dispatch.claim(actorOf(a!), block.id))!;
    const second = (await dispatch.claim(actorOf(b!), block.id))!;
    expect(second.paperId, 'both blind slots of the first paper').toBe(first.paperId);
    const third = (await dispatch.claim(actorOf(c!), block.id))!;
    expect(third.paperId).not.toBe(first.paperId);

    now += 9 * 60_000;
    await dispatch.renew(actorOf(b!), {
      blockId: block.id,
      paperId: Number(second.paperId),
      token: Number(second.token),
    });
    now += 2 * 60_000; // a's and c's leases ran out, b's renewed one still holds
    const taken = (await dispatch.claim(actorOf(d!), block.id))!;
    expect(taken.paperId, 'the first paper, full on its row only through a’s expired lease').toBe(first.paperId);
    const [row] = await s.db
      .select()
      .from(markPapers)
      .where(eq(markPapers.id, Number(first.paperId)));
    expect(row!.holders).toEqual([b!.id, d!.id]);
    const leases = await s.db
      .select()
      .from(markLeases)
      .where(eq(markLeases.paperId, Number(first.paperId)));
    expect(leases.map((l) => l.markerId).sort()).toEqual([b!.id, d!.id].sort());
    const stale = { blockId: block.id, paperId: Number(first.paperId), token: Number(first.token) };
    await expect(
      dispatch.submit(actorOf(a!), { ...stale, scores: { [String(s.question.id)]: 10 }, seconds: 5 }),
    ).rejects.toThrow(/领取已失效/);
    // a may come back: the first paper is full with live leases, c's lapsed paper is next in line.
    expect((await dispatch.claim(actorOf(a!), block.id))!.paperId).toBe(third.paperId);
  });

  it('never gives a marker the same paper twice and respects the quota', async () => {
    const [one] = await makeUsers(s.db, s.school.id, 1);
    const { block, examStudentIds: ids } = await blockOfNewPapers(s, 3, {
      mode: 'double',
      tolerance: 5,
      markers: [{ userId: one!.id, quota: 2 }],
    });
    const dispatch = createDispatchService(s.db);
    const seen: string[] = [];
    for (;;) {
      const paper = await dispatch.claim(actorOf(one!), block.id);
      if (!paper) break;
      seen.push(paper.paperId);
      const stage = await dispatch.submit(actorOf(one!), {
        blockId: block.id,
        paperId: Number(paper.paperId),
        token: Number(paper.token),
        scores: { [String(s.question.id)]: 10 },
        seconds: 5,
      });
      expect(stage.stage).toBe('blind');
    }
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
  });
});
