import { markingApi as api, type LeasedPaper, type MarkBlock } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/client.ts';
import { makeTeacher } from '../../test/factories.ts';
import { addExamStudents, setUpMarking } from '../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../test/school-base-fixture.ts';
import { createPapers } from './index.ts';

// The marking calls end to end (issue #17): set-up by the school administrator, then markers
// claiming and submitting through HTTP; who may do what, and that no marker answer names a student.

let s: Awaited<ReturnType<typeof setUpMarking>>;
let block: MarkBlock;
let outsider: Awaited<ReturnType<typeof login>>;
let otherAdmin: Awaited<ReturnType<typeof login>>;
const studentNames: string[] = [];

beforeAll(async () => {
  s = await setUpMarking();
  for (const st of s.students) studentNames.push(st.name);
  const outsiderRow = await makeTeacher(s.db, { schoolId: s.school.id, name: '不在题块' });
  outsider = await login(s.t.app, outsiderRow.phone, outsiderRow.user.password);
  const otherRow = await makeTeacher(s.db, { schoolId: s.other.school.id, type: 5, name: '外校教务' });
  otherAdmin = await login(s.t.app, otherRow.phone, otherRow.user.password);
}, 60_000);
afterAll(() => s.t.close());

describe('阅卷设置', () => {
  it('builds a 题块 from subjective questions, refusing objective ones and other schools', async () => {
    const objective = s.questions.find((q) => q.kind === 1)!;
    const base = { name: '第4题', mode: 'double', tolerance: 5, step: 1 };
    expectFailure(
      await s.call(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [{ ...base, questionIds: [String(objective.id)] }],
      }),
      400,
      /客观题/,
    );
    expectForbidden(
      await s.as(otherAdmin, api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [{ ...base, questionIds: [String(s.question.id)] }],
      }),
    );
    expectForbidden(await s.as(s.sessions.teacher, api.findBlocks, { seId: s.ids.mathSeId }));
    const saved = expectOk(
      await s.call<MarkBlock[]>(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [{ ...base, questionIds: [String(s.question.id)] }],
      }),
    );
    block = saved[0]!;
    expect(block).toMatchObject({
      name: '第4题',
      mode: 'double',
      status: 1,
      questions: [{ questionNo: '4', fullMarks: 85 }],
    });
    expect(expectOk(await s.call(api.findBlocks, { seId: s.ids.mathSeId }))).toEqual([block]);
  });

  it('sets markers, refuses starting before and students always', async () => {
    expectFailure(
      await s.call(api.saveTasks, { blockId: block.id, markers: [{ userId: String(s.students[0]!.userId) }] }),
      400,
      /教师账号/,
    );
    const markers = expectOk(
      await s.call<{ userId: string }[]>(api.saveTasks, {
        blockId: block.id,
        markers: [
          { userId: String(s.mathTeacherRow.user.id), quota: 3 },
          { userId: String(s.adminTeacher.user.id), leader: true },
        ],
      }),
    );
    expect(markers).toHaveLength(2);
    // Papers as scanning will put them: one per exam student, plus one student more.
    await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, 1);
    const examStudentIds = await s.db.query.examStudents.findMany({
      where: (es, { eq }) => eq(es.singleExamId, s.math.id),
    });
    await s.db.transaction((tx) =>
      createPapers(
        tx,
        Number(block.id),
        examStudentIds.map((es) => ({ examStudentId: es.id, imageKey: `crops/${es.id}.png` })),
      ),
    );
    expectFailure(await s.as(s.sessions.mathTeacher, api.claim, { blockId: block.id }), 422, /不在阅卷中/);
    expectOk(await s.call(api.setBlockStatus, { blockId: block.id, action: 'start' }));
    expectForbidden(await s.as(s.sessions.student, api.claim, { blockId: block.id }));
    expectForbidden(await s.as(s.sessions.student, api.myTasks, {}));
    expectForbidden(await s.as(s.sessions.mathTeacher, api.setBlockStatus, { blockId: block.id, action: 'pause' }));
  });
});

describe('阅卷', () => {
  it('leases papers to markers of the 题块 only, without any student name', async () => {
    expectForbidden(await s.as(outsider, api.claim, { blockId: block.id }));
    expectForbidden(await s.as(otherAdmin, api.claim, { blockId: block.id }));
    const result = await s.as<LeasedPaper>(s.sessions.mathTeacher, api.claim, { blockId: block.id });
    const paper = expectOk(result);
    expect(paper).toMatchObject({ blockId: block.id, kind: 'first', questions: [{ questionNo: '4', fullMarks: 85 }] });
    expect(paper.imageKey).toMatch(/^crops\//);
    const text = JSON.stringify(result);
    for (const name of studentNames) expect(text).not.toContain(name);
    expect(text).not.toMatch(/examNo|studentId|examStudentId|className/);

    const q = String(s.question.id);
    const lease = { blockId: block.id, paperId: paper.paperId, token: paper.token };
    // Another marker of the 题块 cannot submit or release a paper leased to someone else.
    expectFailure(await s.call(api.submit, { ...lease, scores: { [q]: 10 }, seconds: 5 }), 409, /领取已失效/);
    expectFailure(await s.call(api.release, lease), 409, /领取已失效/);
    expectForbidden(await s.as(outsider, api.submit, { ...lease, scores: { [q]: 10 }, seconds: 5 }));
    expectFailure(
      await s.as(s.sessions.mathTeacher, api.submit, { ...lease, scores: { [q]: 86 }, seconds: 5 }),
      400,
      /0 到 85/,
    );
    expect(
      expectOk(await s.as(s.sessions.mathTeacher, api.submit, { ...lease, scores: { [q]: 40 }, seconds: 5 })),
    ).toEqual({
      stage: 'blind',
    });

    const tasks = expectOk(
      await s.as<{ done: number; quota: number; remaining: number; blockTotal: number }[]>(
        s.sessions.mathTeacher,
        api.myTasks,
        {},
      ),
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ blockId: block.id, done: 1, quota: 3, remaining: 2, blockDone: 0 });
    expect(tasks[0]!.blockTotal).toBeGreaterThanOrEqual(6);
    expect(expectOk(await s.as(outsider, api.myTasks, {}))).toEqual([]);
  });

  it('lets the second marker finish a paper within tolerance', async () => {
    const q = String(s.question.id);
    let finals = 0;
    for (;;) {
      const paper = expectOk(await s.as<LeasedPaper | null>(s.sessions.admin, api.claim, { blockId: block.id }));
      if (!paper) break;
      const lease = { blockId: block.id, paperId: paper.paperId, token: paper.token };
      const { stage } = expectOk(
        await s.as<{ stage: string }>(s.sessions.admin, api.submit, { ...lease, scores: { [q]: 42 }, seconds: 4 }),
      );
      if (stage === 'final') finals++;
    }
    expect(finals).toBe(1);
    expectFailure(await s.call(api.setBlockStatus, { blockId: block.id, action: 'finish' }), 422, /没有最终得分/);
    expectFailure(
      await s.call(api.deleteTasks, { blockId: block.id, userIds: [String(s.mathTeacherRow.user.id)] }),
      409,
      /不能移除/,
    );
    expectOk(await s.call(api.setBlockStatus, { blockId: block.id, action: 'pause' }));
    expectFailure(await s.as(s.sessions.mathTeacher, api.claim, { blockId: block.id }), 422, /不在阅卷中/);
    expectFailure(await s.call(api.saveBlocks, { seId: s.ids.mathSeId, blocks: [] }), 422, /已开始阅卷，不能删除/);
  });
});
