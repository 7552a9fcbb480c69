import type { PaperTemplate } from '@huikao/contracts';
import {
  AlignmentType,
  FrameAnchorType,
  HorizontalPositionRelativeFrom,
  ImageRun,
  Paragraph,
  TextRun,
  VerticalPositionRelativeFrom,
} from 'docx';
import { type DocxLook, mm } from '../docx-kit.ts';
import type { ExportPaper } from '../export-paper.ts';

// A school's paper template turned into what the Word builder takes (DocxLook): the title lines
// with their placeholders filled, the chosen fonts, the seal line's fields, and behind every page
// (drawn from the header, as Word draws watermarks) the watermark text and the background picture.

const fontOf = (eastAsia: string) => ({
  ascii: 'Times New Roman',
  hAnsi: 'Times New Roman',
  eastAsia,
  cs: 'Times New Roman',
});
const halfPoints = (points: number) => Math.round(points * 2);

export interface TemplateContext {
  schoolName: string;
  /** The background picture's bytes and type, read and checked by the service. */
  background?: { bytes: Buffer; type: 'png' | 'jpg' };
}

/** Title lines with `{学校名称}` and `{考试名称}` (the paper's title) filled. */
export const filledTitle = (line: string, paper: ExportPaper, context: TemplateContext) =>
  line.replaceAll('{学校名称}', context.schoolName).replaceAll('{考试名称}', paper.title);

/** The page's size in millimetres, as pageSetup lays it out. */
const pageMm = (paper: ExportPaper) =>
  paper.layout.paperSize === 'A3' ? { width: 420, height: 297 } : { width: 210, height: 297 };

function watermark(text: string, paper: ExportPaper): Paragraph {
  const page = pageMm(paper);
  return new Paragraph({
    frame: {
      type: 'absolute',
      position: { x: 0, y: mm(page.height / 2 - 20) },
      width: mm(page.width),
      height: mm(40),
      anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE },
    },
    alignment: AlignmentType.CENTER,
    children: [new TextRun({ text, size: 96, color: 'D9D9D9', font: fontOf('黑体') })],
  });
}

function background(picture: NonNullable<TemplateContext['background']>, paper: ExportPaper): Paragraph {
  const page = pageMm(paper);
  const px = (millimetres: number) => Math.round((millimetres * 96) / 25.4);
  return new Paragraph({
    children: [
      new ImageRun({
        type: picture.type,
        data: picture.bytes,
        transformation: { width: px(page.width), height: px(page.height) },
        altText: { name: '试卷背景', description: '试卷背景', title: '试卷背景' },
        floating: {
          horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: 0 },
          verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: 0 },
          behindDocument: true,
          allowOverlap: true,
        },
      }),
    ],
  });
}

/** The paper as the template prints it: the template's notes replace the paper's when it has some. */
export function templatedPaper(paper: ExportPaper, template: PaperTemplate): ExportPaper {
  return {
    ...paper,
    notes: template.notes.trim() ? template.notes : paper.notes,
    layout: { ...paper.layout, sealLine: template.sealLine === 'left' },
  };
}

export function templateLook(paper: ExportPaper, template: PaperTemplate, context: TemplateContext): DocxLook {
  const titleRun = (text: string) =>
    new TextRun({ text, bold: true, font: fontOf(template.titleFont), size: halfPoints(template.titleSize) });
  const headerExtras: Paragraph[] = [];
  if (context.background) headerExtras.push(background(context.background, paper));
  if (template.watermark) headerExtras.push(watermark(template.watermark, paper));
  return {
    styles: {
      default: {
        document: {
          run: { font: fontOf(template.bodyFont), size: halfPoints(template.bodySize) },
          paragraph: { spacing: { line: 360, lineRule: 'atLeast', before: 0, after: 0 } },
        },
      },
    },
    titleLines: template.titleLines.map(
      (line, index) =>
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: index === 0 ? 0 : 60, after: 60 },
          keepNext: true,
          children: [titleRun(filledTitle(line, paper, context))],
        }),
    ),
    sealFields: template.sealFields,
    headerExtras,
  };
}
