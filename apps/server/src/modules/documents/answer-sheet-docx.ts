import { STUDENT_INFO_FIELDS, scoreText } from '@huikao/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx';
import { documentStyles, heading, mm, pageSetup, plain, SIZE } from './docx-kit.ts';
import type { ExportPaper, ExportQuestion } from './export-paper.ts';
import { answerHeightOf } from './paper-docx.ts';

// The answer sheet matching a paper: the student's details and the notes, the objective
// questions as rows of [A] [B] [C] [D] boxes to fill in, and one framed box per other question,
// as tall as the editor's answer space for it, numbered as in the paper.

const LETTERS = 'ABCDEFGHIJ';
const SHEET_NOTES = [
  '1．答题前，考生务必将自己的学校、班级、姓名、考号填写清楚。',
  '2．选择题用2B铅笔将对应选项涂黑；如需改动，用橡皮擦干净后再涂其他选项。',
  '3．非选择题用0.5毫米黑色签字笔在各题指定的答题区域内作答，超出答题区域书写的答案无效。',
  '4．保持答题卡清洁、完整，不要折叠、弄破。',
];

const line = { style: BorderStyle.SINGLE, size: 6, color: '000000' };
const box = { top: line, bottom: line, left: line, right: line };
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const noBorders = { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none };

const cell = (children: Paragraph[], widthMm: number, options: { borders?: typeof box } = {}) =>
  new TableCell({
    width: { size: mm(widthMm), type: WidthType.DXA },
    verticalAlign: VerticalAlign.CENTER,
    borders: options.borders,
    children,
  });

/** 学校 / 班级 / 姓名 / 考号 in a bordered table. */
function studentTable(widthMm: number): Table {
  const labelMm = 16;
  const valueMm = widthMm / 2 - labelMm;
  const pair = (a: string, b: string) =>
    new TableRow({
      height: { value: mm(9), rule: 'atLeast' },
      children: [
        cell([new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(a)] })], labelMm, { borders: box }),
        cell([new Paragraph('')], valueMm, { borders: box }),
        cell([new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(b)] })], labelMm, { borders: box }),
        cell([new Paragraph('')], valueMm, { borders: box }),
      ],
    });
  const [school, klass, name, number] = STUDENT_INFO_FIELDS;
  return new Table({
    width: { size: mm(widthMm), type: WidthType.DXA },
    columnWidths: [labelMm, valueMm, labelMm, valueMm].map(mm),
    rows: [pair(school, klass), pair(name, number)],
  });
}

/** Objective questions, several per row: `1 [A] [B] [C] [D]`. */
function objectiveTable(questions: readonly ExportQuestion[], widthMm: number): Table {
  const perRow = widthMm >= 150 ? 4 : 3;
  const cellMm = widthMm / perRow;
  const rows: TableRow[] = [];
  for (let start = 0; start < questions.length; start += perRow) {
    const group = questions.slice(start, start + perRow);
    const cells = group.map((question) => {
      const letters = Array.from(question.options, (_, i) => `[${LETTERS[i]}]`).join(' ');
      return cell(
        [
          new Paragraph({
            children: [new TextRun({ text: `${question.number}`, bold: true }), plain(`  ${letters}`)],
          }),
        ],
        cellMm,
      );
    });
    while (cells.length < perRow) cells.push(cell([new Paragraph('')], cellMm));
    rows.push(new TableRow({ height: { value: mm(8), rule: 'atLeast' }, children: cells }));
  }
  return new Table({
    width: { size: mm(widthMm), type: WidthType.DXA },
    columnWidths: Array.from({ length: perRow }, () => mm(cellMm)),
    borders: noBorders,
    rows,
  });
}

/** One framed answer area, as tall as the paper's answer space (at least 15 mm to write in). */
function answerBox(question: ExportQuestion, widthMm: number): Table {
  const height = Math.max(answerHeightOf(question), 15);
  return new Table({
    width: { size: mm(widthMm), type: WidthType.DXA },
    columnWidths: [mm(widthMm)],
    rows: [
      new TableRow({
        height: { value: mm(height), rule: 'exact' },
        cantSplit: true,
        children: [
          new TableCell({
            borders: box,
            verticalAlign: VerticalAlign.TOP,
            children: [new Paragraph({ children: [plain(`${question.number}.（${scoreText(question.score)}分）`)] })],
          }),
        ],
      }),
    ],
  });
}

export async function answerSheetDocx(paper: ExportPaper): Promise<Buffer> {
  const { columnWidthMm, ...page } = pageSetup(paper.layout);
  const widthMm = columnWidthMm - 1;
  const blocks: (Paragraph | Table)[] = [
    heading(`${paper.title}（答题卡）`, { size: SIZE.title, center: true, before: 0 }),
  ];
  if (paper.subtitle)
    blocks.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(paper.subtitle)] }));
  blocks.push(studentTable(widthMm));
  blocks.push(new Paragraph({ spacing: { before: 120 }, children: [plain('注意事项：', { bold: true })] }));
  for (const note of SHEET_NOTES) blocks.push(new Paragraph({ children: [plain(note, { size: SIZE.small })] }));
  for (const section of paper.sections) {
    blocks.push(heading(section.heading, { before: 200 }));
    const objective = section.questions.filter((q) => q.options.length > 0);
    if (objective.length > 0) blocks.push(objectiveTable(objective, widthMm));
    for (const question of section.questions.filter((q) => q.options.length === 0)) {
      blocks.push(answerBox(question, widthMm), new Paragraph({ spacing: { after: 60 }, children: [] }));
    }
  }
  const document = new Document({
    creator: '慧考云',
    title: `${paper.title}（答题卡）`,
    styles: documentStyles,
    sections: [{ ...page, children: blocks }],
  });
  return Packer.toBuffer(document);
}
