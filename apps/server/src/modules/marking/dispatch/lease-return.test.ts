import { markingApi, markingMonitorApi } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLeases, markPapers } from '../../../db/schema.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';
import { createDeskService } from '../desk/desk-service.ts';
import { createMonitorService } from '../monitor/monitor-service.ts';
import { createDispatchService } from './dispatch-service.ts';

// The gaps found after the first marking wave (issue #17): removing or pausing a marker goes
// through dispatch's returnLeases, so the paper row's holders copy is cleared at once (not only the
// mark_leases row); the monitor counts open 问题卷; 结束 is refused while a 问题卷 is open.

let s: Awaited<ReturnType<typeof setUpMarking>>;
let blockId: number;
let users: Awaited<ReturnType<typeof makeUsers>>;
const dispatch = () => createDispatchService(s.db);

beforeAll(async () => {
  s = await setUpMarking();
  users = await makeUsers(s.db, s.school.id, 3);
  const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, 4);
  const block = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'single',
    tolerance: 5,
    markers: [{ userId: users[0]!.id }, { userId: users[1]!.id }, { userId: users[2]!.id, leader: true }],
    examStudentIds,
  });
  blockId = block.id;
}, 60_000);
afterAll(() => s.t.close());

const paperRow = async (paperId: string) =>
  (
    await s.db
      .select()
      .from(markPapers)
      .where(eq(markPapers.id, Number(paperId)))
  )[0]!;
// A fresh monitor each time: the route's monitor keeps a 题块's figures for 3 s on purpose.
const progress = async () =>
  (await createMonitorService(s.db).blockDetails(actorOf(s.adminTeacher.user as never), blockId)).progress;

describe('leases returned through dispatch', () => {
  it('pausing a marker clears the paper’s holders copy with the lease', async () => {
    const a = actorOf(users[0]!);
    const held = (await dispatch().claim(a, blockId))!;
    expect((await paperRow(held.paperId)).holders).toEqual([users[0]!.id]);
    const paused = expectOk(
      await s.call(markingMonitorApi.pauseMarker, {
        blockId: String(blockId),
        userId: String(users[0]!.id),
        paused: true,
      }),
    );
    expect(paused).toEqual({ paused: true, releasedLeases: 1 });
    const row = await paperRow(held.paperId);
    expect(row.holders).toEqual([]);
    expect(row.heldUntil).toEqual([]);
    expectOk(
      await s.call(markingMonitorApi.pauseMarker, {
        blockId: String(blockId),
        userId: String(users[0]!.id),
        paused: false,
      }),
    );
  });

  it('removing a marker who has marked nothing clears the paper’s holders copy with the lease', async () => {
    const b = actorOf(users[1]!);
    const held = (await dispatch().claim(b, blockId))!;
    expect((await paperRow(held.paperId)).holders).toContain(users[1]!.id);
    expectOk(await s.call(markingApi.deleteTasks, { blockId: String(blockId), userIds: [String(users[1]!.id)] }));
    expect(await s.db.select().from(markLeases).where(eq(markLeases.markerId, users[1]!.id))).toEqual([]);
    const row = await paperRow(held.paperId);
    expect(row.holders).not.toContain(users[1]!.id);
    expect(row.heldUntil).toHaveLength(row.holders.length);
  });
});

describe('问题卷 on the monitor and at 结束', () => {
  it('counts open 问题卷 and refuses 结束 until the 题组长 has dealt with them', async () => {
    const a = actorOf(users[0]!);
    const leader = actorOf(users[2]!);
    const desk = createDeskService(s.db);
    expect((await progress()).openProblems).toBe(0);
    const held = (await dispatch().claim(a, blockId))!;
    await desk.flagProblem(a, {
      blockId,
      paperId: Number(held.paperId),
      token: Number(held.token),
      reason: '图像不清',
      note: '',
    });
    expect((await progress()).openProblems).toBe(1);
    expectFailure(
      await s.call(markingApi.setBlockStatus, { blockId: String(blockId), action: 'finish' }),
      422,
      /1 份问题卷未处理/,
    );
    const [problem] = await desk.problems(leader, blockId);
    await desk.resolveProblem(leader, {
      blockId,
      problemId: Number(problem!.id),
      action: 'score',
      scores: { [String(s.question.id)]: 7 },
    });
    expect((await progress()).openProblems).toBe(0);
    // Now only the unmarked papers stand in the way.
    expectFailure(
      await s.call(markingApi.setBlockStatus, { blockId: String(blockId), action: 'finish' }),
      422,
      /份试卷没有最终得分/,
    );
  });
});
