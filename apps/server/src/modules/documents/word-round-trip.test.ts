import {
  documentsApi,
  type QuestionImportPreview,
  questionBankSchoolApi,
  splitFormulaText,
  splitPictures,
  type UserPaperDetail,
  questionBankUserApi as userApi,
} from '@huikao/contracts';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbQuestions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, download, upload } from '../../test/client.ts';
import { callFormFile } from '../../test/question-bank-school-fixture.ts';
import { setUpUserResources } from '../../test/question-bank-user-fixture.ts';
import { parseLatex, UnsupportedLatex } from './latex-math.ts';

// Issue #22 item 3: a paper exported as the teacher's Word version and imported again gives back
// the same questions (stems, options, answers, explanations), formulas included: each formula is
// compared as the math tree it reads into, so `x^2` and `{x}^{2}` are the same formula. Pictures
// too: a stored picture in a stem and in an option comes back as a picture with the same bytes.

let test: TestApp;
let fx: Awaited<ReturnType<typeof setUpUserResources>>;
let courseId: string;

interface Edited {
  stem: string;
  options?: string[];
  answer: string;
  explanation: string;
}

const CHOICES: Edited[] = [
  {
    stem: '方程组 $\\left\\{\\begin{array}{l}x+y=3\\\\x-y=1\\end{array}\\right.$ 的解是',
    options: ['$x=2,y=1$', '$x=1,y=2$', '$\\begin{cases}x=2\\\\y=-1\\end{cases}$', '$\\frac{1}{2}$'],
    answer: 'A',
    explanation: '两式相加得 $2x=4$，所以 $x=2$，$y=1$',
  },
  {
    stem: '在 $\\triangle ABC\\backsim\\triangle DEF$ 中，若 $AB\\bot BC$，$\\angle A=30^\\circ$，则 $\\square$ 处应填',
    options: ['$\\sqrt{3}$', '$\\sqrt[3]{2}$', '$\\boxed{7}$', '$2\\bigcirc 8$'],
    answer: 'B',
    explanation: '由 $\\sin 30^\\circ=\\dfrac{1}{2}$ 与 $\\overrightarrow{AB}\\cdot\\vec{a}=0$ 得',
  },
  {
    stem: '矩阵 $\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}$ 与 $\\underbrace{1+1+\\cdots+1}_{n}$，$7\\bmod 3$ 等于',
    options: ['$\\left|x-1\\right|\\le 2$', '$\\overline{AB}$', '$\\mathrm{NH_4Cl}$', '$\\mathsf{A}\\pm b$'],
    answer: 'C',
    explanation: '$\\sum_{i=1}^{n} a_i=\\int_0^1 x dx$ 与 $x\\in\\{1,2\\}$',
  },
];
const OPEN: Edited[] = [
  {
    stem: '解方程：$x^2-2x-3=0$，并求 $\\left(\\frac{1}{2}\\right)^{-1}+\\log_2 8$ 的值',
    answer: '$x_1=3$，$x_2=-1$；$5$',
    explanation: '因式分解 $(x-3)(x+1)=0$，面积 $S=2\\text{ cm}^2$',
  },
  {
    stem: '表格 $\\begin{array}{c|c}x&1\\\\\\hline y&2\\end{array}$ 中，求 $\\lim_{x\\to 0}\\frac{\\sin x}{x}$',
    answer: '$1$',
    explanation: '$\\mathrm{Cl_2}+\\mathrm{H_2O}\\rightleftharpoons\\mathrm{HCl}+\\mathrm{HClO}$',
  },
];

beforeAll(async () => {
  test = await createTestApp();
  fx = await setUpUserResources(test);
  const [q1] = await test.database.db
    .select({ courseId: qbQuestions.courseId })
    .from(qbQuestions)
    .where(inArray(qbQuestions.id, [Number(fx.ids.q1)]));
  courseId = String(q1!.courseId);
});
afterAll(() => test.close());

/** A formula as its math tree; one exported as a picture (its source in the picture) as that source. */
function formula(tex: string): unknown {
  try {
    return parseLatex(tex);
  } catch (error) {
    if (!(error instanceof UnsupportedLatex)) throw error;
    return tex.replace(/\s+/g, '');
  }
}

/** Text with each formula as its math tree and the words without their spacing. */
function normalised(text: string): unknown[] {
  const parts: unknown[] = [];
  for (const segment of splitFormulaText(text)) {
    if (segment.kind === 'math') parts.push(formula(segment.tex));
    else {
      // A stored picture is compared by its bytes (picturesOf); here only its place counts.
      const words = splitPictures(segment.text)
        .map((part) => (part.kind === 'picture' ? '[图]' : part.text))
        .join('')
        .replace(/\s+/g, '');
      if (words) parts.push(words);
    }
  }
  return parts;
}

