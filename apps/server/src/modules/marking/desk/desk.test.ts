import { markingDeskApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPapers, marks } from '../../../db/schema.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createDeskService } from './desk-service.ts';

// The desk's calls (issue #17): 问题卷 from the holder to the 题组长 and back, 回评 re-marks that
// recompute the final, and who may do what. Runs on PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

async function doubleBlock(papers: number, tolerance = 3) {
  const [a, b, leader, stranger] = await makeUsers(s.db, s.school.id, 4);
  const { block, examStudentIds: ids } = await blockOfNewPapers(s, papers, {
    mode: 'double',
    tolerance,
    markers: [{ userId: a!.id }, { userId: b!.id }, { userId: leader!.id, leader: true }],
  });
  return { block, a: actorOf(a!), b: actorOf(b!), leader: actorOf(leader!), stranger: actorOf(stranger!) };
}

const dispatch = () => createDispatchService(s.db);
const desk = () => createDeskService(s.db);
const q = () => String(s.question.id);
const paperRow = async (id: string) =>
  (
    await s.db
      .select()
      .from(markPapers)
      .where(eq(markPapers.id, Number(id)))
  )[0]!;

async function mark(actor: ReturnType<typeof actorOf>, blockId: number, points: number) {
  const paper = (await dispatch().claim(actor, blockId))!;
  await dispatch().submit(actor, {
    blockId,
    paperId: Number(paper.paperId),
    token: Number(paper.token),
    scores: { [q()]: points },
    seconds: 4,
  });
  return paper;
}

describe('回评', () => {
  it('lists the marker’s own marks and a change recomputes the final', async () => {
    const { block, a, b } = await doubleBlock(1);
    const paper = await mark(a, block.id, 10);
    await mark(b, block.id, 12);
    expect((await paperRow(paper.paperId)).finalScores).toEqual({ [q()]: 11 });

    const list = await desk().reviewList(a, block.id);
    expect(list).toEqual([
      expect.objectContaining({ paperId: paper.paperId, scores: { [q()]: 10 }, changeable: true }),
    ]);
    expect(await desk().reviewList(b, block.id)).toHaveLength(1);

    // Within T again: the final follows the new mark.
    await desk().remark(a, { blockId: block.id, paperId: Number(paper.paperId), scores: { [q()]: 14 }, seconds: 3 });
    expect((await paperRow(paper.paperId)).finalScores).toEqual({ [q()]: 13 });
    // Beyond T: the paper goes back to 三评, its final cleared.
    const moved = await desk().remark(a, {
      blockId: block.id,
      paperId: Number(paper.paperId),
      scores: { [q()]: 30 },
      seconds: 3,
    });
    expect(moved.stage).toBe('third');
    expect((await paperRow(paper.paperId)).finalScores).toBeNull();
    // Every step kept: three marks by A, the newest counts.
    const own = (
      await s.db
        .select()
        .from(marks)
        .where(eq(marks.paperId, Number(paper.paperId)))
    ).filter((m) => m.markerId === a.userId);
    expect(own.map((m) => m.scores[q()])).toEqual([10, 14, 30]);
    expect((await desk().reviewList(a, block.id))[0]!.scores).toEqual({ [q()]: 30 });
  });

  it('refuses a paper the marker did not mark and a marker not on the 题块', async () => {
    const { block, a, b, stranger } = await doubleBlock(2);
    const paper = await mark(a, block.id, 10);
    const asB = { blockId: block.id, paperId: Number(paper.paperId), scores: { [q()]: 1 }, seconds: 1 };
    await expect(desk().remark(b, asB)).rejects.toThrow(/只能回评自己评过的试卷/);
    await expect(desk().remark(stranger, asB)).rejects.toThrow(/不是该题块的阅卷教师/);
    await expect(desk().reviewList(stranger, block.id)).rejects.toThrow(/不是该题块的阅卷教师/);
  });
});

