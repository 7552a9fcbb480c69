import { questionBankApi as api, type CourseBase, type TreeNode, type WisdomPaper } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { draft, setUpQuestionBank } from '../../../test/question-bank-fixture.ts';
import { importQuestionDrafts } from '../index.ts';

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
let types: Record<string, string>;
let knowledge: TreeNode[];
const MATH = '2';

const nodeId = (nodes: TreeNode[], name: string): string => {
  for (const n of nodes) {
    if (n.name === name) return n.id;
    const found = nodeId(n.children, name);
    if (found) return found;
  }
  return '';
};

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
  // A small realistic bank on top of the fixture: 单选题 of every difficulty over three points,
  // two 填空题, and a question of school B's own bank.
  const points = ['函数 > 一次函数', '函数 > 二次函数', '几何 > 三角形'];
  await importQuestionDrafts(test.database.db, [
    ...Array.from({ length: 24 }, (_, i) =>
      draft(`w${i}`, {
        stem: `组卷单选题${i}`,
        difficulty: (i % 5) + 1,
        knowledgePaths: [points[i % 3]!],
      }),
    ),
    ...[2, 4].map((difficulty, i) =>
      draft(`wf${i}`, {
        stem: `组卷填空题${i}`,
        typeName: '填空题',
        options: null,
        difficulty,
        knowledgePaths: ['函数 > 一次函数'],
      }),
    ),
    draft('school-b', {
      stem: '乙中学校本题：一次函数',
      origin: 'school',
      schoolId: bank.schoolB.id,
      difficulty: 3,
      knowledgePaths: ['函数 > 一次函数'],
    }),
  ]);
  const base = await call<CourseBase>(test.app, api.getBase, { courseId: MATH }, { session: bank.teacherA });
  types = Object.fromEntries(base.data.questionTypes.map((t) => [t.name, t.id]));
  knowledge = (await call<TreeNode[]>(test.app, api.getNodes, { courseId: MATH, type: 1 }, { session: bank.teacherA }))
    .data;
});
afterAll(() => test.close());

async function wisdom(params: Record<string, unknown>, session = bank.teacherA) {
  const result = await call<WisdomPaper>(
    test.app,
    api.getByWisdom,
    { courseId: MATH, tagType: 1, ...params },
    { session },
  );
  expect(result.status, result.message).toBe(200);
  return result.data;
}
const stems = (paper: WisdomPaper) => paper.questions.map((q) => q.question.stem);