/** The stored pictures a text names, read back as the school's teacher reads them. */
async function picturesOf(text: string): Promise<Buffer[]> {
  const bytes: Buffer[] = [];
  for (const part of splitPictures(text)) {
    if (part.kind !== 'picture') continue;
    const served = await callFormFile(
      test,
      questionBankSchoolApi.getQuestionPicture,
      { schoolId: part.schoolId, picture: part.file },
      fx.teacherA,
    );
    expect(served.http).toBe(200);
    bytes.push(Buffer.from(served.buffer));
  }
  return bytes;
}

/** A picture stored the way a teacher stores one: imported from a Word paper. Its token. */
async function storedPicture(png: Buffer): Promise<string> {
  const p = (...runs: (string | ImageRun)[]) =>
    new Paragraph({ children: runs.map((run) => (typeof run === 'string' ? new TextRun(run) : run)) });
  const buffer = await Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            p('1. 如图', new ImageRun({ type: 'png', data: png, transformation: { width: 60, height: 30 } })),
            p('【答案】略'),
          ],
        },
      ],
    }),
  );
  const read = await upload<QuestionImportPreview>(
    test.app,
    questionBankSchoolApi.parseDocxPaper,
    { courseId },
    { fileName: '图.docx', buffer },
    { session: fx.teacherA },
  );
  expect(read.status, read.message).toBe(200);
  return read.data.questions[0]!.stem.replace(/^如图/, '');
}

describe('Word round trip', () => {
  it('gives back the exported questions, formulas included, without the notes as questions', async () => {
    const choiceIds = [fx.ids.q2, fx.ids.q3, fx.ids.q4];
    const openIds = [fx.ids.q1, fx.ids['school-a']];
    // A picture in the first stem and in an option of the second question.
    const figure = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const token = await storedPicture(figure);
    expect(splitPictures(token).map((part) => part.kind)).toEqual(['picture']);
    const choices = CHOICES.map((choice, i) =>
      i === 0
        ? { ...choice, stem: `${choice.stem}\n${token}` }
        : i === 1
          ? { ...choice, options: choice.options!.map((option, o) => (o === 1 ? `${token} ${option}` : option)) }
          : choice,
    );
    const added = await call<UserPaperDetail>(
      test.app,
      userApi.addUserPaper,
      {
        ...fx.owners.teacherA,
        paper: {
          title: '九年级数学单元测试',
          notes: '1. 答题前请将姓名、班级填写清楚。\n2. 本试卷共 5 题，满分 40 分。\n3. 请在指定区域作答。',
          courseId,
          layout: { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: true },
          sections: [
            { title: '选择题', questions: choiceIds.map((quesId, i) => ({ quesId, score: 4, edited: choices[i] })) },
            {
              title: '解答题',
              questions: openIds.map((quesId, i) => ({ quesId, score: 14, edited: { ...OPEN[i]!, options: [] } })),
            },
          ],
        },
      },
      { session: fx.teacherA },
    );
    expect(added.status, added.message).toBe(200);
    const exported = await download(
      test.app,
      documentsApi.generateWord,
      { userPaperId: added.data.paperId, format: 'teacher-docx' },
      { session: fx.teacherA },
    );
    expect(exported.http).toBe(200);

    const read = await upload<QuestionImportPreview>(
      test.app,
      questionBankSchoolApi.parseDocxPaper,
      { courseId },
      { fileName: '九年级数学单元测试（教师版）.docx', buffer: exported.buffer },
      { session: fx.teacherA },
    );
    expect(read.status, read.message).toBe(200);
    const preview = read.data;
    expect(preview.title).toBe('九年级数学单元测试');
    expect(preview.questions).toHaveLength(5);
    const expected = [...choices, ...OPEN];
    preview.questions.forEach((question, i) => {
      const want = expected[i]!;
      expect(question.no).toBe(i + 1);
      expect(question.score).toBe(i < 3 ? 4 : 14);
      expect(normalised(question.stem), `第 ${i + 1} 题题干：${question.stem}`).toEqual(normalised(want.stem));
      expect(question.options.map(normalised), `第 ${i + 1} 题选项`).toEqual((want.options ?? []).map(normalised));
      expect(normalised(question.answer), `第 ${i + 1} 题答案：${question.answer}`).toEqual(normalised(want.answer));
      expect(normalised(question.explanation), `第 ${i + 1} 题解析：${question.explanation}`).toEqual(
        normalised(want.explanation),
      );
      expect(question.questionTypeName).toBe(i < 3 ? '单选题' : '解答题');
    });
    expect(await picturesOf(preview.questions[0]!.stem)).toEqual([figure]);
    expect(await picturesOf(preview.questions[1]!.options[1]!)).toEqual([figure]);
    // Nothing was dropped: no picture left out, and what mammoth said is shown.
    expect(preview.notes.filter((note) => note.includes('图片'))).toEqual([]);
  });
});