describe('问题卷', () => {
  it('goes from the holder to the 题组长, who sends it back or scores it', async () => {
    const { block, a, b, leader } = await doubleBlock(1);
    const held = (await dispatch().claim(a, block.id))!;
    const lease = { blockId: block.id, paperId: Number(held.paperId), token: Number(held.token) };
    await expect(desk().flagProblem(a, { ...lease, reason: '其他', note: ' ' })).rejects.toThrow(/请填写说明/);
    await desk().flagProblem(a, { ...lease, reason: '图像不清', note: '下半部分缺失' });
    expect((await paperRow(held.paperId)).stage).toBe('problem');
    // Off every queue, and the holder's token is void.
    expect(await dispatch().claim(b, block.id)).toBeNull();
    await expect(dispatch().submit(a, { ...lease, scores: { [q()]: 3 }, seconds: 1 })).rejects.toThrow(/领取已失效/);

    await expect(desk().problems(a, block.id)).rejects.toThrow(/只有题组长/);
    const [problem] = await desk().problems(leader, block.id);
    expect(problem).toMatchObject({ paperId: held.paperId, reason: '图像不清', note: '下半部分缺失' });
    expect(JSON.stringify(problem)).not.toMatch(/考生/);

    await desk().resolveProblem(leader, { blockId: block.id, problemId: Number(problem!.id), action: 'return' });
    expect((await paperRow(held.paperId)).stage).toBe('blind');
    await expect(
      desk().resolveProblem(leader, { blockId: block.id, problemId: Number(problem!.id), action: 'return' }),
    ).rejects.toThrow(/已处理/);
    const again = (await dispatch().claim(b, block.id))!;
    expect(again.paperId).toBe(held.paperId);

    // Flagged once more; the 题组长 scores it as the mark the paper needed (the first here).
    await desk().flagProblem(b, {
      blockId: block.id,
      paperId: Number(again.paperId),
      token: Number(again.token),
      reason: '答题错位',
      note: '',
    });
    const [second] = await desk().problems(leader, block.id);
    const scored = await desk().resolveProblem(leader, {
      blockId: block.id,
      problemId: Number(second!.id),
      action: 'score',
      scores: { [q()]: 9 },
    });
    expect(scored.stage).toBe('blind');
    const recorded = await s.db
      .select()
      .from(marks)
      .where(eq(marks.paperId, Number(held.paperId)));
    expect(recorded.map((m) => [m.markerId, m.kind])).toEqual([[leader.userId, 'first']]);
    await mark(a, block.id, 10);
    // (9 + 10) / 2 = 9.5, rounded half up to the step of 1.
    expect((await paperRow(held.paperId)).finalScores).toEqual({ [q()]: 10 });
  });
});

describe('仲裁 through the leader queue', () => {
  it('sends a far-apart pair to 三评 and a far 三评 to 仲裁, decided by another 题组长', async () => {
    const [a, b, third, arbiter] = (await makeUsers(s.db, s.school.id, 4)).map(actorOf);
    const { block, examStudentIds: ids } = await blockOfNewPapers(s, 1, {
      mode: 'double',
      tolerance: 3,
      markers: [{ userId: a!.userId }, { userId: b!.userId }, { userId: third!.userId, leader: true }],
    });
    await mark(a!, block.id, 10);
    await mark(b!, block.id, 30);
    const t = (await dispatch().claim(third!, block.id))!;
    expect(t.kind).toBe('third');
    await dispatch().submit(third!, {
      blockId: block.id,
      paperId: Number(t.paperId),
      token: Number(t.token),
      scores: { [q()]: 60 },
      seconds: 2,
    });
    // The third leader marked it already: not theirs to arbitrate; a new 题组长 gets it.
    expect(await dispatch().claim(third!, block.id)).toBeNull();
    const { markBlockMarkers } = await import('../../../db/schema.ts');
    await s.db.insert(markBlockMarkers).values({ blockId: block.id, userId: arbiter!.userId, leader: true });
    const arb = (await dispatch().claim(arbiter!, block.id))!;
    expect(arb.kind).toBe('arbitration');
    expect(arb.earlier).toEqual([{ [q()]: 10 }, { [q()]: 30 }, { [q()]: 60 }]);
    const done = await dispatch().submit(arbiter!, {
      blockId: block.id,
      paperId: Number(arb.paperId),
      token: Number(arb.token),
      scores: { [q()]: 25 },
      seconds: 2,
    });
    expect(done.stage).toBe('final');
    expect((await paperRow(arb.paperId)).finalScores).toEqual({ [q()]: 25 });
  });
});

describe('through HTTP', () => {
  it('refuses students and teachers of other schools', async () => {
    const { block } = await doubleBlock(1);
    const student = await s.as(s.sessions.student, markingDeskApi.reviewList, { blockId: String(block.id) });
    expect(student.http).toBe(403);
    const teacher = await s.as(s.sessions.teacher, markingDeskApi.reviewList, { blockId: String(block.id) });
    expect(teacher.status).toBe(403);
    expect(teacher.message).toMatch(/不是该题块的阅卷教师/);
  });
});
