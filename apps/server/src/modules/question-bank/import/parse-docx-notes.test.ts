import { Document, Math as DocxMath, ImageRun, MathFraction, MathRun, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { parsePaperLines, readDocxPaper, warningText } from './parse-docx-paper.ts';

// Issue #22 item 3: what the Word import used to lose or misread: Word equations, a formula the
// export drew as a picture, mammoth's warnings, and the paper's 注意事项 taken for questions.

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('a Word paper with equations, pictures and styles', () => {
  it('reads its equations as $LaTeX$, a formula picture from its description, and reports its warnings', async () => {
    const fraction = new DocxMath({
      children: [
        new MathRun('y='),
        new MathFraction({ numerator: [new MathRun('1')], denominator: [new MathRun('x')] }),
      ],
    });
    const document = new Document({
      styles: { paragraphStyles: [{ id: 'PaperTitle', name: 'Paper Title', run: { bold: true } }] },
      sections: [
        {
          children: [
            new Paragraph({ style: 'PaperTitle', children: [new TextRun('函数练习')] }),
            new Paragraph({ children: [new TextRun('1. 函数 '), fraction, new TextRun(' 的图象在第几象限')] }),
            new Paragraph({ children: [new TextRun('A. 一、三 B. 二、四')] }),
            new Paragraph({ children: [new TextRun('【答案】A')] }),
            new Paragraph({
              children: [
                new TextRun('2. 读表 '),
                new ImageRun({
                  type: 'png',
                  data: PIXEL,
                  transformation: { width: 40, height: 20 },
                  altText: { name: 'formula', title: '公式', description: '$\\begin{array}{c|c}x&1\\end{array}$' },
                }),
                new TextRun(' 并作答'),
              ],
            }),
            new Paragraph({ children: [new TextRun('【答案】略')] }),
          ],
        },
      ],
    });
    const paper = await readDocxPaper(await Packer.toBuffer(document));
    expect(paper.questions.map((q) => q.stem)).toEqual([
      '函数 $y=\\frac{1}{x}$ 的图象在第几象限',
      '读表 $\\begin{array}{c|c}x&1\\end{array}$ 并作答',
    ]);
    expect(paper.questions[0]!.options).toEqual(['一、三', '二、四']);
    expect(paper.notes).toContain('Word 读取提示：段落样式“Paper Title”未识别，已按普通段落读取');
  });

  it('says other mammoth messages as they are, in a Chinese frame', () => {
    expect(warningText("Unrecognised run style: 'Emph' (Style ID: Emph)")).toBe(
      'Word 读取提示：文字样式“Emph”未识别，已按普通文字读取',
    );
    expect(warningText('An unrecognised element was ignored: w:foo')).toBe(
      'Word 读取提示：An unrecognised element was ignored: w:foo',
    );
  });
});

describe('注意事项', () => {
  it('does not take numbered notes for questions', () => {
    const paper = parsePaperLines([
      '九年级数学（教师版）',
      '注意事项：',
      '1. 答题前请将姓名、班级填写清楚。',
      '2. 本试卷共 2 题。',
      '一、选择题',
      '1. 第一题 A. 1 B. 2',
      '【答案】A',
      '2. 第二题 A. 1 B. 2',
      '【答案】B',
    ]);
    expect(paper.title).toBe('九年级数学');
    expect(paper.questions.map((q) => q.stem)).toEqual(['第一题', '第二题']);
  });

  it('ends numbered notes at a number out of order, unnumbered notes at the first number', () => {
    const numbered = parsePaperLines(['注意事项：1. 请用黑色笔作答。', '2. 不要折叠。', '1. 第一题', '2. 第二题']);
    expect(numbered.questions.map((q) => q.stem)).toEqual(['第一题', '第二题']);
    const plain = parsePaperLines(['考生须知', '请用黑色笔作答。', '1. 第一题', '2. 第二题']);
    expect(plain.questions.map((q) => q.stem)).toEqual(['第一题', '第二题']);
  });
});
