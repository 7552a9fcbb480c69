import { markingMonitorApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBlockSettings, markLeases, markPapers, marks } from '../../../db/schema.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { createDispatchService } from './dispatch-service.ts';

// The desk's queue (marking.md "Each marker's desk holds its current paper and prefetches the next
// two images"): claimQueue holds up to three leases, renews them together, never gives one paper
// twice, counts papers leased ahead against quotas and caps, and loses nothing when a desk goes
// quiet or a marker is paused. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

type User = Awaited<ReturnType<typeof makeUsers>>[number];

async function block(
  mode: 'single' | 'double',
  papers: number,
  markers: { userId: number; quota?: number; leader?: boolean }[],
  settings?: { distribution: 'even' | 'free' | 'quota'; dailyCap?: number },
) {
  const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, papers);
  const row = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode,
    tolerance: 3,
    markers,
    examStudentIds,
  });
  if (settings) {
    await s.db
      .insert(markBlockSettings)
      .values({ blockId: row.id, distribution: settings.distribution, dailyCap: settings.dailyCap ?? null });
  }
  return row.id;
}

const q = () => String(s.question.id);
const submitOf =
  (dispatch: ReturnType<typeof createDispatchService>, user: User, blockId: number) =>
  (paper: { paperId: string; token: string }, points: number) =>
    dispatch.submit(actorOf(user), {
      blockId,
      paperId: Number(paper.paperId),
      token: Number(paper.token),
      scores: { [q()]: points },
      seconds: 2,
    });

describe('the desk holds three', () => {
  it('leases three different papers, and the next call renews the same three', async () => {
    const [one] = await makeUsers(s.db, s.school.id, 1);
    const blockId = await block('single', 5, [{ userId: one!.id }]);
    let now = Date.parse('2026-11-26T08:00:00Z');
    const dispatch = createDispatchService(s.db, { now: () => new Date(now) });
    const queue = await dispatch.claimQueue(actorOf(one!), blockId);
    expect(queue).toHaveLength(3);
    expect(new Set(queue.map((p) => p.paperId)).size).toBe(3);
    const tokens = queue.map((p) => Number(p.token));
    expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
    for (const paper of queue) {
      const [row] = await s.db
        .select()
        .from(markPapers)
        .where(eq(markPapers.id, Number(paper.paperId)));
      expect(row!.holders).toEqual([one!.id]);
    }

    now += 5 * 60_000;
    const again = await dispatch.claimQueue(actorOf(one!), blockId);
    expect(again.map((p) => [p.paperId, p.token])).toEqual(queue.map((p) => [p.paperId, p.token]));
    for (const paper of again) expect(Date.parse(paper.expiresAt)).toBe(now + 10 * 60_000);
    // The plain claim is unchanged for other clients: the oldest held paper.
    expect((await dispatch.claim(actorOf(one!), blockId))!.paperId).toBe(queue[0]!.paperId);
  });

  it('takes submissions out of order and tops up with papers never seen', async () => {
    const [one] = await makeUsers(s.db, s.school.id, 1);
    const blockId = await block('single', 7, [{ userId: one!.id }]);
    const dispatch = createDispatchService(s.db);
    const submit = submitOf(dispatch, one!, blockId);
    const seen = new Set<string>();
    let queue = await dispatch.claimQueue(actorOf(one!), blockId);
    for (const p of queue) seen.add(p.paperId);
    await submit(queue[2]!, 5);
    await submit(queue[0]!, 6);
    const kept = queue[1]!;
    queue = await dispatch.claimQueue(actorOf(one!), blockId);
    expect(queue[0]!.paperId).toBe(kept.paperId);
    expect(queue).toHaveLength(3);
    for (const p of queue.slice(1)) {
      expect(seen.has(p.paperId), 'a new paper').toBe(false);
      seen.add(p.paperId);
    }
    // Mark the rest, in reverse each time: all seven, each once.
    for (;;) {
      queue = await dispatch.claimQueue(actorOf(one!), blockId);
      if (queue.length === 0) break;
      for (const p of [...queue].reverse()) {
        seen.add(p.paperId);
        await submit(p, 7);
      }
    }
    const given = await s.db.select().from(marks).where(eq(marks.blockId, blockId));
    expect(given).toHaveLength(7);
    expect(new Set(given.map((m) => m.paperId)).size).toBe(7);
    expect(seen.size).toBe(7);
  });

  it('passes prefetched papers on when the desk goes quiet, and refuses their stale tokens', async () => {
    const [quiet, taker] = await makeUsers(s.db, s.school.id, 2);
    const blockId = await block('single', 3, [{ userId: quiet!.id }, { userId: taker!.id }]);
    let now = Date.parse('2026-11-26T09:00:00Z');
    const dispatch = createDispatchService(s.db, { now: () => new Date(now) });
    const held = await dispatch.claimQueue(actorOf(quiet!), blockId);
    expect(held).toHaveLength(3);
    expect(await dispatch.claimQueue(actorOf(taker!), blockId)).toEqual([]);

    now += 11 * 60_000;
    const taken = await dispatch.claimQueue(actorOf(taker!), blockId);
    expect(taken.map((p) => p.paperId).sort()).toEqual(held.map((p) => p.paperId).sort());
    for (const p of held) {
      await expect(submitOf(dispatch, quiet!, blockId)(p, 1)).rejects.toThrow(/领取已失效/);
    }
    expect(await dispatch.claimQueue(actorOf(quiet!), blockId)).toEqual([]);
    for (const p of taken) await submitOf(dispatch, taker!, blockId)(p, 2);
    const given = await s.db.select().from(marks).where(eq(marks.blockId, blockId));
    expect(given.map((m) => m.markerId)).toEqual([taker!.id, taker!.id, taker!.id]);
  });

  it('returns all three through returnLeases when the marker is paused', async () => {
    const [marker, other] = await makeUsers(s.db, s.school.id, 2);
    const blockId = await block('single', 4, [{ userId: marker!.id }, { userId: other!.id }]);
    const queue = await createDispatchService(s.db).claimQueue(actorOf(marker!), blockId);
    expect(queue).toHaveLength(3);
    const paused = expectOk(
      await s.call(markingMonitorApi.pauseMarker, {
        blockId: String(blockId),
        userId: String(marker!.id),
        paused: true,
      }),
    );
    expect(paused).toEqual({ paused: true, releasedLeases: 3 });
    for (const p of queue) {
      const [row] = await s.db
        .select()
        .from(markPapers)
        .where(eq(markPapers.id, Number(p.paperId)));
      expect(row!.holders).toEqual([]);
    }
    expect(await createDispatchService(s.db).claimQueue(actorOf(other!), blockId)).toHaveLength(3);
  });
});

