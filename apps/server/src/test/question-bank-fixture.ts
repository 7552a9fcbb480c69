import type { StoredUser } from '@huikao/contracts';
import { importQuestionDrafts, importTree, NODE_KIND, type QuestionDraft } from '../modules/question-bank/index.ts';
import type { TestApp } from './app.ts';
import { login } from './client.ts';
import { makeSchool, makeUser } from './factories.ts';

// A small question bank for route tests: a 数学 knowledge tree and textbook, shared questions and
// one question of school A's own bank, with teachers of two schools and a student.

export const draft = (key: string, fields: Partial<QuestionDraft> = {}): QuestionDraft => ({
  sourceKey: `test:${key}`,
  origin: 'demo',
  courseName: '数学',
  typeName: '单选题',
  difficulty: 3,
  stem: `题目${key}`,
  options: ['1', '2', '3', '4'],
  answer: 'A',
  explanation: '略',
  year: 2024,
  areaName: '北京',
  gradeId: 8,
  paperTypeName: '期中',
  sourcePaper: null,
  score: 3,
  knowledgePaths: [],
  chapterPaths: [],
  ...fields,
});

export async function setUpQuestionBank(test: TestApp) {
  const { db } = test.database;
  const schoolA = await makeSchool(db, { name: '甲中学' });
  const schoolB = await makeSchool(db, { name: '乙中学' });
  const teacherA = await makeUser(db, { schoolId: schoolA.id, type: 1 });
  const adminB = await makeUser(db, { schoolId: schoolB.id, type: 5 });
  const student = await makeUser(db, { schoolId: schoolA.id, type: 2 });

  await importTree(db, '数学', NODE_KIND.knowledge, [
    { name: '函数', children: [{ name: '一次函数' }, { name: '二次函数', children: [{ name: '二次函数的图象' }] }] },
    { name: '几何', children: [{ name: '三角形' }] },
  ]);
  await importTree(db, '数学', NODE_KIND.chapter, [
    {
      name: '人教版',
      children: [
        {
          name: '八年级上册',
          children: [{ name: '第十一章 三角形', children: [{ name: '11.1 与三角形有关的线段' }] }],
        },
        { name: '九年级上册', children: [{ name: '第二十二章 二次函数' }] },
      ],
    },
    { name: '北师大版', children: [{ name: '九年级下册' }] },
  ]);
  await importQuestionDrafts(db, [
    draft('q1', {
      stem: '已知二次函数 $y=x^2-2x$ 的图象，求顶点坐标',
      typeName: '解答题',
      options: null,
      answer: '(1,-1)',
      difficulty: 4,
      year: 2023,
      knowledgePaths: ['函数 > 二次函数 > 二次函数的图象'],
      chapterPaths: ['人教版 > 九年级上册 > 第二十二章 二次函数'],
      gradeId: 9,
    }),
    draft('q2', {
      stem: '一次函数 $y=2x+1$ 的图象经过第几象限',
      difficulty: 1,
      year: 2022,
      areaName: '上海',
      paperTypeName: '期末',
      knowledgePaths: ['函数 > 一次函数'],
    }),
    draft('q3', {
      stem: '三角形两边长为 3 和 5，第三边可能是',
      difficulty: 2,
      knowledgePaths: ['几何 > 三角形'],
      chapterPaths: ['人教版 > 八年级上册 > 第十一章 三角形 > 11.1 与三角形有关的线段'],
    }),
    draft('q4', {
      stem: '二次函数 $y=-x^2$ 的开口方向',
      difficulty: 5,
      year: 2021,
      knowledgePaths: ['函数 > 二次函数'],
    }),
    draft('q5', { stem: 'English grammar question', courseName: '英语', typeName: '单选题' }),
    draft('school-a', {
      stem: '甲中学校本题：二次函数的最值',
      origin: 'school',
      schoolId: schoolA.id,
      knowledgePaths: ['函数 > 二次函数'],
    }),
  ]);
  const sessionOf = (user: { loginName: string; password: string }): Promise<StoredUser> =>
    login(test.app, user.loginName, user.password);
  return {
    schoolA,
    schoolB,
    teacherA: await sessionOf(teacherA),
    adminB: await sessionOf(adminB),
    student: await sessionOf(student),
  };
}
