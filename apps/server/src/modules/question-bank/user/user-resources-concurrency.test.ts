import {
  questionBankUserApi as api,
  BASKET_DUPLICATE_MESSAGE,
  type Basket,
  type CollectionNode,
  type UserPaperDetail,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type CallResult, call } from '../../../test/client.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';

// Issue #21 items 2 and 9 for a teacher's own resources: double submits and parallel edits of the
// folder tree. On PostgreSQL the calls run in parallel, on PGlite one after another; the result
// must be the serial one either way.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
const MATH = '2';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
});
afterAll(() => test.close());

const as = <T>(endpoint: (typeof api)[keyof typeof api], params: Record<string, unknown>) =>
  call<T>(test.app, endpoint, params, { session: fx.teacherA });
const ok = <T>(result: CallResult<T>) => {
  expect(result.status, result.message).toBe(200);
  return result.data;
};
const addNode = (name: string, parentId?: string) =>
  as<CollectionNode>(api.addCollectionNode, { ...fx.owners.teacherA, courseId: MATH, name, parentId });
const tree = async () =>
  ok(await as<CollectionNode[]>(api.getCollectionNodes, { ...fx.owners.teacherA, courseId: MATH }));

describe('folders (usercollection)', () => {
  it('creates one folder from 30 parallel identical adds, each answering with it', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => addNode('压轴题')));
    const ids = new Set(results.map((r) => ok(r).id));
    expect(ids.size).toBe(1);
    expect((await tree()).filter((n) => n.name === '压轴题')).toHaveLength(1);
  });

  it('never makes a cycle from two parallel moves that are each allowed alone', async () => {
    const a = ok(await addNode('甲'));
    const b = ok(await addNode('乙'));
    const move = (id: string, parentId: string) =>
      as(api.moveCollectionNodes, {
        ...fx.owners.teacherA,
        courseId: MATH,
        nodes: [{ id, parentId, sortOrder: 0 }],
      });
    const results = await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // Serially the second is refused; both folders stay reachable from the roots.
    const reachable = (nodes: CollectionNode[]): string[] => nodes.flatMap((n) => [n.id, ...reachable(n.children)]);
    expect(reachable(await tree())).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('user papers (userpapers)', () => {
  const paper = (title: string, score = 5) => ({
    title,
    courseId: MATH,
    gradeId: '8',
    sections: [{ title: '一、选择题', questions: [{ quesId: fx.ids.q2, score }] }],
  });
  const add = (title: string, score?: number) =>
    as<UserPaperDetail>(api.addUserPaper, { paper: paper(title, score), ...fx.owners.teacherA, uploadType: 1 });
  const titled = async (title: string) =>
    ok(
      await as<{ list: { title: string }[] }>(api.getUserPapers, {
        ...fx.owners.teacherA,
        pageIndex: 1,
        limit: 100,
      }),
    ).list.filter((p) => p.title === title);

  it('saves one paper from 20 parallel identical saves, each answering with it', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => add('期末复习卷')));
    expect(new Set(results.map((r) => ok(r).paperId)).size).toBe(1);
    expect(await titled('期末复习卷')).toHaveLength(1);
  });

  it('keeps two papers of one name whose contents differ (a teacher’s versions)', async () => {
    ok(await add('单元卷', 5));
    ok(await add('单元卷', 6));
    expect(await titled('单元卷')).toHaveLength(2);
  });
});

describe('basket (already serialised per user)', () => {
  it('holds a question once after 20 parallel adds of it', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => as<Basket>(api.addToBasket, { quesId: fx.ids.q3 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.message).toBe(BASKET_DUPLICATE_MESSAGE);
    const basket = ok(await as<Basket>(api.getBasket, { courseId: MATH }));
    expect(basket.groups.flatMap((g) => g.quesIds).filter((id) => id === fx.ids.q3)).toHaveLength(1);
  });
});
