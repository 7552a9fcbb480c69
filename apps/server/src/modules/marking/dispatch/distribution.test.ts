import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBlockSettings } from '../../../db/schema.ts';
import { actorOf, addExamStudents, makeBlock, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDispatchService } from './dispatch-service.ts';

// 分配方式 and 每日上限 enforced by the claim (marking.md "Distribution"): 平均分配 gives every
// marker the same share ± 1, 手设定额 the marker's own quota, 按班级 only papers of classes the
// teacher teaches, and a marker at the daily cap is told so instead of getting a paper.

let s: Awaited<ReturnType<typeof setUpMarking>>;
const dispatch = () => createDispatchService(s.db);

beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

type Distribution = (typeof markBlockSettings.$inferInsert)['distribution'];

async function block(options: {
  distribution: Distribution;
  dailyCap?: number;
  markers: { userId: number; quota?: number }[];
  perClass: [number, number];
}) {
  const esIds = [
    ...(await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, options.perClass[0])),
    ...(await addExamStudents(s.db, s.school.id, s.math.id, s.classes[1].id, options.perClass[1])),
  ];
  const row = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'single',
    tolerance: 5,
    markers: options.markers,
    examStudentIds: esIds,
  });
  await s.db
    .insert(markBlockSettings)
    .values({ blockId: row.id, distribution: options.distribution, dailyCap: options.dailyCap ?? null });
  return row.id;
}

/** Claims and submits until the claim gives nothing; the papers marked. */
async function markAll(user: { id: number }, blockId: number) {
  const actor = actorOf(user as never);
  const done: string[] = [];
  for (;;) {
    const paper = await dispatch().claim(actor, blockId);
    if (!paper) return done;
    await dispatch().submit(actor, {
      blockId,
      paperId: Number(paper.paperId),
      token: Number(paper.token),
      scores: { [String(s.question.id)]: 10 },
      seconds: 1,
    });
    done.push(paper.paperId);
  }
}

describe('分配方式 by claim', () => {
  it('平均分配: each marker at most the share rounded up, all papers covered', async () => {
    const users = await makeUsers(s.db, s.school.id, 3);
    const blockId = await block({
      distribution: 'even',
      markers: users.map((u) => ({ userId: u.id })),
      perClass: [3, 2],
    });
    const counts = [];
    for (const u of users) counts.push((await markAll(u, blockId)).length);
    expect(counts).toEqual([2, 2, 1]);
  });

  it('手设定额: the marker’s own quota', async () => {
    const [a, b] = await makeUsers(s.db, s.school.id, 2);
    const blockId = await block({
      distribution: 'quota',
      markers: [
        { userId: a!.id, quota: 1 },
        { userId: b!.id, quota: 3 },
      ],
      perClass: [2, 2],
    });
    expect(await markAll(a!, blockId)).toHaveLength(1);
    expect(await markAll(b!, blockId)).toHaveLength(3);
  });

  it('按班级: a teacher gets only papers of the classes they teach, a teacher of none gets nothing', async () => {
    const [stranger] = await makeUsers(s.db, s.school.id, 1);
    const teacher = s.mathTeacherRow.user;
    const blockId = await block({
      distribution: 'by-class',
      markers: [{ userId: teacher.id }, { userId: stranger!.id }],
      perClass: [2, 3],
    });
    expect(await markAll(stranger!, blockId)).toHaveLength(0);
    // 赵数学 teaches 数学 in 八(1) only: its two papers, none of 八(2)'s three.
    expect(await markAll(teacher, blockId)).toHaveLength(2);
  });

  it('每日上限: at the cap the claim is refused with the reason', async () => {
    const [a] = await makeUsers(s.db, s.school.id, 1);
    const blockId = await block({ distribution: 'free', dailyCap: 2, markers: [{ userId: a!.id }], perClass: [2, 2] });
    await expect(markAll(a!, blockId)).rejects.toThrow(/已达该题块的每日上限 2 份/);
    await expect(dispatch().claim(actorOf(a as never), blockId)).rejects.toThrow(/今天已评 2 份/);
  });
});