describe('questions/get_by_wisdom', () => {
  it('proposes a paper that covers every chosen point and lands near the target difficulty', async () => {
    const tagIds = ['一次函数', '二次函数', '三角形'].map((name) => nodeId(knowledge, name));
    const paper = await wisdom({
      tagIds,
      quesTypes: [
        { questionTypeId: types.单选题, count: 6 },
        { questionTypeId: types.填空题, count: 1 },
      ],
      difficulty: 2.5,
      seed: 11,
    });
    expect(paper.byType.map((t) => [t.name, t.count])).toEqual([
      ['单选题', 6],
      ['填空题', 1],
    ]);
    expect(paper.questions).toHaveLength(7);
    expect(paper.questions[6]!.section).toEqual({ questionTypeId: types.填空题, name: '填空题' });
    expect(paper.uncoveredTagIds).toEqual([]);
    expect(paper.coverage.map((c) => c.name)).toEqual(['一次函数', '二次函数', '三角形']);
    expect(paper.coverage.every((c) => c.count > 0)).toBe(true);
    expect(Math.abs(paper.averageDifficulty! - 2.5)).toBeLessThanOrEqual(0.3);
    const mean = paper.questions.reduce((s, q) => s + Number(q.question.diffGradeId), 0) / 7;
    expect(paper.averageDifficulty).toBeCloseTo(mean, 2);
    expect(paper.shortfalls).toEqual([]);
    expect(paper.seed).toBe(11);
    // The same seed gives the same paper.
    const again = await wisdom({
      tagIds,
      quesTypes: [
        { questionTypeId: types.单选题, count: 6 },
        { questionTypeId: types.填空题, count: 1 },
      ],
      difficulty: 2.5,
      seed: 11,
    });
    expect(again.byType).toEqual(paper.byType);
  });

  it('counts a parent point for the questions below it', async () => {
    const paper = await wisdom({
      tagIds: [nodeId(knowledge, '函数')],
      quesTypes: [{ questionTypeId: types.解答题, count: 1 }],
    });
    expect(stems(paper)).toEqual(['已知二次函数 $y=x^2-2x$ 的图象，求顶点坐标']);
    expect(paper.coverage).toEqual([{ tagId: nodeId(knowledge, '函数'), name: '函数', count: 1 }]);
  });

  it('reports a shortfall when a type has too few questions', async () => {
    const paper = await wisdom({
      tagIds: [nodeId(knowledge, '一次函数')],
      quesTypes: [{ questionTypeId: types.填空题, count: 5 }],
    });
    expect(paper.shortfalls).toEqual([{ questionTypeId: types.填空题, wanted: 5, found: 2 }]);
    expect(paper.byType[0]!.count).toBe(2);
  });

  it('leaves out excludeIds, so one question can be swapped for another', async () => {
    const params = {
      tagIds: [nodeId(knowledge, '一次函数')],
      quesTypes: [{ questionTypeId: types.填空题, count: 1 }],
    };
    const first = await wisdom({ ...params, seed: 1 });
    const swapped = await wisdom({ ...params, seed: 1, excludeIds: first.byType[0]!.quesIds });
    expect(swapped.byType[0]!.quesIds).toHaveLength(1);
    expect(swapped.byType[0]!.quesIds).not.toEqual(first.byType[0]!.quesIds);
  });

  it('never proposes another school’s questions', async () => {
    const params = {
      tagIds: [nodeId(knowledge, '一次函数'), nodeId(knowledge, '二次函数')],
      quesTypes: [{ questionTypeId: types.单选题, count: 50 }],
    };
    const forA = stems(await wisdom(params, bank.teacherA));
    expect(forA).toContain('甲中学校本题：二次函数的最值');
    expect(forA).not.toContain('乙中学校本题：一次函数');
    const forB = stems(await wisdom(params, bank.adminB));
    expect(forB).toContain('乙中学校本题：一次函数');
    expect(forB).not.toContain('甲中学校本题：二次函数的最值');
  });

  it('refuses bad input with a Chinese message, unknown points and types, and students', async () => {
    const tagIds = [nodeId(knowledge, '一次函数')];
    const single = [{ questionTypeId: types.单选题, count: 1 }];
    const bad = async (params: Record<string, unknown>) =>
      call(
        test.app,
        api.getByWisdom,
        { courseId: MATH, tagType: 1, tagIds, quesTypes: single, ...params },
        {
          session: bank.teacherA,
        },
      );
    expect((await bad({ tagIds: [] })).message).toBe('知识点列表不能为空');
    expect((await bad({ tagType: 3 })).message).toBe('标签类型只能是 1（知识点）或 2（教材章节）');
    expect((await bad({ difficulty: 6 })).message).toBe('目标难度最大为5');
    expect((await bad({ quesTypes: [{ questionTypeId: types.单选题, count: 51 }] })).message).toBe('题量最大为50');
    const tooMany = [types.单选题, types.填空题, types.解答题].map((id) => ({
      questionTypeId: id,
      count: 40,
    }));
    const total = await bad({ quesTypes: tooMany });
    expect(total.status).toBe(400);
    expect(total.message).toBe('总题量最多100道');
    expect((await bad({ tagIds: ['999999'] })).message).toBe('知识点不存在');
    expect((await bad({ quesTypes: [{ questionTypeId: '999999', count: 1 }] })).message).toBe('题型不存在');
    const student = await call(
      test.app,
      api.getByWisdom,
      { courseId: MATH, tagType: 1, tagIds, quesTypes: single },
      {
        session: bank.student,
      },
    );
    expect(student.http).toBe(403);
  });
});
