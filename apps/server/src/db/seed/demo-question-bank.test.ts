import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db.ts';
import { openTestDatabase } from '../../test/database.ts';
import { seedDemoQuestionBank } from './demo-question-bank.ts';
import type { DemoCourseBank } from './demo-questions/format.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const bank: DemoCourseBank = {
  course: '物理',
  knowledgeTree: [{ name: '力学', children: [{ name: '力' }, { name: '运动' }] }],
  textbook: {
    edition: '人教版',
    volumes: [{ name: '八年级下册', children: [{ name: '第七章 力', children: [{ name: '7.1 力' }] }] }],
  },
  questions: [
    {
      key: 'phy-001',
      type: '单选题',
      difficulty: 2,
      stem: '下列关于力的说法正确的是',
      options: ['力可以离开物体存在', '力是物体对物体的作用', '只有接触才有力', '力没有方向'],
      answer: 'B',
      explanation: '力是物体对物体的作用。',
      knowledgePoints: ['力学 > 力'],
      chapters: ['八年级下册 > 第七章 力 > 7.1 力'],
      grade: 8,
      year: 2024,
      paperType: '单元测试',
      area: '全国',
    },
    {
      key: 'phy-002',
      type: '填空题',
      difficulty: 1,
      stem: '力的单位是＿＿＿。',
      answer: '牛顿（N）',
      explanation: '国际单位制中力的单位是牛顿。',
      knowledgePoints: ['力学 > 力'],
      chapters: ['八年级下册 > 第七章 力'],
      grade: 8,
      year: 2024,
      paperType: '单元测试',
      area: '全国',
    },
  ],
};

const count = async (query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('seedDemoQuestionBank', () => {
  it('creates trees, textbook and linked questions, and a second run adds nothing', async () => {
    const first = await seedDemoQuestionBank(database.db, [bank]);
    expect(first).toEqual({ courses: 1, questions: 2, knowledgeLinks: 2, chapterLinks: 2, unmatchedPaths: 0 });
    const second = await seedDemoQuestionBank(database.db, [bank]);
    expect(second).toEqual({ courses: 0, questions: 0, knowledgeLinks: 0, chapterLinks: 0, unmatchedPaths: 0 });
    expect(await count('select count(*)::int as n from qb_questions')).toBe(2);
    expect(await count('select count(*)::int as n from qb_nodes where kind = 2')).toBe(4);
    expect(await count('select count(*)::int as n from qb_question_nodes')).toBe(4);
    expect(
      await count("select count(*)::int as n from qb_questions where options is null and answer = '牛顿（N）'"),
    ).toBe(1);
  });
});
