import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDeskService } from '../desk/desk-service.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createQualityLeaderService } from './leader-service.ts';

// 揭示身份 (marking.md 匿名阅卷): a 题组长 may see who wrote an open 问题卷 of a 题块 they lead, and
// it is logged; a plain marker, another 题块's 题组长 and a paper no longer in 问题卷 are refused.
// Runs on PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

async function blockWith(markers: { userId: number; leader?: boolean }[], papers: number) {
  const ids = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, papers);
  return makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'single',
    tolerance: 3,
    markers,
    examStudentIds: ids,
  });
}

describe('examMark/revealIdentity', () => {
  it('shows an open 问题卷’s student to its 题组长 only, and logs it', async () => {
    const [marker, leader, otherLeader] = (await makeUsers(s.db, s.school.id, 3)).map((u) => actorOf(u));
    const block = await blockWith(
      [{ userId: marker!.userId }, { userId: leader!.userId, leader: true }, { userId: otherLeader!.userId }],
      2,
    );
    const other = await blockWith([{ userId: otherLeader!.userId, leader: true }], 1);
    const dispatch = createDispatchService(s.db);
    const desk = createDeskService(s.db);
    const leaderService = createQualityLeaderService(s.db);

    const paper = (await dispatch.claim(marker!, block.id))!;
    await desk.flagProblem(marker!, {
      blockId: block.id,
      paperId: Number(paper.paperId),
      token: Number(paper.token),
      reason: '图像不清',
      note: '',
    });
    const [problem] = await desk.problems(leader!, block.id);
    const ask = { blockId: block.id, problemId: Number(problem!.id) };

    const shown = await leaderService.revealIdentity(leader!, ask);
    expect(shown.name).toMatch(/^考生/);
    expect(shown.className).toBe(s.classes[0].name);
    expect(shown.examNo).not.toBe('');
    const logged = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marking.problem.reveal'), eq(auditLog.actorUserId, leader!.userId)));
    expect(logged).toEqual([expect.objectContaining({ target: `mark_paper:${paper.paperId}` })]);

    // A plain marker of the 题块, and the 题组长 of another 题块 (who also marks this one).
    await expect(leaderService.revealIdentity(marker!, ask)).rejects.toMatchObject({ httpStatus: 403 });
    await expect(leaderService.revealIdentity(otherLeader!, ask)).rejects.toMatchObject({ httpStatus: 403 });
    // Asked through another 题块 they lead: still not theirs.
    await expect(
      leaderService.revealIdentity(otherLeader!, { blockId: other.id, problemId: ask.problemId }),
    ).rejects.toMatchObject({ httpStatus: 403 });
    // Once resolved it is no longer a 问题卷: refused.
    await desk.resolveProblem(leader!, { ...ask, action: 'return' });
    await expect(leaderService.revealIdentity(leader!, ask)).rejects.toMatchObject({
      httpStatus: 403,
      message: '只能查看本题块待处理问题卷的考生身份',
    });
    expect(
      await s.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'marking.problem.reveal'), eq(auditLog.actorUserId, leader!.userId))),
    ).toHaveLength(1);
  }, 60_000);
});
