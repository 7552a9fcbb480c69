import { STUDENT_INFO_FIELDS, scoreText, splitFormulaText, splitPictures } from '@huikao/contracts';
import {
  AlignmentType,
  BorderStyle,
  Header,
  type ISectionOptions,
  type IStylesOptions,
  PageOrientation,
  Paragraph,
  type ParagraphChild,
  Table,
  TableAnchorType,
  TableCell,
  TableRow,
  TextDirection,
  TextRun,
  WidthType,
} from 'docx';
import type { ExportPaper } from './export-paper.ts';
import { figureRun, type QuestionFigures } from './question-figures.ts';
import { type FormulaPictures, formulaRun } from './word-math.ts';

/** What a paper's text needs drawn before its document is built: formula pictures and stored figures. */
export interface DrawnPictures {
  pictures?: FormulaPictures;
  figures?: QuestionFigures;
}

// What every exported paper shares: Chinese fonts and the 10.5 pt (五号) body, A4 portrait or A3
// landscape with two columns, the seal line in the left margin, the student information line and
// question text with its formulas as Word equations.

/**
 * A school's paper template as the Word builder takes it (documents/template): its own styles
 * (fonts and body size), title lines in place of the paper's title, the seal line's fields and
 * what is drawn behind every page (watermark, background picture) from the header.
 */
export interface DocxLook {
  styles?: IStylesOptions;
  titleLines?: Paragraph[];
  sealFields?: readonly string[];
  headerExtras?: Paragraph[];
}

/** Half-points: 五号 10.5 pt body, 小四 12 pt subtitle, 三号 16 pt title. */
export const SIZE = { body: 21, small: 18, subtitle: 24, title: 32, heading: 21 } as const;
const BODY_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体', cs: 'Times New Roman' };
const HEADING_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '黑体', cs: 'Times New Roman' };

/** Twentieths of a point per millimetre. */
export const mm = (millimetres: number) => Math.round(millimetres * 56.6929);

export const documentStyles: IStylesOptions = {
  default: {
    document: {
      run: { font: BODY_FONT, size: SIZE.body },
      // At least 18 pt a line, taller where a fraction or a root needs it.
      paragraph: { spacing: { line: 360, lineRule: 'atLeast', before: 0, after: 0 } },
    },
  },
};

export const heading = (text: string, options: { size?: number; center?: boolean; before?: number } = {}) =>
  new Paragraph({
    alignment: options.center ? AlignmentType.CENTER : AlignmentType.LEFT,
    spacing: { before: options.before ?? 120, after: 120 },
    keepNext: true,
    children: [new TextRun({ text, bold: true, font: HEADING_FONT, size: options.size ?? SIZE.heading })],
  });

/**
 * Question text as runs: text in the body font, `$…$` formulas as Word equations (or, for the
 * few the converter does not build, the pictures prepared for them), stored pictures embedded
 * (question-figures.ts), line breaks kept.
 */
export function textRuns(
  text: string,
  options: { bold?: boolean; size?: number } & DrawnPictures = {},
): ParagraphChild[] {
  const size = options.size ?? SIZE.body;
  const runs: ParagraphChild[] = [];
  for (const segment of splitFormulaText(text)) {
    if (segment.kind === 'math') {
      runs.push(formulaRun(segment.tex, { size }, options.pictures));
      continue;
    }
    for (const part of splitPictures(segment.text)) {
      if (part.kind === 'picture') {
        runs.push(figureRun(part.schoolId, part.file, options.figures ?? new Map(), size));
        continue;
      }
      part.text.split(/\r?\n/).forEach((line, index) => {
        runs.push(new TextRun({ text: line, bold: options.bold, size, break: index > 0 ? 1 : undefined }));
      });
    }
  }
  return runs;
}

export const plain = (text: string, options: { bold?: boolean; size?: number } = {}) =>
  new TextRun({ text, bold: options.bold, size: options.size ?? SIZE.body });

/** 学校：______ 班级：______ 姓名：______ 考号：______ */
export const studentInfoLine = () =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: 120, after: 120 },
    children: [new TextRun({ text: STUDENT_INFO_FIELDS.map((f) => `${f}：____________`).join('  ') })],
  });

export const SEAL_TEXT = '密封线内不要答题';

/**
 * The seal line: a one-cell table floating in the left margin of every page (it sits in the
 * header), its text turned to read upwards and its right border the dashed line to cut along.
 */