describe('quotas and caps count papers leased ahead', () => {
  it('手设定额: a quota of 2 holds only 2', async () => {
    const [one] = await makeUsers(s.db, s.school.id, 1);
    const blockId = await block('single', 5, [{ userId: one!.id, quota: 2 }], { distribution: 'quota' });
    const dispatch = createDispatchService(s.db);
    const queue = await dispatch.claimQueue(actorOf(one!), blockId);
    expect(queue).toHaveLength(2);
    await submitOf(dispatch, one!, blockId)(queue[0]!, 3);
    expect((await dispatch.claimQueue(actorOf(one!), blockId)).map((p) => p.paperId)).toEqual([queue[1]!.paperId]);
  });

  it('平均分配: shares of 2, 2 and 1 even when every desk prefetches', async () => {
    const users = await makeUsers(s.db, s.school.id, 3);
    const blockId = await block(
      'single',
      5,
      users.map((u) => ({ userId: u.id })),
      { distribution: 'even' },
    );
    const dispatch = createDispatchService(s.db);
    const counts: number[] = [];
    for (const u of users) {
      let n = 0;
      for (;;) {
        const queue = await dispatch.claimQueue(actorOf(u), blockId);
        expect(queue.length).toBeLessThanOrEqual(2);
        if (queue.length === 0) break;
        await submitOf(dispatch, u, blockId)(queue[0]!, 4);
        n++;
      }
      counts.push(n);
    }
    expect(counts).toEqual([2, 2, 1]);
  });

  it('每日上限: the cap counts held papers, and is refused once reached', async () => {
    const [one] = await makeUsers(s.db, s.school.id, 1);
    const blockId = await block('single', 5, [{ userId: one!.id }], { distribution: 'free', dailyCap: 2 });
    const dispatch = createDispatchService(s.db);
    const queue = await dispatch.claimQueue(actorOf(one!), blockId);
    expect(queue).toHaveLength(2);
    for (const p of queue) await submitOf(dispatch, one!, blockId)(p, 1);
    await expect(dispatch.claimQueue(actorOf(one!), blockId)).rejects.toThrow(/已达该题块的每日上限 2 份/);
  });
});

