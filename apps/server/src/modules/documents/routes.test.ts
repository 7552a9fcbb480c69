import {
  documentsApi,
  PDF_UNAVAILABLE_MESSAGE,
  type UserPaperDetail,
  questionBankUserApi as userApi,
} from '@huikao/contracts';
import { inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbQuestions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, download } from '../../test/client.ts';
import { setUpUserResources } from '../../test/question-bank-user-fixture.ts';
import { findOffice } from './pdf.ts';

// word/generateWord end to end: a saved paper with formulas exported in each version, unzipped,
// and its document.xml read for every question, score and equation; the export recorded as a
// download with the questions' use counts; another teacher's paper refused.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
let paper: UserPaperDetail;

const EDITED_STEM = '化简 $\\frac{a^2-1}{a+1}$，并求 $\\sqrt{16}+\\left(\\frac{1}{2}\\right)^{-1}$ 的值';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
  const [q1] = await test.database.db
    .select({ courseId: qbQuestions.courseId })
    .from(qbQuestions)
    .where(inArray(qbQuestions.id, [Number(fx.ids.q1)]));
  const added = await call<UserPaperDetail>(
    test.app,
    userApi.addUserPaper,
    {
      ...fx.owners.teacherA,
      paper: {
        title: '八年级数学期中测试',
        subtitle: '（满分100分，考试时间90分钟）',
        notes: '答题前请将姓名、班级填写清楚。\n请在指定区域作答。',
        courseId: String(q1!.courseId),
        layout: { paperSize: 'A3', columns: 2, studentInfo: true, sealLine: true },
        sections: [
          {
            title: '选择题',
            questions: [
              { quesId: fx.ids.q2, score: 4 },
              { quesId: fx.ids.q3, score: 4 },
              { quesId: fx.ids.q4, score: 4 },
            ],
          },
          {
            title: '解答题',
            questions: [
              { quesId: fx.ids.q1, score: 12.5, answerHeightMm: 60 },
              {
                quesId: fx.ids['school-a'],
                score: 8,
                answerHeightMm: 40,
                edited: { stem: EDITED_STEM, options: [], answer: '$a-1$；$6$', explanation: '约分后代入' },
              },
            ],
          },
        ],
      },
    },
    { session: fx.teacherA },
  );
  expect(added.status, added.message).toBe(200);
  paper = added.data;
});
afterAll(() => test.close());

async function exportPaper(format: string, session = fx.teacherA, userPaperId = paper.paperId) {
  return download(test.app, documentsApi.generateWord, { userPaperId, format }, { session });
}

async function documentXml(buffer: Buffer): Promise<{ document: string; styles: string; header: string }> {
  const zip = await JSZip.loadAsync(buffer);
  const read = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve('');
  return {
    document: await read('word/document.xml'),
    styles: await read('word/styles.xml'),
    header: await read('word/header1.xml'),
  };
}

