import { defaultAnswerHeightMm, scoreText } from '@huikao/contracts';
import { Document, Packer, PageBreak, Paragraph, type ParagraphChild, Tab, TabStopType, TextRun } from 'docx';
import {
  type DocxLook,
  type DrawnPictures,
  documentStyles,
  heading,
  mm,
  pageSetup,
  paperHeader,
  plain,
  textRuns,
} from './docx-kit.ts';
import type { ExportPaper, ExportQuestion } from './export-paper.ts';
import { type QuestionFigures, questionFigures, type ReadFigure } from './question-figures.ts';
import { formulaPictures } from './word-math.ts';

// The paper itself in three versions: the student paper (answer space under each question), the
// teacher paper (answer and explanation after each question) and the student paper with every
// answer and explanation appended after the last question.

export type PaperVersion = 'student' | 'teacher' | 'answers';

/** The paper's answer space, or the type's usual one when the editor left it unset. */
export const answerHeightOf = (question: ExportQuestion) =>
  question.answerHeightMm ?? defaultAnswerHeightMm(question.questionTypeName, question.options.length > 0);

const LETTERS = 'ABCDEFGHIJ';

/** Rough printed width in em: a Chinese character is one, Latin half, a formula by its source. */
function widthEm(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffef]/.test(char) ? 1 : 0.5;
  return width;
}

/** How many options share a line in a column of this width: 4, 2 or 1, as printed papers do. */
export function optionsPerLine(options: readonly string[], columnWidthMm: number): number {
  const columnEm = columnWidthMm / 3.7; // 10.5 pt ≈ 3.7 mm
  const widest = Math.max(...options.map((o) => widthEm(o) + 2));
  if (options.length >= 4 && widest <= columnEm / 4 - 1) return 4;
  if (widest <= columnEm / 2 - 1) return 2;
  return 1;
}

function optionParagraphs(options: readonly string[], columnWidthMm: number, drawn: DrawnPictures): Paragraph[] {
  const perLine = optionsPerLine(options, columnWidthMm);
  const step = mm(columnWidthMm / perLine);
  const indent = mm(5);
  const paragraphs: Paragraph[] = [];
  for (let start = 0; start < options.length; start += perLine) {
    const children: ParagraphChild[] = [];
    options.slice(start, start + perLine).forEach((option, offset) => {
      if (offset > 0) children.push(new TextRun({ children: [new Tab()] }));
      children.push(plain(`${LETTERS[start + offset]}. `), ...textRuns(option, drawn));
    });
    paragraphs.push(
      new Paragraph({
        indent: { left: indent },
        tabStops: Array.from({ length: perLine - 1 }, (_, i) => ({ type: TabStopType.LEFT, position: step * (i + 1) })),
        children,
      }),
    );
  }
  return paragraphs;
}

function questionParagraphs(question: ExportQuestion, columnWidthMm: number, drawn: DrawnPictures): Paragraph[] {
  return [
    new Paragraph({
      spacing: { before: 80 },
      children: [plain(`${question.number}.（${scoreText(question.score)}分）`), ...textRuns(question.stem, drawn)],
    }),
    ...(question.options.length > 0 ? optionParagraphs(question.options, columnWidthMm, drawn) : []),
  ];
}

const answerParagraphs = (question: ExportQuestion, withNumber: boolean, drawn: DrawnPictures): Paragraph[] => [
  new Paragraph({
    spacing: { before: 40 },
    children: [
      plain(withNumber ? `${question.number}. ` : ''),
      plain('【答案】', { bold: true }),
      ...textRuns(question.answer || '略', drawn),
    ],
  }),
  ...(question.explanation.trim()
    ? [
        new Paragraph({
          children: [plain('【解析】', { bold: true }), ...textRuns(question.explanation, drawn)],
        }),
      ]
    : []),
];

/** Blank space for the student's answer: an empty line of exactly that height. */
const answerSpace = (heightMm: number) =>
  new Paragraph({ spacing: { line: mm(heightMm), lineRule: 'exact' }, children: [] });

export function paperBody(
  paper: ExportPaper,
  version: PaperVersion,
  columnWidthMm: number,
  drawn: DrawnPictures = {},
): Paragraph[] {
  const blocks: Paragraph[] = [];
  for (const section of paper.sections) {
    blocks.push(heading(section.heading, { before: 200 }));
    for (const question of section.questions) {
      blocks.push(...questionParagraphs(question, columnWidthMm, drawn));
      if (version === 'teacher') {
        blocks.push(...answerParagraphs(question, false, drawn));
      } else {
        const height = answerHeightOf(question);
        if (height > 0) blocks.push(answerSpace(height));
      }
    }
  }
  if (version === 'answers') {
    blocks.push(new Paragraph({ children: [new PageBreak()] }), heading('参考答案与解析', { center: true }));
    for (const section of paper.sections) {
      blocks.push(heading(section.heading, { before: 120 }));
      for (const question of section.questions) blocks.push(...answerParagraphs(question, true, drawn));
    }
  }
  return blocks;
}

const SUFFIX: Record<PaperVersion, string> = { student: '', teacher: '（教师版）', answers: '' };

/** Every text of the paper that may hold a formula. */
export const paperTexts = (paper: ExportPaper): string[] => [
  paper.notes,
  ...paper.sections.flatMap((section) =>
    section.questions.flatMap((q) => [q.stem, ...q.options, q.answer, q.explanation]),
  ),
];

/** `readFigure` reads the stored pictures the exporting user may see; without it none are embedded. */
export async function paperDocx(
  paper: ExportPaper,
  version: PaperVersion,
  readFigure?: ReadFigure,
  look: DocxLook = {},
): Promise<Buffer> {
  const { columnWidthMm, ...page } = pageSetup(paper.layout, look);
  const texts = paperTexts(paper);
  const figures: QuestionFigures = readFigure ? await questionFigures(texts, readFigure) : new Map();
  const drawn: DrawnPictures = { pictures: await formulaPictures(texts), figures };
  const document = new Document({
    creator: '慧考云',
    title: paper.title,
    styles: look.styles ?? documentStyles,
    sections: [
      {
        ...page,
        children: [
          ...paperHeader(paper, SUFFIX[version], drawn, look.titleLines),
          ...paperBody(paper, version, columnWidthMm, drawn),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
