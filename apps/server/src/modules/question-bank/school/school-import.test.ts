import {
  questionBankSchoolApi as api,
  type OwnQuestionPage,
  type QuestionImportPreview,
  type QuestionImportResult,
  type QuestionPage,
  questionBankApi,
  type SchoolPaperDetail,
  type SchoolQuestion,
  type SchoolQuestionPage,
} from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { call, upload } from '../../../test/client.ts';
import { callFormFile, docxOf, setUpSchoolBank } from '../../../test/question-bank-school-fixture.ts';
import { filledQuestionTemplate } from '../../../test/question-bank-sheets.ts';

// The Excel and Word importers through the calls: upload → preview (checked against the course)
// → corrected questions confirmed in one transaction, into the school's bank (type 5) or a
// teacher's own questions.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpSchoolBank>>;
const MATH = '2';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpSchoolBank(test);
});
afterAll(() => test.close());

const asInput = (q: QuestionImportPreview['questions'][number]) => ({
  questionTypeId: q.questionTypeId!,
  difficulty: q.difficulty,
  stem: q.stem,
  options: q.options,
  answer: q.answer,
  explanation: q.explanation,
  knowledgePointIds: q.knowledgePoints.map((k) => k.id),
  chapterIds: q.chapters.map((c) => c.id),
  year: q.year,
  gradeId: q.gradeId,
  score: q.score,
  section: q.section ?? undefined,
});

async function previewExcel(rows: Parameters<typeof filledQuestionTemplate>[0], session = fx.adminA) {
  const buffer = await filledQuestionTemplate(rows);
  return upload<QuestionImportPreview>(
    test.app,
    api.parseExcelQuestions,
    { courseId: MATH },
    { fileName: '试题.xlsx', buffer },
    { session },
  );
}

describe('questions/import/template', () => {
  it('downloads the Excel template naming the course’s types', async () => {
    const file = await callFormFile(test, api.questionTemplate, { courseId: MATH }, fx.teacherA);
    expect(file.http).toBe(200);
    expect(file.headers['content-type']).toContain(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.buffer as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('试题')!.getRow(1).getCell(1).value).toBe('题型*');
    const guide: string[] = [];
    workbook.getWorksheet('填写说明')!.eachRow((row) => guide.push(String(row.getCell(1).value)));
    expect(guide.find((line) => line.startsWith('本学科的题型'))).toContain('单选题');
  });
});

