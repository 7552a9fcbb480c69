import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { draft, setUpQuestionBank } from '../../../test/question-bank-fixture.ts';
import { findPracticeQuestions, importQuestionDrafts } from '../index.ts';

// Practice questions for the analysis centre: an exam's knowledge points are names, often finer
// than the bank's tree (三角形三边关系 against the node 三角形).

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
const MATH = 2;

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
  await importQuestionDrafts(test.database.db, [
    draft('p-tri', { stem: '练习：三角形', knowledgePaths: ['几何 > 三角形'] }),
    draft('p-lin', { stem: '练习：一次函数', knowledgePaths: ['函数 > 一次函数'] }),
    draft('p-both', { stem: '练习：三角形与一次函数', knowledgePaths: ['几何 > 三角形', '函数 > 一次函数'] }),
  ]);
});
afterAll(() => test.close());

const stems = async (names: string[]) =>
  (
    await findPracticeQuestions(test.database.db, {
      courseId: MATH,
      schoolId: bank.schoolA.id,
      knowledgePointNames: names,
      limit: 10,
    })
  ).map((q) => q.stem);

describe('findPracticeQuestions', () => {
  it('matches a node by name or path, most shared points first', async () => {
    const both = await stems(['三角形', '函数 > 一次函数']);
    expect(both[0]).toBe('练习：三角形与一次函数');
    expect(both).toEqual(expect.arrayContaining(['练习：三角形', '练习：一次函数']));
    expect(await stems(['一次函数'])).toEqual(expect.arrayContaining(['练习：一次函数', '练习：三角形与一次函数']));
  });

  it('matches a finer exam point to the node its name contains', async () => {
    const found = await stems(['三角形三边关系']);
    expect(found).toEqual(expect.arrayContaining(['练习：三角形', '练习：三角形与一次函数']));
    expect(found).not.toContain('练习：一次函数');
  });

  it('finds nothing for a point the tree does not know, and for no points', async () => {
    expect(await stems(['圆周角定理'])).toEqual([]);
    expect(await stems([])).toEqual([]);
  });
});