/** The text of the document's runs, tags removed, so words split over runs still read as written. */
const textOf = (xml: string) =>
  xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('word/generateWord', () => {
  it('exports the student version with every question, score and formula as Word equations', async () => {
    const result = await exportPaper('docx');
    expect(result.http).toBe(200);
    expect(result.headers['content-type']).toContain('wordprocessingml.document');
    expect(String(result.headers['content-disposition'])).toContain(encodeURIComponent('八年级数学期中测试.docx'));
    const { document, styles } = await documentXml(result.buffer);
    const text = textOf(document);

    expect(text).toContain('八年级数学期中测试');
    expect(text).toContain('（满分100分，考试时间90分钟）');
    expect(text).toContain('学校：');
    expect(text).toContain('答题前请将姓名、班级填写清楚。');
    expect(text).toContain('一、选择题（本题共3小题，每小题4分，共12分）');
    expect(text).toContain('二、解答题（本题共2小题，共20.5分）');
    expect(text).toContain('满分32.5分');
    // Numbered across sections, each with its score.
    for (const [number, score] of [
      [1, '4'],
      [2, '4'],
      [3, '4'],
      [4, '12.5'],
      [5, '8'],
    ] as const) {
      expect(text).toContain(`${number}.（${score}分）`);
    }
    // Stems: the words around each formula, and the edited copy instead of the bank's stem.
    for (const words of [
      '一次函数',
      '的图象经过第几象限',
      '三角形两边长为 3 和 5，第三边可能是',
      '二次函数',
      '的开口方向',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('已知二次函数');
    expect(text).toContain('化简');
    expect(text).not.toContain('甲中学校本题');
    // Options of a choice question.
    expect(text).toMatch(/A\. 1\tB\. 2\tC\. 3\tD\. 4/);
    // Formulas are OMML equations: a power, a fraction, a radical, brackets; none left as $…$.
    expect(document.match(/<m:oMath>/g)?.length).toBeGreaterThanOrEqual(5);
    expect(document).toContain('<m:sSup>');
    expect(document).toContain('<m:f>');
    expect(document).toContain('<m:rad>');
    expect(document).toContain('<m:d>');
    expect(text).not.toContain('$');
    // No answers in the student version.
    expect(text).not.toContain('【答案】');
    // A3 landscape in two columns; 宋体 10.5 pt body.
    expect(document).toMatch(/<w:pgSz[^>]*w:orient="landscape"/);
    expect(document).toMatch(/<w:cols[^>]*w:num="2"/);
    expect(styles).toMatch(/w:eastAsia="宋体"/);
    expect(styles).toMatch(/<w:sz w:val="21"\/>/);
  });

  it('puts the seal line in the left margin of every page', async () => {
    const { header } = await documentXml((await exportPaper('docx')).buffer);
    expect(textOf(header)).toMatch(/密…+封…+线…+内…+不…+要…+答…+题/);
    expect(header).toContain('w:textDirection w:val="btLr"');
    expect(header).toContain('<w:tblpPr');
  });

  it('the teacher version holds each answer and explanation after its question', async () => {
    const result = await exportPaper('teacher-docx');
    expect(String(result.headers['content-disposition'])).toContain(encodeURIComponent('（教师版）.docx'));
    const { document } = await documentXml(result.buffer);
    const text = textOf(document);
    expect(text.match(/【答案】/g)).toHaveLength(5);
    expect(text).toContain('(1,-1)');
    expect(text).toContain('约分后代入');
    expect(text.indexOf('【答案】')).toBeLessThan(text.indexOf('2.（4分）'));
  });

  it('the answers-appended version ends with every answer', async () => {
    const { document } = await documentXml((await exportPaper('answers-docx')).buffer);
    const text = textOf(document);
    const appendix = text.indexOf('参考答案与解析');
    expect(appendix).toBeGreaterThan(text.indexOf('5.（8分）'));
    expect(text.slice(appendix).match(/【答案】/g)).toHaveLength(5);
  });

  it('the answer sheet has every question number, choice boxes and answer boxes', async () => {
    const result = await exportPaper('sheet-docx');
    expect(String(result.headers['content-disposition'])).toContain(encodeURIComponent('（答题卡）.docx'));
    const { document } = await documentXml(result.buffer);
    const text = textOf(document);
    expect(text).toContain('八年级数学期中测试（答题卡）');
    for (const number of [1, 2, 3]) expect(text).toContain(`${number}  [A] [B] [C] [D]`);
    expect(text).toContain('4.（12.5分）');
    expect(text).toContain('5.（8分）');
    // The 60 mm answer space of question 4 is a box of exactly that height (twentieths of a point).
    expect(document).toContain(`w:val="${Math.round(60 * 56.6929)}" w:hRule="exact"`);
  });

  it('records each export as a download and counts a use of each question', async () => {
    const before = await test.database.db
      .select({ id: qbQuestions.id, used: qbQuestions.timesUsed })
      .from(qbQuestions)
      .where(inArray(qbQuestions.id, [Number(fx.ids.q1), Number(fx.ids.q5)]));
    await exportPaper('docx');
    const after = await test.database.db
      .select({ id: qbQuestions.id, used: qbQuestions.timesUsed })
      .from(qbQuestions)
      .where(inArray(qbQuestions.id, [Number(fx.ids.q1), Number(fx.ids.q5)]));
    const used = (rows: typeof before, id: string) => rows.find((r) => r.id === Number(id))!.used;
    expect(used(after, fx.ids.q1)).toBe(used(before, fx.ids.q1) + 1);
    // q5 is not in the paper.
    expect(used(after, fx.ids.q5)).toBe(used(before, fx.ids.q5));

    const list = await download(
      test.app,
      userApi.getUserDownloadPapers,
      { openid: fx.teacherA.loginName, pageSize: 50 },
      { session: fx.teacherA },
    );
    const page = list.json!.data as { list: { fileName: string; format: string; userPaperId: string }[] };
    expect(page.list.map((d) => d.format)).toEqual(
      expect.arrayContaining(['docx', 'teacher-docx', 'answers-docx', 'sheet-docx']),
    );
    expect(page.list.find((d) => d.format === 'teacher-docx')).toMatchObject({
      fileName: '八年级数学期中测试（教师版）.docx',
      userPaperId: paper.paperId,
    });
  });

  it('the POST form of the call gives the same file', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: documentsApi.generateWordPost.path,
      headers: { loginName: fx.teacherA.loginName, jwtToken: fx.teacherA.jwtToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ userPaperId: paper.paperId, format: 'docx' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("refuses another teacher's paper (403), a missing paper and an unknown format", async () => {
    const other = await exportPaper('docx', fx.otherTeacherA);
    expect(other.http).toBe(403);
    expect(other.json?.message).toBe('只能查看和修改自己的资源');

    const missing = await exportPaper('docx', fx.teacherA, '999999');
    expect(missing.json).toMatchObject({ status: 404, message: '试卷不存在' });

    const wrong = await exportPaper('html');
    expect(wrong.json?.status).toBe(400);
    expect(wrong.json?.message).toContain('导出格式只能是');

    const student = await exportPaper('docx', fx.student);
    expect(student.http).toBe(403);
  });

  it('PDF: converted by LibreOffice where it is installed, otherwise refused with the reason', async () => {
    const options = await call<{ pdf: boolean; pdfMessage: string | null }>(
      test.app,
      documentsApi.exportOptions,
      {},
      { session: fx.teacherA },
    );
    const installed = (await findOffice()) !== null;
    expect(options.data).toEqual({ pdf: installed, pdfMessage: installed ? null : PDF_UNAVAILABLE_MESSAGE });
    const result = await exportPaper('pdf');
    if (installed) {
      expect(result.headers['content-type']).toContain('application/pdf');
      expect(result.buffer.subarray(0, 5).toString()).toBe('%PDF-');
    } else {
      expect(result.json).toMatchObject({ status: 422, message: PDF_UNAVAILABLE_MESSAGE });
    }
  });
});