describe('Excel import into the school bank', () => {
  it('previews rows resolved against the course, with each row’s problems, storing nothing', async () => {
    const result = await previewExcel([
      {
        题型: '单选题',
        难度: 2,
        题干: '一次函数 $y=x$ 过原点吗',
        选项A: '过',
        选项B: '不过',
        答案: 'A',
        知识点: '一次函数',
        章节: '11.1 与三角形有关的线段',
      },
      {
        题型: '解答题',
        难度: '较难',
        题干: '求 $y=x^2$ 的最小值',
        答案: '0',
        知识点: '函数 > 二次函数',
        年级: '九年级',
      },
      { 题型: '连线题', 难度: 3, 题干: '连线', 答案: '略', 知识点: '微积分' },
    ]);
    expect(result.status, result.message).toBe(200);
    const preview = result.data;
    expect(preview).toMatchObject({ fileName: '试题.xlsx', courseId: MATH, title: null, validCount: 2, errorCount: 1 });
    const [first, second, third] = preview.questions;
    expect(first).toMatchObject({
      no: 1,
      rowNo: 3,
      questionTypeName: '单选题',
      difficulty: 2,
      answer: 'A',
      errors: [],
    });
    expect(first!.knowledgePoints.map((k) => k.name)).toEqual(['一次函数']);
    expect(first!.chapters.map((c) => c.name)).toEqual(['11.1 与三角形有关的线段']);
    expect(second).toMatchObject({ difficulty: 4, gradeId: '9', errors: [] });
    expect(second!.knowledgePoints.map((k) => k.name)).toEqual(['二次函数']);
    expect(third!.questionTypeId).toBeNull();
    expect(third!.errors).toEqual([
      expect.stringMatching(/^题型“连线题”不是本学科的题型，可选：.*单选题/),
      '知识点“微积分”不在本学科的知识点树上',
    ]);
    const listed = await call<SchoolQuestionPage>(
      test.app,
      api.getSchoolQuestions,
      { schoolId: fx.adminA.schoolId, courseId: MATH, status: 0 },
      { session: fx.adminA },
    );
    expect(listed.data.list.map((q) => q.stem)).toEqual(['甲中学校本题：二次函数的最值']);
  });

  it('saves the corrected questions as drafts in one transaction; teachers see them once published', async () => {
    const { data: preview } = await previewExcel([
      { 题型: '单选题', 难度: 1, 题干: '校本导入题甲', 选项A: '1', 选项B: '2', 答案: 'B', 知识点: '一次函数' },
      { 题型: '解答题', 难度: 1, 题干: '校本导入题乙', 答案: '略' },
    ]);
    const inputs = preview.questions.map(asInput);
    inputs[1]!.stem = '校本导入题乙（已修改）';
    const saved = await call<QuestionImportResult>(
      test.app,
      api.importSchoolQuestions,
      { schoolId: fx.adminA.schoolId, courseId: MATH, questions: inputs },
      { session: fx.adminA },
    );
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ created: 2, paperId: null });

    const drafts = await call<SchoolQuestionPage>(
      test.app,
      api.getSchoolQuestions,
      { schoolId: fx.adminA.schoolId, courseId: MATH, status: 2 },
      { session: fx.adminA },
    );
    expect(drafts.data.list.map((q) => [q.stem, q.status, q.origin, q.answer])).toEqual([
      ['校本导入题乙（已修改）', 2, 'school', '略'],
      ['校本导入题甲', 2, 'school', 'B'],
    ]);
    const search = { courseId: MATH, schoolId: fx.teacherA.schoolId, keyword: '校本导入题' };
    const before = await call<QuestionPage>(test.app, questionBankApi.getFast, search, { session: fx.teacherA });
    expect(before.data.total).toBe(0);

    const published = await call<{ changed: number }>(
      test.app,
      api.updateSchoolQuestionStatus,
      { schoolId: fx.adminA.schoolId, quesIds: saved.data.quesIds, status: 1 },
      { session: fx.adminA },
    );
    expect(published.data.changed).toBe(2);
    const after = await call<QuestionPage>(test.app, questionBankApi.getFast, search, { session: fx.teacherA });
    expect(after.data.list.map((q) => q.stem).sort()).toEqual(['校本导入题乙（已修改）', '校本导入题甲']);
    expect(after.data.list.find((q) => q.stem === '校本导入题甲')!.knowledgePoints.map((k) => k.name)).toEqual([
      '一次函数',
    ]);
  });

  it('refuses the whole save when a question breaks the course’s rules, naming it', async () => {
    const { data: preview } = await previewExcel([
      { 题型: '单选题', 难度: 1, 题干: '好题', 选项A: '1', 选项B: '2', 答案: 'A' },
    ]);
    const good = asInput(preview.questions[0]!);
    const cases: [Record<string, unknown>, string][] = [
      [{ answer: 'E' }, '第 2 题：答案“E”没有对应的选项'],
      [{ options: ['只有一个'] }, '第 2 题：选择题至少要有两个选项'],
      [{ questionTypeId: '999999' }, '第 2 题：题型不是本学科的题型'],
      [{ knowledgePointIds: ['999999'] }, '第 2 题：知识点不属于本学科'],
    ];
    for (const [change, message] of cases) {
      const result = await call(
        test.app,
        api.importSchoolQuestions,
        { schoolId: fx.adminA.schoolId, courseId: MATH, questions: [good, { ...good, ...change }] },
        { session: fx.adminA },
      );
      expect(result.message).toBe(message);
    }
    const listed = await call<SchoolQuestionPage>(
      test.app,
      api.getSchoolQuestions,
      { schoolId: fx.adminA.schoolId, courseId: MATH, status: 0, keyword: '好题' },
      { session: fx.adminA },
    );
    expect(listed.data.total).toBe(0);
  });

  it('is type 5’s, for their own school only', async () => {
    const question = {
      questionTypeId: '1',
      difficulty: 3,
      stem: '越权题',
      options: ['1', '2'],
      answer: 'A',
    };
    const byTeacher = await call(
      test.app,
      api.importSchoolQuestions,
      { schoolId: fx.teacherA.schoolId, courseId: MATH, questions: [question] },
      { session: fx.teacherA },
    );
    expect(byTeacher.http).toBe(403);
    const otherSchool = await call(
      test.app,
      api.importSchoolQuestions,
      { schoolId: fx.adminA.schoolId, courseId: MATH, questions: [question] },
      { session: fx.adminB },
    );
    expect(otherSchool.http).toBe(403);
  });

  it('says what is wrong with the file itself', async () => {
    const wrongType = await upload(
      test.app,
      api.parseExcelQuestions,
      { courseId: MATH },
      { fileName: '试题.csv', buffer: Buffer.from('a,b') },
      { session: fx.adminA },
    );
    expect(wrongType.message).toBe('只能上传 .xlsx 格式的 Excel 文件');
    const empty = await previewExcel([]);
    expect(empty.message).toMatch(/^文件中没有识别到试题/);
    const student = await upload(test.app, api.parseExcelQuestions, { courseId: MATH }, undefined, {
      session: fx.student,
    });
    expect(student.http).toBe(403);
  });
});