describe('三评 and 仲裁 in a 题组长’s queue', () => {
  it('puts 三评 before blind papers, and 仲裁 to a leader who has not marked the paper', async () => {
    const [a, b, lead1, lead2] = await makeUsers(s.db, s.school.id, 4);
    const blockId = await block('double', 3, [
      { userId: a!.id },
      { userId: b!.id },
      { userId: lead1!.id, leader: true },
      { userId: lead2!.id, leader: true },
    ]);
    const dispatch = createDispatchService(s.db);
    // a and b mark two of the three papers 0 and 20: both go to 三评; the third stays blind.
    for (const [user, points] of [
      [a!, 0],
      [b!, 20],
    ] as const) {
      const queue = await dispatch.claimQueue(actorOf(user), blockId);
      expect(queue).toHaveLength(3);
      for (const p of queue.slice(0, 2)) await submitOf(dispatch, user, blockId)(p, points);
      for (const p of queue.slice(2)) {
        await dispatch.release(actorOf(user), { blockId, paperId: Number(p.paperId), token: Number(p.token) });
      }
    }
    const lead1Queue = await dispatch.claimQueue(actorOf(lead1!), blockId);
    expect(lead1Queue.map((p) => p.kind)).toEqual(['third', 'third', 'first']);
    const [far, near] = lead1Queue;
    expect(await submitOf(dispatch, lead1!, blockId)(far!, 10)).toEqual({ stage: 'arbitration' });
    expect(await submitOf(dispatch, lead1!, blockId)(near!, 1)).toEqual({ stage: 'final' });

    // lead1 gave the 三评 of the paper now in 仲裁: it is lead2's, with the three earlier scores.
    const again = await dispatch.claimQueue(actorOf(lead1!), blockId);
    expect(again.map((p) => p.paperId)).toEqual([lead1Queue[2]!.paperId]);
    const lead2Queue = await dispatch.claimQueue(actorOf(lead2!), blockId);
    expect(lead2Queue[0]).toMatchObject({ paperId: far!.paperId, kind: 'arbitration' });
    expect(lead2Queue[0]!.earlier).toHaveLength(3);
    // Then the blind paper lead1 also holds: its second slot is still free.
    expect(lead2Queue.map((p) => [p.paperId, p.kind])).toEqual([
      [far!.paperId, 'arbitration'],
      [lead1Queue[2]!.paperId, 'first'],
    ]);
    expect(await submitOf(dispatch, lead2!, blockId)(lead2Queue[0]!, 9)).toEqual({ stage: 'final' });
  });
});

describe('many desks at once', () => {
  it('every paper double-marked by distinct markers, none lost, when 60 desks prefetch', async () => {
    const PAPERS = 80;
    const markers = await makeUsers(s.db, s.school.id, 60);
    const blockId = await block(
      'double',
      PAPERS,
      markers.map((m) => ({ userId: m.id })),
    );
    const dispatch = createDispatchService(s.db);
    const open = async () =>
      (await s.db.select().from(markPapers).where(eq(markPapers.blockId, blockId))).filter((p) => p.stage !== 'final')
        .length;
    await Promise.all(
      markers.map(async (user, i) => {
        for (;;) {
          const queue = await dispatch.claimQueue(actorOf(user), blockId);
          if (queue.length === 0) {
            if ((await open()) === 0) return;
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          // Odd desks mark their newest paper first: order must not matter.
          const paper = i % 2 === 0 ? queue[0]! : queue[queue.length - 1]!;
          await submitOf(dispatch, user, blockId)(paper, 10);
        }
      }),
    );
    const papers = await s.db.select().from(markPapers).where(eq(markPapers.blockId, blockId));
    const given = await s.db.select().from(marks).where(eq(marks.blockId, blockId));
    expect(papers.every((p) => p.stage === 'final')).toBe(true);
    expect(given).toHaveLength(PAPERS * 2);
    for (const p of papers) {
      const own = given.filter((m) => m.paperId === p.id);
      expect(new Set(own.map((m) => m.markerId)).size).toBe(2);
    }
    expect(await s.db.select().from(markLeases).where(eq(markLeases.blockId, blockId))).toHaveLength(0);
  }, 240_000);
});
