import { questionBankApi as api, QUESTION_TOTAL_CAP, type QuestionPage, type TreeNode } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { draft, setUpQuestionBank } from '../../../test/question-bank-fixture.ts';
import { importQuestionDrafts, importTree, NODE_KIND, refreshSearchStatistics } from '../index.ts';
import { keywordQuery } from './search-query.ts';

// questions/get_fast on a course with more matches than the count goes (QUESTION_TOTAL_CAP): the
// capped total, and every page in every order the same slice as one full sort of all the matches,
// whichever way search-repo.ts finds it (all matches at once, the order indexes, the first
// candidates tested for the words, or the search index with a sort).

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
const PHYSICS = '4';
const QUESTIONS = 1300;
/** In every question but every fifth: 1040 matches, more than the cap. */
const COMMON = '浮力';
/** In every fourth question: 325 matches, counted exactly. */
const RARER = '电阻';

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
  await importTree(test.database.db, '物理', NODE_KIND.knowledge, [
    { name: '力学', children: [{ name: '浮力' }, { name: '压强' }] },
  ]);
  await importQuestionDrafts(
    test.database.db,
    Array.from({ length: QUESTIONS }, (_, i) =>
      draft(`search${i}`, {
        courseName: '物理',
        typeName: i % 2 ? '填空题' : '单选题',
        stem: `第${i}题${i % 5 ? `物体所受${COMMON}的大小` : '小车的速度'}${i % 4 ? '' : `，${RARER}的阻值`}`,
        difficulty: 1 + (i % 5),
        year: i % 11 ? 2010 + (i % 7) : null,
        // 1170 under 力学 > 浮力, 130 under 力学 > 压强.
        knowledgePaths: [i % 10 ? '力学 > 浮力' : '力学 > 压强'],
      }),
    ),
  );
  // A question of another school's bank holding both words: never listed for school A.
  await importQuestionDrafts(test.database.db, [
    draft('search-other-school', {
      courseName: '物理',
      stem: `${COMMON}与${RARER}`,
      schoolId: bank.schoolB.id,
    }),
  ]);
  // Use counts with ties, so 使用最多 sorts by use and then by id.
  await test.database.db.execute(sql`update qb_questions set times_used = (id * 7) % 13 where course_id = 4`);
  // As the bulk importers end (without statistics the planner takes the tables for empty).
  await refreshSearchStatistics(test.database.db);
});
afterAll(() => test.close());

async function fast(params: Record<string, unknown>) {
  const result = await call<QuestionPage>(
    test.app,
    api.getFast,
    { courseId: PHYSICS, ...params },
    { session: bank.teacherA },
  );
  expect(result.status, result.message).toBe(200);
  return result.data;
}

/** The orders of spec §3's orderId, as one plain sort of every match. */
const ORDERS: Record<number, string> = {
  1: 'year desc nulls last, id desc',
  2: 'times_used desc, id desc',
  3: 'difficulty asc, id desc',
  4: 'difficulty desc, id desc',
};

interface Search {
  keyword?: string;
  diffGradeId?: number;
  knowledgePointId?: string;
}

async function everyMatch(order: number, search: Search = {}): Promise<string[]> {
  const words = search.keyword ? keywordQuery(search.keyword)!.match : null;
  const node = search.knowledgePointId ? Number(search.knowledgePointId) : null;
  const result = (await test.database.db.execute(sql`
    select id from qb_questions
    where course_id = ${Number(PHYSICS)} and status = 1 and (school_id is null or school_id = ${bank.schoolA.id})
      ${words ? sql`and search @@ ${words}::tsquery` : sql``}
      ${search.diffGradeId ? sql`and difficulty = ${search.diffGradeId}` : sql``}
      ${node ? sql`and id in (select question_id from qb_question_nodes where node_id in (select id from qb_nodes where id = ${node} or parent_id = ${node}))` : sql``}
    order by ${sql.raw(ORDERS[order]!)}`)) as unknown as { rows: { id: string | number }[] };
  return result.rows.map((r) => String(r.id));
}

async function knowledgePoint(name: string): Promise<string> {
  const tree = await call<TreeNode[]>(
    test.app,
    api.getNodes,
    { courseId: PHYSICS, type: 1 },
    { session: bank.teacherA },
  );
  const find = (nodes: TreeNode[]): TreeNode | undefined =>
    nodes.map((n) => (n.name === name ? n : find(n.children))).find(Boolean);
  return find(tree.data)!.id;
}

const PAGES = [
  { currentPage: 1, pageSize: 10 },
  { currentPage: 3, pageSize: 10 },
  { currentPage: 2, pageSize: 100 },
  // Past the first 1000 matches (1000–1099): only 1040 hold COMMON.
  { currentPage: 11, pageSize: 100 },
  // Past every match.
  { currentPage: 14, pageSize: 100 },
];

async function expectPages(params: Search) {
  for (const orderId of [1, 2, 3, 4]) {
    const all = await everyMatch(orderId, params);
    for (const { currentPage, pageSize } of PAGES) {
      const page = await fast({ ...params, orderId, currentPage, pageSize });
      const from = (currentPage - 1) * pageSize;
      expect(
        page.list.map((q) => q.quesId),
        `order ${orderId}, page ${currentPage} of ${pageSize}`,
      ).toEqual(all.slice(from, from + pageSize));
      expect(page.total).toBe(Math.min(all.length, QUESTION_TOTAL_CAP));
      expect(page.totalCapped).toBe(all.length > QUESTION_TOTAL_CAP);
    }
  }
}

describe('questions/get_fast past the count cap', () => {
  it('counts a course up to 1000 and says more match; every page is the full sort’s slice', async () => {
    expect(QUESTION_TOTAL_CAP).toBe(1000);
    const page = await fast({});
    expect(page.total).toBe(1000);
    expect(page.totalCapped).toBe(true);
    await expectPages({});
  });

  it('a common word: the capped total, every page in every order exact, deep pages included', async () => {
    expect((await everyMatch(1, { keyword: COMMON })).length).toBe(1040);
    await expectPages({ keyword: COMMON });
  });

  it('a rarer word and a filter narrowing a common one are counted exactly', async () => {
    const rarer = await fast({ keyword: RARER });
    expect(rarer.total).toBe(325);
    expect(rarer.totalCapped).toBe(false);
    await expectPages({ keyword: RARER });
    await expectPages({ keyword: COMMON, diffGradeId: 2 });
    expect((await fast({ keyword: `${COMMON}${RARER}` })).total).toBe(0);
  });

  it('a knowledge point with its subtree, alone and with a keyword: capped or exact, every page exact', async () => {
    const mechanics = await knowledgePoint('力学');
    const buoyancy = await knowledgePoint('浮力');
    const pressure = await knowledgePoint('压强');
    expect((await everyMatch(1, { knowledgePointId: mechanics })).length).toBe(1300);
    expect((await everyMatch(1, { knowledgePointId: buoyancy })).length).toBe(1170);
    await expectPages({ knowledgePointId: mechanics });
    await expectPages({ knowledgePointId: buoyancy });
    await expectPages({ knowledgePointId: buoyancy, keyword: COMMON });
    const exact = await fast({ knowledgePointId: pressure });
    expect([exact.total, exact.totalCapped]).toEqual([130, false]);
    await expectPages({ knowledgePointId: pressure });
  });

  it('never lists another school’s question', async () => {
    // 浮力与 is only in school B's question.
    const page = await fast({ keyword: `${COMMON}与` });
    expect(page.list).toEqual([]);
    expect(page.total).toBe(0);
  });
});
