import { questionBankUserApi as api, type CollectionNode, type UserPaperDetail } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpUserResources } from '../../../test/question-bank-user-fixture.ts';

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
const MATH = '2';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
});
afterAll(() => test.close());

async function ok<T>(endpoint: (typeof api)[keyof typeof api], params: Record<string, unknown>, session = fx.teacherA) {
  const result = await call<T>(test.app, endpoint, params, { session });
  expect(result.status, result.message).toBe(200);
  return result.data;
}
const addNode = (name: string, parentId?: string) =>
  ok<CollectionNode>(api.addCollectionNode, { ...fx.owners.teacherA, courseId: MATH, name, parentId });
const nodes = () => ok<CollectionNode[]>(api.getCollectionNodes, { ...fx.owners.teacherA, courseId: MATH });
const addItem = (nodeId: string, type: number, relationId: string) =>
  call<{ id: string }>(
    test.app,
    api.addCollectionItem,
    { ...fx.owners.teacherA, nodeId, type, relationId },
    {
      session: fx.teacherA,
    },
  );
type Items = { list: { type: number; relationId: string; title: string | null }[]; total: number };

describe('usercollection', () => {
  it('builds, renames, moves and reorders the folder tree of a course', async () => {
    const functions = await addNode('函数专题');
    const geometry = await addNode('几何专题');
    const quadratic = await addNode('二次函数', functions.id);
    expect(quadratic.parentId).toBe(functions.id);
    await ok(api.renameCollectionNode, { id: quadratic.id, name: '二次函数压轴' });
    let tree = await nodes();
    expect(tree.map((n) => n.name)).toEqual(['函数专题', '几何专题']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['二次函数压轴']);
    // Move 二次函数压轴 under 几何专题 and put 几何专题 first.
    tree = await ok<CollectionNode[]>(api.moveCollectionNodes, {
      ...fx.owners.teacherA,
      courseId: MATH,
      nodes: [
        { id: geometry.id, parentId: '', sortOrder: 0 },
        { id: functions.id, sortOrder: 1 },
        { id: quadratic.id, parentId: geometry.id, sortOrder: 0 },
      ],
    });
    expect(tree.map((n) => n.name)).toEqual(['几何专题', '函数专题']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['二次函数压轴']);
    // A folder cannot go below itself.
    const cycle = await call(
      test.app,
      api.moveCollectionNodes,
      { ...fx.owners.teacherA, courseId: MATH, nodes: [{ id: geometry.id, parentId: quadratic.id, sortOrder: 0 }] },
      { session: fx.teacherA },
    );
    expect(cycle).toMatchObject({ status: 400, message: '不能把目录移动到它自己的下级目录中' });
    // Another course's tree is separate.
    expect(await ok<CollectionNode[]>(api.getCollectionNodes, { ...fx.owners.teacherA, courseId: '3' })).toEqual([]);
  });

  it('collects questions and papers, refuses a duplicate, lists and removes them', async () => {
    const folder = await addNode('期中复习');
    const paper = await ok<UserPaperDetail>(api.addUserPaper, {
      ...fx.owners.teacherA,
      paper: {
        title: '我的期中卷',
        courseId: MATH,
        sections: [{ title: '一', questions: [{ quesId: fx.ids.q1, score: 5 }] }],
      },
    });
    expect((await addItem(folder.id, 1, fx.ids.q1)).status).toBe(200);
    expect((await addItem(folder.id, 3, paper.paperId)).status).toBe(200);
    expect(await addItem(folder.id, 1, fx.ids.q1)).toMatchObject({
      status: 409,
      message: '已收藏在该目录中，不能重复收藏',
    });
    expect(await addItem(folder.id, 1, fx.ids.q5)).toMatchObject({ status: 400, message: '只能收藏本目录学科的试题' });
    expect(await addItem(folder.id, 4, fx.ids.q1)).toMatchObject({
      status: 400,
      message: '收藏类型只能是 1（试题）、2（试卷）或 3（我的试卷）',
    });
    expect(await addItem(folder.id, 1, '99999999')).toMatchObject({ status: 404, message: '试题不存在' });
    const items = await ok<Items>(api.getCollectionItems, { ...fx.owners.teacherA, nodeId: folder.id });
    expect(items.total).toBe(2);
    expect(items.list.map((i) => [i.type, i.title])).toEqual(
      expect.arrayContaining([
        [1, expect.stringContaining('顶点坐标')],
        [3, '我的期中卷'],
      ]),
    );
    expect((await nodes()).find((n) => n.id === folder.id)!.itemCount).toBe(2);
    const first = (
      await call<Items & { list: { id: string }[] }>(
        test.app,
        api.getCollectionItems,
        {
          ...fx.owners.teacherA,
          nodeId: folder.id,
        },
        { session: fx.teacherA },
      )
    ).data.list[0]!;
    await ok(api.deleteCollectionItem, { id: first.id });
    expect((await ok<Items>(api.getCollectionItems, { ...fx.owners.teacherA, nodeId: folder.id })).total).toBe(1);
  });

  it('deletes a folder with its subfolders and what they hold', async () => {
    const top = await addNode('待删除');
    const child = await addNode('子目录', top.id);
    expect((await addItem(child.id, 1, fx.ids.q2)).status).toBe(200);
    await ok(api.deleteCollectionNode, { id: top.id });
    const ids = JSON.stringify(await nodes());
    expect(ids).not.toContain(top.id);
    expect(ids).not.toContain(`"${child.id}"`);
    const gone = await call(
      test.app,
      api.getCollectionItems,
      { ...fx.owners.teacherA, nodeId: child.id },
      {
        session: fx.teacherA,
      },
    );
    expect(gone).toMatchObject({ status: 404, message: '收藏目录不存在' });
  });

  it('refuses bad input naming the field', async () => {
    const empty = await call(
      test.app,
      api.addCollectionNode,
      { ...fx.owners.teacherA, courseId: MATH, name: ' ' },
      {
        session: fx.teacherA,
      },
    );
    expect(empty).toMatchObject({ status: 400, message: '目录名称不能为空' });
    const long = await call(
      test.app,
      api.renameCollectionNode,
      { id: '1', name: '长'.repeat(31) },
      {
        session: fx.teacherA,
      },
    );
    expect(long).toMatchObject({ status: 400, message: '目录名称最多30个字符' });
    const noCourse = await call(test.app, api.getCollectionNodes, fx.owners.teacherA, { session: fx.teacherA });
    expect(noCourse).toMatchObject({ status: 400, message: '学科不能为空' });
  });

  it('refuses another user’s folders and items (403)', async () => {
    const folder = await addNode('私人目录');
    const item = await addItem(folder.id, 1, fx.ids.q3);
    const other = { session: fx.otherTeacherA };
    expect((await call(test.app, api.renameCollectionNode, { id: folder.id, name: '改名' }, other)).http).toBe(403);
    expect((await call(test.app, api.deleteCollectionNode, { id: folder.id }, other)).http).toBe(403);
    expect((await call(test.app, api.deleteCollectionItem, { id: item.data.id }, other)).http).toBe(403);
    const read = await call(test.app, api.getCollectionItems, { ...fx.owners.otherTeacherA, nodeId: folder.id }, other);
    expect(read.http).toBe(403);
    const into = await call(
      test.app,
      api.addCollectionItem,
      { ...fx.owners.otherTeacherA, nodeId: folder.id, type: 1, relationId: fx.ids.q1 },
      other,
    );
    expect(into.http).toBe(403);
    const move = await call(
      test.app,
      api.moveCollectionNodes,
      { ...fx.owners.otherTeacherA, courseId: MATH, nodes: [{ id: folder.id, sortOrder: 0 }] },
      other,
    );
    expect(move.http).toBe(403);
    const tree = await call(test.app, api.getCollectionNodes, { ...fx.owners.teacherA, courseId: MATH }, other);
    expect(tree.http).toBe(403);
    expect((await nodes()).some((n) => n.name === '私人目录')).toBe(true);
  });
});
