import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxLines, htmlLines, parsePaperLines, readDocxPaper, splitOptions } from './parse-docx-paper.ts';

// A Word paper made here with the `docx` library, read back through mammoth and split into questions.

/** A 1×1 PNG: enough for Word and mammoth to see a picture. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const p = (...runs: (string | TextRun | ImageRun)[]) =>
  new Paragraph({ children: runs.map((run) => (typeof run === 'string' ? new TextRun(run) : run)) });

async function makePaper(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          p('2024年七年级数学期中试卷'),
          p('一、选择题（每小题3分，共9分）'),
          p('1. 方程 $2x-4=0$ 的解是（  ）'),
          p('A. $x=1$    B. $x=2$    C. $x=-1$    D. $x=-2$'),
          p('【答案】B'),
          p('【解析】移项得 $2x=4$，所以 $x=2$。'),
          p('2．下列各数中，最小的是（  ）'),
          p('A．-3'),
          p('B．0'),
          p('C．1'),
          p('D．2'),
          p('3、点 A、B 在数轴上的位置如图所示，下列结论正确的是（  ）'),
          p(new ImageRun({ type: 'png', data: PIXEL, transformation: { width: 40, height: 20 } })),
          p('A. 甲  B. 乙  C. 丙  D. 丁'),
          p('二、填空题（每小题4分，共8分）'),
          p('4. 若 x', new TextRun({ text: '2', superScript: true }), '=4，则 x=______。'),
          p('5. 计算：$\\sqrt{9}$ = ______。'),
          p('三、解答题'),
          p('6. （10分）已知一次函数 $y=kx+b$ 的图象经过点 (1,3) 和 (2,5)。'),
          p('（1）求 k、b 的值；'),
          p('（2）求该函数图象与 x 轴的交点坐标。'),
          p('参考答案'),
          p('一、选择题'),
          p('1-3 BAD'),
          p('二、填空题'),
          p('4. ±2    5. 3'),
          p('6. 解：（1）由题意得 $k+b=3$，$2k+b=5$，解得 $k=2$，$b=1$；'),
          p('（2）令 $y=0$，得 $x=-\\frac{1}{2}$，交点为 $(-\\frac{1}{2},0)$。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('a Word paper made in the test', () => {
  it('splits into its questions with types, options, answers, scores and notes', async () => {
    const paper = await readDocxPaper(await makePaper());
    expect(paper.title).toBe('2024年七年级数学期中试卷');
    expect(paper.questions.map((q) => q.no)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paper.questions.map((q) => q.typeName)).toEqual([
      '单选题',
      '单选题',
      '单选题',
      '填空题',
      '填空题',
      '解答题',
    ]);
    expect(paper.questions.map((q) => q.section)).toEqual([
      '选择题（每小题3分，共9分）',
      '选择题（每小题3分，共9分）',
      '选择题（每小题3分，共9分）',
      '填空题（每小题4分，共8分）',
      '填空题（每小题4分，共8分）',
      '解答题',
    ]);

    const [q1, q2, q3, q4, q5, q6] = paper.questions;
    // Options on one line; the answer and explanation from the question's own markers.
    expect(q1).toMatchObject({
      stem: '方程 $2x-4=0$ 的解是（  ）',
      options: ['$x=1$', '$x=2$', '$x=-1$', '$x=-2$'],
      answer: 'B',
      explanation: '移项得 $2x=4$，所以 $x=2$。',
      score: 3,
      notes: [],
    });
    // Options a line each; the answer from the key at the end (1-3 BAD); the inline B of 1 stays.
    expect(q2).toMatchObject({ stem: '下列各数中，最小的是（  ）', options: ['-3', '0', '1', '2'], answer: 'A' });
    // A point named A in the stem does not start the options; the picture keeps its place as a
    // marker and its bytes are handed over for the importer to store.
    expect(q3!.stem).toBe('点 A、B 在数轴上的位置如图所示，下列结论正确的是（  ）\n\u0000图0\u0000');
    expect(q3!.options).toEqual(['甲', '乙', '丙', '丁']);
    expect(q3!.answer).toBe('D');
    expect(q3!.notes).toEqual([]);
    // A superscript becomes a formula; typed LaTeX is kept as it is.
    expect(q4).toMatchObject({ stem: '若 x$^{2}$=4，则 x=______。', options: [], answer: '±2', score: 4 });
    expect(q5).toMatchObject({ stem: '计算：$\\sqrt{9}$ = ______。', answer: '3' });
    // Sub-parts stay with their question; the score in the stem; a two-line answer from the key.
    expect(q6!.stem).toBe(
      '已知一次函数 $y=kx+b$ 的图象经过点 (1,3) 和 (2,5)。\n（1）求 k、b 的值；\n（2）求该函数图象与 x 轴的交点坐标。',
    );
    expect(q6!.score).toBe(10);
    expect(q6!.answer).toBe(
      '解：（1）由题意得 $k+b=3$，$2k+b=5$，解得 $k=2$，$b=1$；\n（2）令 $y=0$，得 $x=-\\frac{1}{2}$，交点为 $(-\\frac{1}{2},0)$。',
    );
    expect(paper.notes).toEqual([]);
    expect(paper.pictures).toHaveLength(1);
    expect(paper.pictures[0]!.contentType).toBe('image/png');
    expect(Buffer.from(paper.pictures[0]!.bytes).equals(PIXEL)).toBe(true);
  });

  it('refuses a file that is not a Word document', async () => {
    await expect(docxLines(Buffer.from('not a zip'))).rejects.toThrow(/Word 文件无法读取/);
  });
});

describe('splitting a paper’s lines', () => {
  it('reads markers on the same line, (A) options and a 1.A 2.B key', () => {
    const paper = parsePaperLines([
      '1. 下列是偶数的是 (A) 1 (B) 2 (C) 3 (D) 5',
      '2. 地球是圆的。【答案】正确【解析】常识。',
      '3. 下列说法正确的有（  ）',
      'A. 甲 B. 乙',
      'C. 丙 D. 丁',
      '答案与解析',
      '1.B 3.AC',
    ]);
    expect(paper.title).toBeNull();
    const [q1, q2, q3] = paper.questions;
    expect(q1).toMatchObject({
      typeName: '单选题',
      stem: '下列是偶数的是',
      options: ['1', '2', '3', '5'],
      answer: 'B',
    });
    expect(q2).toMatchObject({ typeName: '判断题', stem: '地球是圆的。', answer: '正确', explanation: '常识。' });
    expect(q3).toMatchObject({ typeName: '多选题', options: ['甲', '乙', '丙', '丁'], answer: 'AC' });
  });

  it('keeps a question without an answer with a note, and a "1.5" line as text', () => {
    const paper = parsePaperLines(['1. 一根绳子长', '1.5 米，剪去一半还剩多少米？', '【答案】', '0.75 米']);
    expect(paper.questions).toHaveLength(1);
    expect(paper.questions[0]).toMatchObject({
      typeName: '解答题',
      stem: '一根绳子长\n1.5 米，剪去一半还剩多少米？',
      answer: '0.75 米',
      notes: [],
    });
    const unanswered = parsePaperLines(['1. 化简 $3a+2a$']).questions[0]!;
    expect(unanswered.notes).toEqual(['未识别到答案，请在预览中填写']);
  });

  it('does not take a number out of order as a new question', () => {
    const paper = parsePaperLines(['1. 求值', '解：步骤如下', '3. 这一行是第1题的一部分', '2. 第二题']);
    expect(paper.questions.map((q) => [q.no, q.stem])).toEqual([
      [1, '求值\n解：步骤如下\n3. 这一行是第1题的一部分'],
      [2, '第二题'],
    ]);
  });

  it('turns mammoth HTML into lines: entities, tables, scripts and pictures', () => {
    expect(
      htmlLines('<p>a &lt; b &amp;&amp; c</p><table><tr><td>A. 1</td><td>B. 2</td></tr></table><p>H<sub>2</sub>O</p>'),
    ).toEqual(['a < b && c', 'A. 1  B. 2', 'H$_{2}$O']);
  });

  it('numbers Word’s automatic lists: questions on through the paper, nested items as sub-parts', () => {
    const html =
      '<p>一、选择题</p><ol><li>方程的解是</li></ol><p>A. 1  B. 2</p><ol><li>第二题<ol><li>子问一</li><li>子问二</li></ol></li><li>第三题</li></ol><ul><li>注意</li></ul>';
    expect(htmlLines(html)).toEqual([
      '一、选择题',
      '1. 方程的解是',
      'A. 1  B. 2',
      '2. 第二题',
      '（1）子问一',
      '（2）子问二',
      '3. 第三题',
      '注意',
    ]);
    const paper = parsePaperLines(htmlLines(html));
    expect(paper.questions.map((q) => [q.no, q.stem])).toEqual([
      [1, '方程的解是'],
      [2, '第二题\n（1）子问一\n（2）子问二'],
      [3, '第三题\n注意'],
    ]);
  });

  it('leaves a stem without a run of options alone', () => {
    expect(splitOptions('连接 A、B 两点')).toEqual({ stem: '连接 A、B 两点', options: [] });
  });
});