describe('Word paper import', () => {
  const lines = [
    '八年级数学单元测试',
    '一、选择题（每小题5分）',
    '1. Word 导入题：$1+2$ 等于（  ）',
    'A. 2  B. 3  C. 4  D. 5',
    '2. Word 导入题：最小的数是（  ）',
    'A．-1',
    'B．0',
    '二、解答题',
    '3. Word 导入题：解方程 $x+1=2$',
    '（1）写出过程；',
    '参考答案',
    '1-2 BA',
    '3. $x=1$',
  ];

  it('previews the paper split into questions and files it as a draft school paper', async () => {
    const buffer = await docxOf(lines);
    const result = await upload<QuestionImportPreview>(
      test.app,
      api.parseDocxPaper,
      { courseId: MATH },
      { fileName: '单元测试.docx', buffer, mimeType: 'application/octet-stream' },
      { session: fx.adminA },
    );
    expect(result.status, result.message).toBe(200);
    const preview = result.data;
    expect(preview.title).toBe('八年级数学单元测试');
    expect(preview.questions.map((q) => [q.no, q.questionTypeName, q.answer, q.score, q.errors])).toEqual([
      [1, '单选题', 'B', 5, []],
      [2, '单选题', 'A', 5, []],
      [3, '解答题', '$x=1$', null, []],
    ]);
    expect(preview.questions[1]!.options).toEqual(['-1', '0']);
    expect(preview.questions[2]!.stem).toBe('Word 导入题：解方程 $x+1=2$\n（1）写出过程；');

    const saved = await call<QuestionImportResult>(
      test.app,
      api.importSchoolQuestions,
      {
        schoolId: fx.adminA.schoolId,
        courseId: MATH,
        questions: preview.questions.map(asInput),
        paper: { title: preview.title!, gradeId: '8' },
      },
      { session: fx.adminA },
    );
    expect(saved.status, saved.message).toBe(200);
    const paperId = saved.data.paperId!;
    const detail = await call<SchoolPaperDetail>(
      test.app,
      api.getSchoolPaperDetail,
      { schoolId: fx.adminA.schoolId, paperId },
      { session: fx.adminA },
    );
    expect(detail.data).toMatchObject({
      title: '八年级数学单元测试',
      status: 2,
      gradeName: '八年级',
      questionCount: 3,
    });
    expect(detail.data.sections.map((s) => [s.title, s.questions.map((q) => q.score)])).toEqual([
      ['选择题（每小题5分）', [5, 5]],
      ['解答题', [null]],
    ]);
    // A draft is not the teachers' yet; publishing the paper publishes its questions too.
    const hidden = await call(
      test.app,
      api.getSchoolPaperDetail,
      { schoolId: fx.teacherA.schoolId, paperId },
      { session: fx.teacherA },
    );
    expect(hidden.status).toBe(404);
    await call(
      test.app,
      api.updateSchoolPaperStatus,
      { schoolId: fx.adminA.schoolId, paperIds: [paperId], status: 1 },
      { session: fx.adminA },
    );
    const shown = await call<SchoolPaperDetail>(
      test.app,
      api.getSchoolPaperDetail,
      { schoolId: fx.teacherA.schoolId, paperId },
      { session: fx.teacherA },
    );
    expect(shown.data.sections.flatMap((s) => s.questions).length).toBe(3);
    const question = await call<SchoolQuestion>(
      test.app,
      api.getSchoolQuestionDetail,
      { schoolId: fx.teacherA.schoolId, quesId: saved.data.quesIds[0] },
      { session: fx.teacherA },
    );
    expect(question.data.status).toBe(1);
  });

  it('refuses a file that is not a .docx', async () => {
    const result = await upload(
      test.app,
      api.parseDocxPaper,
      { courseId: MATH },
      { fileName: '试卷.doc', buffer: Buffer.from('x') },
      { session: fx.teacherA },
    );
    expect(result.message).toBe('只能上传 .docx 格式的 Word 文件（.doc 请先在 Word 中另存为 .docx）');
  });
});

