import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { questionBankApi as api, type Question, type QuestionPage } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, login } from '../../../test/client.ts';
import { makeSchool, makeUser } from '../../../test/factories.ts';
import { importQuestionBankFiles } from '../index.ts';
import { splitOptions } from './parse-gaokao.ts';

let test: TestApp;
let dir: string;
const count = async (table: string) =>
  (
    (await test.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

beforeAll(async () => {
  test = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'qb-import-'));
  writeFileSync(
    path.join(dir, '2010-2022_Math_I_MCQs.json'),
    JSON.stringify({
      keywords: '2010-2022_Math_I_MCQs',
      example: [
        {
          year: '2015',
          category: '（新课标Ⅰ）',
          question: '1. （5 分）已知集合 $A=\\{1,2\\}$，则 $A$ 的子集个数为（ ）\nA. 1\nB. 2\nC. 3\nD. 4\n',
          answer: ['D'],
          analysis: '子集个数为 $2^2=4$。',
          index: 0,
          score: 5,
        },
        {
          year: '2015',
          category: '（新课标Ⅰ）',
          question: '2. 下列函数中是偶函数的是 A. $y=x$ B. $y=x^2$ C. $y=x^3$ D. $y=\\sqrt{x}$',
          answer: ['B'],
          analysis: '略',
          index: 1,
          score: 5,
        },
      ],
    }),
  );
  const tal = (id: string, difficulty: string, route: string) =>
    JSON.stringify({
      queId: id,
      difficulty,
      qtype: 'single_choice',
      problem: '计算：$$1+2$$的结果是．',
      answer_option_list: [
        [{ aoVal: 'A', content: '$$2$$ ' }],
        [{ aoVal: 'B', content: '$$3$$ ' }],
        [{ aoVal: 'C', content: '$$4$$ ' }],
      ],
      knowledge_point_routes: [route],
      answer_analysis: ['$$1+2=3$$'],
      answer_value: 'B',
      competition_source_list: ['2019年希望杯五年级竞赛第1题'],
    });
  writeFileSync(
    path.join(dir, 'tal.jsonl'),
    [tal('t1', '0', '课内体系->知识点->计算->加法'), tal('t2', '4', '课内体系->知识点->不存在的点')].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'tree.json'),
    JSON.stringify([
      {
        name: '课内体系',
        children: [{ lable: '知识点', children: [{ name: '计算', children: [{ name: '加法', children: [] }] }] }],
      },
    ]),
  );
});
afterAll(() => test.close());

describe('importers', () => {
  it('splits options from a stem, on lines or inline', () => {
    expect(splitOptions('题干\nA. 1\nB. 2\nC．3\nD、4')).toEqual({ stem: '题干', options: ['1', '2', '3', '4'] });
    expect(splitOptions('$\\mathrm{A}. x$ 无选项')).toEqual({ stem: '$\\mathrm{A}. x$ 无选项', options: null });
  });

  it('imports a GAOKAO-Bench file, a TAL file and a tree with the right counts, options and answers, idempotently', async () => {
    const first = await importQuestionBankFiles(test.database.db, [dir]);
    expect(first.map((r) => [path.basename(r.file), r.nodes ?? r.summary!.questions])).toEqual([
      ['tree.json', 4],
      ['2010-2022_Math_I_MCQs.json', 2],
      ['tal.jsonl', 2],
    ]);
    expect(first[2]!.summary).toMatchObject({ knowledgeLinks: 2, unmatchedPaths: 0 });
    await importQuestionBankFiles(test.database.db, [dir]);
    expect(await count('qb_questions')).toBe(4);
    expect(await count('qb_nodes')).toBe(4);
    expect(await count('qb_papers')).toBe(1);

    const school = await makeSchool(test.database.db);
    const teacher = await makeUser(test.database.db, { schoolId: school.id, type: 5 });
    const session = await login(test.app, teacher.loginName, teacher.password);
    const page = await call<QuestionPage>(
      test.app,
      api.getFast,
      { courseId: '2', orderId: '3', pageSize: 10 },
      { session },
    );
    const gaokao = page.data.list.find((q) => q.stem.startsWith('已知集合')) as Question;
    expect(gaokao).toMatchObject({
      options: ['1', '2', '3', '4'],
      answer: 'D',
      year: 2015,
      areaName: '新课标Ⅰ',
      gradeName: '高三',
      paperTypeName: '高考真题',
      score: 5,
      explanation: '子集个数为 $2^2=4$。',
    });
    expect(page.data.list.find((q) => q.stem.startsWith('下列函数'))!.options).toEqual([
      '$y=x$',
      '$y=x^2$',
      '$y=x^3$',
      '$y=\\sqrt{x}$',
    ]);
    const tal = page.data.list.filter((q) => q.origin === 'tal');
    expect(tal.map((q) => [q.diffGradeId, q.answer, q.stem])).toEqual([
      ['1', 'B', '计算：$1+2$的结果是．'],
      ['5', 'B', '计算：$1+2$的结果是．'],
    ]);
    expect(tal[0]).toMatchObject({
      options: ['$2$', '$3$', '$4$'],
      gradeName: '五年级',
      year: 2019,
      paperTypeName: '竞赛',
    });
    expect(tal[0]!.knowledgePoints.map((k) => k.name)).toEqual(['加法']);
    expect(tal[1]!.knowledgePoints.map((k) => k.name)).toEqual(['知识点']);
  });

  const shared = path.resolve(import.meta.dirname, '../../../../../../../shared/data/questions');
  it.skipIf(!existsSync(shared))(
    'imports every question of ../shared/data/questions',
    async () => {
      const results = await importQuestionBankFiles(test.database.db, [shared]);
      const questions = results.reduce((n, r) => n + (r.summary?.questions ?? 0), 0);
      expect(questions).toBe(5811);
    },
    120_000,
  );
  if (!existsSync(shared)) console.log(`notice: ${shared} is absent; the real-file import test is skipped`);
});
