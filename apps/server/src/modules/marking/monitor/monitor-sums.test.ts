import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markMonitorChanges, markMonitorState, markPapers, marks } from '../../../db/schema.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDeskService } from '../desk/desk-service.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createSpotCheckService } from '../spot-check/spot-check-service.ts';
import { markerStats, type StatsRow } from './marker-stats-repo.ts';

// The kept sums (monitor-sums-repo.ts) against the same figures computed from scratch: markers claim
// and submit all at once while a leader's screen refreshes, then 回评 re-marks and 抽查 corrections
// change papers already counted. On PostgreSQL (TEST_DATABASE_URL) the submitters and the refreshes
// really race; a change committed during a refresh must be counted by the next one.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (rows: StatsRow[]) =>
  [...rows].sort((x, y) => x.markerId - y.markerId || x.bin - y.bin || x.recentN - y.recentN);

describe('题目监控 sums kept between refreshes', () => {
  it('equal the figures recomputed from all marks after concurrent submissions, 回评 and 抽查', async () => {
    const PAPERS = 60;
    const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, PAPERS);
    const markers = await makeUsers(s.db, s.school.id, 30);
    const leaders = new Set(markers.slice(0, 4).map((m) => m.id));
    const block = await makeBlock(s.db, {
      schoolId: s.school.id,
      seId: s.math.id,
      question: s.question,
      mode: 'double',
      tolerance: 3,
      markers: markers.map((m) => ({ userId: m.id, leader: leaders.has(m.id) })),
      examStudentIds,
    });
    const q = String(s.question.id);
    const dispatch = createDispatchService(s.db);
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const open = async (stages: string[]) =>
      (await s.db.select().from(markPapers).where(eq(markPapers.blockId, block.id))).filter((p) =>
        stages.includes(p.stage),
      ).length;

    // A leader's screen refreshes every 15th submission, while the other markers go on submitting.
    let submissions = 0;
    const seen = new Set<string>();
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
          await dispatch.submit(actor, {
            blockId: block.id,
            paperId: Number(paper.paperId),
            token: Number(paper.token),
            scores: { [q]: Math.floor(random() * 21) },
            seconds: Math.round((1 + random() * 9) * 1000) / 1000,
          });
          if (++submissions % 15 === 0) seen.add(JSON.stringify(sorted(await markerStats(s.db, block))));
        }
      }),
    );
    // The screen saw the figures grow, so later refreshes took the difference, not a rebuild.
    expect(seen.size).toBeGreaterThan(2);
    const [state] = await s.db.select().from(markMonitorState).where(eq(markMonitorState.blockId, block.id));

    // 回评: five markers change their first marks; 抽查: a leader corrects two final papers.
    const desk = createDeskService(s.db);
    const firsts = await s.db
      .select()
      .from(marks)
      .where(and(eq(marks.blockId, block.id), eq(marks.kind, 'first')))
      .orderBy(marks.id)
      .limit(5);
    for (const m of firsts) {
      const user = markers.find((u) => u.id === m.markerId)!;
      await desk.remark(actorOf(user), { blockId: block.id, paperId: m.paperId, scores: { [q]: 20 }, seconds: 4.5 });
    }
    const spot = createSpotCheckService(s.db, () => {}, { now: () => new Date() });
    const finals = (await s.db.select().from(markPapers).where(eq(markPapers.blockId, block.id)))
      .filter((p) => p.stage === 'final')
      .slice(0, 2);
    const leader = actorOf(markers[0]!);
    for (const p of finals) {
      await spot.correct(leader, { blockId: block.id, paperId: p.id, scores: { [q]: 7 }, reason: '步骤分给多了' });
    }
    const noted = await s.db.select().from(markMonitorChanges).where(eq(markMonitorChanges.blockId, block.id));
    expect(noted.length).toBeGreaterThanOrEqual(firsts.length + finals.length);

    const kept = sorted(await markerStats(s.db, block));
    const [after] = await s.db.select().from(markMonitorState).where(eq(markMonitorState.blockId, block.id));
    expect(after!.builtAt).toEqual(state!.builtAt);
    expect(await s.db.select().from(markMonitorChanges).where(eq(markMonitorChanges.blockId, block.id))).toEqual([]);

    // From scratch: forgetting the state rebuilds every entry from the marks.
    await s.db.delete(markMonitorState).where(eq(markMonitorState.blockId, block.id));
    const rebuilt = sorted(await markerStats(s.db, block));
    expect(kept).toEqual(rebuilt);
    const counted = await s.db.execute(
      sql`select count(*)::int n from mark_monitor_entries where block_id = ${block.id}`,
    );
    expect(Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThanOrEqual(2 * PAPERS);
    expect(kept.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(2 * PAPERS);
  }, 300_000);
});