describe('a teacher’s own imported questions', () => {
  it('are seen, edited and deleted by their owner only', async () => {
    const buffer = await docxOf(['1. 我的私题：$2\\times3$ 等于', 'A. 5 B. 6', '【答案】B']);
    const { data: preview } = await upload<QuestionImportPreview>(
      test.app,
      api.parseDocxPaper,
      { courseId: MATH },
      { fileName: '私题.docx', buffer },
      { session: fx.teacherA },
    );
    const saved = await call<QuestionImportResult>(
      test.app,
      api.importUserQuestions,
      { ...fx.owners.teacherA, courseId: MATH, questions: preview.questions.map(asInput) },
      { session: fx.teacherA },
    );
    expect(saved.status, saved.message).toBe(200);
    const [quesId] = saved.data.quesIds;

    const mine = await call<OwnQuestionPage>(
      test.app,
      api.getOwnQuestions,
      { ...fx.owners.teacherA, courseId: MATH },
      { session: fx.teacherA },
    );
    expect(mine.data.list.map((q) => [q.stem, q.origin, q.answer])).toEqual([
      ['我的私题：$2\\times3$ 等于', 'user', 'B'],
    ]);
    // Nobody else: not the shared search, not a colleague, not the school bank.
    const search = await call<QuestionPage>(
      test.app,
      questionBankApi.getFast,
      { courseId: MATH, keyword: '我的私题' },
      { session: fx.otherTeacherA },
    );
    expect(search.data.total).toBe(0);
    const colleague = await call<OwnQuestionPage>(
      test.app,
      api.getOwnQuestions,
      { ...fx.owners.otherTeacherA },
      { session: fx.otherTeacherA },
    );
    expect(colleague.data.total).toBe(0);
    const school = await call(
      test.app,
      api.getSchoolQuestionDetail,
      { schoolId: fx.adminA.schoolId, quesId },
      { session: fx.adminA },
    );
    expect(school.status).toBe(404);
    const stolen = await call(
      test.app,
      api.deleteOwnQuestions,
      { ...fx.owners.otherTeacherA, quesIds: [quesId] },
      { session: fx.otherTeacherA },
    );
    expect(stolen.http).toBe(403);
    const asSomeoneElse = await call(
      test.app,
      api.getOwnQuestions,
      { ...fx.owners.teacherA },
      { session: fx.otherTeacherA },
    );
    expect(asSomeoneElse.http).toBe(403);

    const edited = await call<SchoolQuestion>(
      test.app,
      api.updateOwnQuestion,
      { ...fx.owners.teacherA, quesId, question: { ...asInput(preview.questions[0]!), answer: 'A', difficulty: 5 } },
      { session: fx.teacherA },
    );
    expect(edited.data).toMatchObject({ answer: 'A', diffGradeId: '5', status: 2 });
    const deleted = await call<{ deleted: number }>(
      test.app,
      api.deleteOwnQuestions,
      { ...fx.owners.teacherA, quesIds: [quesId] },
      { session: fx.teacherA },
    );
    expect(deleted.data.deleted).toBe(1);
  });
});