function sealLine(pageHeightMm: number, fields: readonly string[]): Table {
  const dots = '…………';
  const text = `${fields.map((f) => `${f}：______________`).join('    ')}    ${dots}密${dots}封${dots}线${dots}内${dots}不${dots}要${dots}答${dots}题${dots}`;
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  return new Table({
    float: {
      horizontalAnchor: TableAnchorType.PAGE,
      verticalAnchor: TableAnchorType.PAGE,
      absoluteHorizontalPosition: mm(6),
      absoluteVerticalPosition: mm(15),
    },
    width: { size: mm(16), type: WidthType.DXA },
    columnWidths: [mm(16)],
    rows: [
      new TableRow({
        height: { value: mm(pageHeightMm - 30), rule: 'exact' },
        children: [
          new TableCell({
            textDirection: TextDirection.BOTTOM_TO_TOP_LEFT_TO_RIGHT,
            width: { size: mm(16), type: WidthType.DXA },
            borders: {
              top: none,
              bottom: none,
              left: none,
              right: { style: BorderStyle.DASHED, size: 8, color: '000000' },
            },
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ text, size: SIZE.small })],
              }),
            ],
          }),
        ],
      }),
    ],
  });
}

/** Page size, margins, columns and the seal line of one Word section. */
export function pageSetup(
  layout: ExportPaper['layout'],
  look: Pick<DocxLook, 'sealFields' | 'headerExtras'> = {},
): Pick<ISectionOptions, 'properties' | 'headers'> & { columnWidthMm: number } {
  const a3 = layout.paperSize === 'A3';
  // A3 is printed landscape (420 × 297 mm) in two columns; A4 portrait (210 × 297 mm).
  const widthMm = a3 ? 420 : 210;
  const heightMm = 297;
  const left = layout.sealLine ? 32 : 20;
  const right = 20;
  const columns = a3 ? 2 : layout.columns;
  const gapMm = 12;
  const columnWidthMm = (widthMm - left - right - (columns - 1) * gapMm) / columns;
  return {
    columnWidthMm,
    properties: {
      page: {
        // docx takes the sheet as it stands upright (short side the width) and swaps the two when
        // the orientation is landscape: A3 is 297 × 420 upright, written w = 420, h = 297.
        size: {
          width: mm(a3 ? heightMm : widthMm),
          height: mm(a3 ? widthMm : heightMm),
          orientation: a3 ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        },
        margin: { top: mm(18), bottom: mm(18), left: mm(left), right: mm(right), header: mm(8), footer: mm(8) },
      },
      column: columns > 1 ? { count: columns, space: mm(gapMm), separate: true, equalWidth: true } : undefined,
    },
    headers:
      layout.sealLine || look.headerExtras?.length
        ? {
            default: new Header({
              children: [
                ...(look.headerExtras ?? []),
                ...(layout.sealLine ? [sealLine(heightMm, look.sealFields ?? STUDENT_INFO_FIELDS)] : []),
                new Paragraph(''),
              ],
            }),
          }
        : undefined,
  };
}

/** Title, subtitle, the paper's facts, the student information line and the notes to students. */
export function paperHeader(
  paper: ExportPaper,
  suffix = '',
  drawn: DrawnPictures = {},
  titleLines?: Paragraph[],
): Paragraph[] {
  const blocks = titleLines ?? [heading(`${paper.title}${suffix}`, { size: SIZE.title, center: true, before: 0 })];
  if (paper.subtitle) {
    blocks.push(
      new Paragraph({ alignment: AlignmentType.CENTER, children: [plain(paper.subtitle, { size: SIZE.subtitle })] }),
    );
  }
  blocks.push(
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 60 },
      children: [plain(`（本试卷共${paper.questionCount}题，满分${scoreText(paper.totalScore)}分）`)],
    }),
  );
  if (paper.layout.studentInfo) blocks.push(studentInfoLine());
  if (paper.notes.trim()) {
    blocks.push(new Paragraph({ spacing: { before: 60 }, children: [plain('注意事项：', { bold: true })] }));
    for (const line of paper.notes.split(/\r?\n/).filter((l) => l.trim())) {
      blocks.push(new Paragraph({ indent: { firstLine: 0 }, children: textRuns(line, drawn) }));
    }
  }
  return blocks;
}
