import { questionBankApi as api, type Question, type QuestionPage, type TreeNode } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { setUpQuestionBank } from '../../../test/question-bank-fixture.ts';

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
const MATH = '2';

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
});
afterAll(() => test.close());

async function fast(params: Record<string, unknown>, session = bank.teacherA) {
  const result = await call<QuestionPage>(test.app, api.getFast, { courseId: MATH, ...params }, { session });
  expect(result.status, result.message).toBe(200);
  return result.data;
}
const stems = (page: QuestionPage) => page.list.map((q) => q.stem);
const tree = async (type: number) =>
  (await call<TreeNode[]>(test.app, api.getNodes, { courseId: MATH, type }, { session: bank.teacherA })).data;
const nodeId = (nodes: TreeNode[], name: string): string => {
  for (const n of nodes) {
    if (n.name === name) return n.id;
    const found = nodeId(n.children, name);
    if (found) return found;
  }
  return '';
};

describe('questions/get_fast', () => {
  it('lists the course with page size 10 by default, newest first; "0" filters mean any', async () => {
    const page = await fast({ questionTypeId: '0', paperTypeId: '0', diffGradeId: '0' });
    expect(page.pageSize).toBe(10);
    expect(page.total).toBe(5);
    expect(page.list.map((q) => q.year)).toEqual([2024, 2024, 2023, 2022, 2021]);
    expect(stems(page)).not.toContain('English grammar question');
  });

  it('filters by type, difficulty, year, area, grade and paper type', async () => {
    const base = await call<{
      questionTypes: { id: string; name: string }[];
      areas: { id: string; name: string }[];
      paperTypes: { id: string; name: string }[];
    }>(test.app, api.getBase, { courseId: MATH }, { session: bank.teacherA });
    const id = (list: { id: string; name: string }[], name: string) => list.find((x) => x.name === name)!.id;
    expect((await fast({ questionTypeId: id(base.data.questionTypes, '解答题') })).total).toBe(1);
    expect(stems(await fast({ diffGradeId: '5' }))).toEqual(['二次函数 $y=-x^2$ 的开口方向']);
    expect((await fast({ year: '2022' })).list[0]!.stem).toContain('一次函数');
    expect((await fast({ areaId: id(base.data.areas, '上海') })).total).toBe(1);
    expect((await fast({ gradeId: '9' })).total).toBe(1);
    expect((await fast({ paperTypeId: id(base.data.paperTypes, '期末') })).total).toBe(1);
  });

  it('filters by a knowledge point with its descendants, and by a textbook chapter', async () => {
    const knowledge = await tree(1);
    expect((await fast({ knowledgePointId: nodeId(knowledge, '函数') })).total).toBe(4);
    expect((await fast({ knowledgePointId: nodeId(knowledge, '二次函数') })).total).toBe(3);
    expect((await fast({ knowledgePointId: nodeId(knowledge, '二次函数的图象') })).total).toBe(1);
    const chapters = await tree(2);
    expect((await fast({ tbCatalogNodesId: nodeId(chapters, '八年级上册') })).list[0]!.stem).toContain('三角形');
  });

  it('finds Chinese keywords by word and by part of a word', async () => {
    expect((await fast({ keyword: '二次函数' })).total).toBe(3);
    expect((await fast({ keyword: '函数' })).total).toBe(4);
    expect((await fast({ keyword: '顶点坐标' })).total).toBe(1);
    expect((await fast({ keyword: '角' })).total).toBe(1);
    expect((await fast({ keyword: '二次 开口' })).total).toBe(1);
    expect((await fast({ keyword: '抛物线' })).total).toBe(0);
    expect((await fast({ keyword: "x' & !|" })).total).toBeGreaterThan(0);
  });

  it('pages and sorts by use and by difficulty', async () => {
    const first = await fast({ pageSize: 2, currentPage: 1 });
    const third = await fast({ pageSize: 2, currentPage: 3 });
    expect(first.list).toHaveLength(2);
    expect(third.list).toHaveLength(1);
    expect(first.total).toBe(5);
    expect((await fast({ orderId: '3' })).list.map((q) => q.diffGradeId)).toEqual(['1', '2', '3', '4', '5']);
    expect((await fast({ orderId: '4' })).list.map((q) => q.diffGradeId)).toEqual(['5', '4', '3', '2', '1']);
    expect((await fast({ orderId: '2' })).total).toBe(5);
  });

  it('refuses bad input with a Chinese message naming the field', async () => {
    const missing = await call(test.app, api.getFast, {}, { session: bank.teacherA });
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('学科不能为空');
    const bad = await call(test.app, api.getFast, { courseId: MATH, diffGradeId: '9' }, { session: bank.teacherA });
    expect(bad.message).toBe('难度只能是 1 到 5');
    const page = await call(test.app, api.getFast, { courseId: MATH, pageSize: 0 }, { session: bank.teacherA });
    expect(page.message).toBe('每页条数最小为1');
  });
});

describe('school banks', () => {
  it('shows a school question to its own teachers only', async () => {
    expect((await fast({}, bank.teacherA)).total).toBe(5);
    const own = await fast({ schoolId: String(bank.schoolA.id) }, bank.teacherA);
    expect(stems(own)).toEqual(['甲中学校本题：二次函数的最值']);
    expect((await fast({ keyword: '最值' }, bank.teacherA)).total).toBe(1);
    expect((await fast({ keyword: '最值' }, bank.adminB)).total).toBe(0);
    const foreign = await call(
      test.app,
      api.getFast,
      { courseId: MATH, schoolId: String(bank.schoolA.id) },
      { session: bank.adminB },
    );
    expect(foreign.http).toBe(403);
    const detail = await call(test.app, api.getDetail, { quesId: own.list[0]!.quesId }, { session: bank.adminB });
    expect(detail.http).toBe(403);
  });

  it('refuses students', async () => {
    const result = await call(test.app, api.getFast, { courseId: MATH }, { session: bank.student });
    expect(result.http).toBe(403);
  });
});

describe('questions by id, detail, similar', () => {
  it('returns questions in the order asked, with knowledge points and chapters', async () => {
    const page = await fast({ orderId: '3' });
    const ids = page.list.map((q) => q.quesId).reverse();
    const result = await call<Question[]>(test.app, api.getByIds, { ids, courseId: MATH }, { session: bank.teacherA });
    expect(result.data.map((q) => q.quesId)).toEqual(ids);
    const detail = await call<Question>(test.app, api.getDetail, { quesId: ids[0] }, { session: bank.teacherA });
    expect(detail.data.knowledgePoints.map((k) => k.name)).toEqual(['二次函数']);
    expect(detail.data.options).toEqual(['1', '2', '3', '4']);
    const missing = await call(test.app, api.getDetail, { quesId: '999999' }, { session: bank.teacherA });
    expect(missing.status).toBe(404);
  });

  it('finds similar questions by knowledge point and wording, never another school’s', async () => {
    const [q4] = (await fast({ diffGradeId: '5' })).list;
    const forA = await call<Question[]>(test.app, api.getSimilar, { quesId: q4!.quesId }, { session: bank.teacherA });
    expect(forA.data[0]!.stem).toContain('二次函数');
    expect(forA.data.map((q) => q.stem)).toContain('甲中学校本题：二次函数的最值');
    const forB = await call<Question[]>(test.app, api.getSimilar, { quesId: q4!.quesId }, { session: bank.adminB });
    expect(forB.data.map((q) => q.stem)).not.toContain('甲中学校本题：二次函数的最值');
    expect(forB.data.map((q) => q.quesId)).not.toContain(q4!.quesId);
  });
});
