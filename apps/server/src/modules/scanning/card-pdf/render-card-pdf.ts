import { type AnswerCardTemplate, type CardPage, validateTemplate } from '@huikao/answer-card';
import PDFDocument from 'pdfkit';
import { badInput } from '../../../platform/errors.ts';
import { CARD_FONT_FACE, cardFontBytes } from './card-font.ts';
import { drawStaticPage } from './draw-page.ts';
import {
  barcodeModule,
  drawBlankOverlay,
  drawPersonal,
  MIN_MODULE_MM,
  type PersonalisedStudent,
} from './draw-personal.ts';
import { PT_PER_MM } from './ink.ts';
import { drawForm, type PageForm, placeForm } from './page-form.ts';

// The printable answer card (answer-cards-and-scanning.md, "Output"): a vector PDF from the template
// alone. Blank: one card, no personal data. Personalised: one card per student in the order given
// (the caller sorts by room and seat), each with its name, class, room, seat and 考号 barcode.
// Every template page's static print is drawn once and placed on each copy (page-form.ts).

export interface RenderOptions {
  /** Personalised cards, one per student, in print order; absent for the blank card. */
  students?: readonly PersonalisedStudent[];
}

const FONT = 'card-serif';

export async function renderCardPdf(template: AnswerCardTemplate, options: RenderOptions = {}): Promise<Buffer> {
  checkTemplate(template);
  const students = options.students;
  if (students) checkStudents(template, students);
  const fontBytes = cardFontBytes();

  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `${template.title} ${template.subject} 答题卡`.trim(), Creator: '慧考云', Producer: '慧考云' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT, fontBytes, CARD_FONT_FACE);
  doc.font(FONT);

  const context = { pageCount: template.pages.length, sides: template.settings.sides };
  const forms = template.pages.map((page) =>
    drawForm(doc, `Card${page.number}`, page.width * PT_PER_MM, page.height * PT_PER_MM, () =>
      inMillimetres(doc, () => drawStaticPage(doc, page, context)),
    ),
  );
  // Printed two-sided, every card must start on a new sheet: an odd page count gets a blank back.
  const padBack = template.settings.sides === 2 && template.pages.length % 2 === 1;
  const copies = students ?? [undefined];
  for (const student of copies) {
    template.pages.forEach((page, index) => {
      addPage(doc, page);
      placeForm(doc, forms[index] as PageForm, page.height * PT_PER_MM);
      inMillimetres(doc, () => (student ? drawPersonal(doc, page, student) : drawBlankOverlay(doc, page)));
    });
    if (padBack) addPage(doc, template.pages.at(-1)!);
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

function addPage(doc: PDFKit.PDFDocument, page: CardPage): void {
  doc.addPage({ size: [page.width * PT_PER_MM, page.height * PT_PER_MM], margin: 0 });
}

function inMillimetres(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.save();
  doc.scale(PT_PER_MM);
  draw();
  doc.restore();
}

function checkTemplate(template: AnswerCardTemplate): void {
  if (template.pages.length === 0) throw badInput('答题卡模板没有页面，请先生成答题卡');
  const problems = validateTemplate(template);
  if (problems.length > 0) {
    throw badInput(`答题卡模板有误，无法打印：${problems.map((problem) => problem.message).join('；')}`, {
      problems,
    });
  }
}

function checkStudents(template: AnswerCardTemplate, students: readonly PersonalisedStudent[]): void {
  if (students.length === 0) throw badInput('没有要打印答题卡的考生');
  const { examNumberLength, identityMode } = template.settings;
  const barcodeArea = template.pages[0]?.regions.find((region) => region.kind === 'barcode');
  for (const student of students) {
    const who = `考生${student.name ? `“${student.name}”` : ''}`;
    if (!/^\d+$/.test(student.examNo)) throw badInput(`${who}的考号“${student.examNo}”须由数字组成`);
    if (identityMode !== 'barcode' && student.examNo.length !== examNumberLength) {
      throw badInput(
        `${who}的考号 ${student.examNo} 为 ${student.examNo.length} 位，与答题卡的考号位数 ${examNumberLength} 不符`,
      );
    }
    if (barcodeArea && barcodeModule(barcodeArea.rect.width, student.examNo) < MIN_MODULE_MM) {
      throw badInput(`${who}的考号 ${student.examNo} 太长，条形码区印不下可识读的条码`);
    }
  }
}
