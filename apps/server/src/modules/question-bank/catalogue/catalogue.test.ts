import { questionBankApi as api, type CourseBase, type PaperDetail, type TreeNode } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call } from '../../../test/client.ts';
import { draft, setUpQuestionBank } from '../../../test/question-bank-fixture.ts';
import { importQuestionDrafts } from '../index.ts';

let test: TestApp;
let bank: Awaited<ReturnType<typeof setUpQuestionBank>>;
const ask = <T>(endpoint: (typeof api)[keyof typeof api], params: unknown) =>
  call<T>(test.app, endpoint, params, { session: bank.teacherA });

beforeAll(async () => {
  test = await createTestApp();
  bank = await setUpQuestionBank(test);
  const paper = { sourceKey: 'paper:1', title: '2024年北京市八年级数学期中试卷', section: '单选题', order: 0 };
  await importQuestionDrafts(test.database.db, [
    draft('p1', { paper, score: 4 }),
    draft('p2', { paper: { ...paper, order: 1 }, score: 4 }),
    draft('p3', { paper: { ...paper, section: '解答题', order: 2 }, typeName: '解答题', options: null, score: 10 }),
    draft('p-school', {
      schoolId: bank.schoolA.id,
      paper: { sourceKey: 'paper:school', title: '甲中学校本周测', section: '单选题', order: 0 },
    }),
  ]);
});
afterAll(() => test.close());

describe('catalogue', () => {
  it('lists courses of a stage and the base data of a course', async () => {
    const junior = await ask<{ name: string }[]>(api.getCourses, { stageCode: 2 });
    expect(junior.data.map((c) => c.name)).toContain('物理');
    expect(junior.data.map((c) => c.name)).not.toContain('科学');
    const base = await ask<CourseBase>(api.getBase, { courseId: '2' });
    expect(base.data.difficulties.map((d) => d.name)).toEqual(['容易', '较易', '中等', '较难', '困难']);
    expect(base.data.questionTypes.map((t) => t.name)).toEqual(expect.arrayContaining(['单选题', '解答题']));
    expect(base.data.years).toEqual([2024, 2023, 2022, 2021]);
    expect(base.data.grades.map((g) => g.name)).toContain('九年级');
    expect(base.data.areas.map((a) => a.name)).toEqual(expect.arrayContaining(['北京', '上海']));
    const all = await ask<CourseBase[]>(api.getBaseAll, {});
    expect(all.data.length).toBe(16);
    const bad = await ask(api.getCourses, { stageCode: 7 });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('学段只能是 1、2 或 3');
  });

  it('answers the knowledge tree and the textbook calls', async () => {
    const knowledge = await ask<TreeNode[]>(api.getNodes, { courseId: '2', type: 1 });
    expect(knowledge.data.map((n) => n.name)).toEqual(['函数', '几何']);
    expect(knowledge.data[0]!.children.map((n) => n.name)).toEqual(['一次函数', '二次函数']);
    const roots = await ask<TreeNode[]>(api.getCcnRoot, { courseId: '2' });
    expect(roots.data.map((n) => [n.name, n.children.length])).toEqual([
      ['人教版', 0],
      ['北师大版', 0],
    ]);
    const ctv = await ask<{ name: string; volumes: { name: string }[] }[]>(api.getCtv, { courseId: '2' });
    expect(ctv.data[0]!.volumes.map((v) => v.name)).toEqual(['八年级上册', '九年级上册']);
    const whole = await ask<TreeNode[]>(api.getCcn, { courseId: '2' });
    expect(whole.data[0]!.children[0]!.children[0]!.children[0]!.name).toBe('11.1 与三角形有关的线段');
    const byRoot = await ask<TreeNode[]>(api.getCcnByRoot, { rootId: roots.data[0]!.id });
    expect(byRoot.data[0]!.children).toHaveLength(2);
    const missing = await ask(api.getCcnByRoot, { rootId: knowledge.data[0]!.id });
    expect(missing.status).toBe(404);
  });
});

describe('papers', () => {
  it('lists papers with page size 50 and paperTopic filters, never another school’s', async () => {
    const list = await ask<{
      list: { paperId: string; title: string; questionCount: number; totalScore: number }[];
      pageSize: number;
    }>(api.getPapers, { courseId: '2', gradeId: '0', paperType: '0', year: '2024' });
    expect(list.data.pageSize).toBe(50);
    expect(list.data.list.map((p) => p.title)).toEqual(['甲中学校本周测', '2024年北京市八年级数学期中试卷']);
    const paper = list.data.list.find((p) => p.title.includes('期中'))!;
    expect([paper.questionCount, paper.totalScore]).toEqual([3, 18]);
    expect((await ask<{ total: number }>(api.getPapers, { keyword: '期中' })).data.total).toBe(1);
    expect((await ask<{ total: number }>(api.getPapers, { year: '2020' })).data.total).toBe(0);
    const forB = await call<{ list: { title: string }[] }>(test.app, api.getPapers, {}, { session: bank.adminB });
    expect(forB.data.list.map((p) => p.title)).toEqual(['2024年北京市八年级数学期中试卷']);
    const schoolPaper = list.data.list.find((p) => p.title.includes('校本'))!;
    const refused = await call(
      test.app,
      api.getPaperDetail,
      { paperId: schoolPaper.paperId },
      { session: bank.adminB },
    );
    expect(refused.http).toBe(403);
  });

  it('gives papers by ids and a paper with its sections, questions and scores', async () => {
    const list = await ask<{ list: { paperId: string; title: string }[] }>(api.getPapers, { keyword: '期中' });
    const id = list.data.list[0]!.paperId;
    const byIds = await ask<{ title: string }[]>(api.getPapersByIds, { ids: [id] });
    expect(byIds.data.map((p) => p.title)).toEqual(['2024年北京市八年级数学期中试卷']);
    const detail = await ask<PaperDetail>(api.getPaperDetail, { paperId: id });
    expect(detail.data.sections.map((s) => [s.title, s.questions.length])).toEqual([
      ['单选题', 2],
      ['解答题', 1],
    ]);
    expect(detail.data.sections[1]!.questions[0]!.score).toBe(10);
    const empty = await ask(api.getPapersByIds, { ids: [] });
    expect(empty.message).toBe('试卷列表不能为空');
  });
});
