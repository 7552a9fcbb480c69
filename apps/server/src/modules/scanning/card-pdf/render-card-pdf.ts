import { type AnswerCardTemplate, type CardPage, validateTemplate } from '@huikao/answer-card';
import PDFDocument from 'pdfkit';
import { badInput } from '../../../platform/errors.ts';
import { offThread } from '../../../platform/parse-worker.ts';
import { cardFont } from './card-font.ts';
import { type Code128Symbol, code128 } from './code128.ts';
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
/** Longest stretch of drawing before the event loop gets a turn: this long, or this many copies. */
const YIELD_AFTER_MS = 20;
const YIELD_AFTER_COPIES = 16;

export async function renderCardPdf(template: AnswerCardTemplate, options: RenderOptions = {}): Promise<Buffer> {
  checkTemplate(template);
  const students = options.students;
  const barcodes = students ? checkStudents(template, students) : new Map<string, Code128Symbol>();
  const font = cardFont();

  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    displayTitle: true,
    info: { Title: `${template.title} ${template.subject} 答题卡`.trim(), Creator: '慧考云', Producer: '慧考云' },
  });
  // Printed at 100 %: a card scaled to fit the printer's margins moves every region it carries.
  const catalog = (doc as unknown as { _root: { data: { ViewerPreferences: { data: Record<string, unknown> } } } })
    ._root;
  catalog.data.ViewerPreferences.data.PrintScaling = 'None';
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit takes an opened fontkit face as well as bytes; its types only know the bytes.
  doc.registerFont(FONT, font as unknown as Buffer);
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
  let drawingSince = performance.now();
  let copiesSince = 0;
  for (const student of copies) {
    // A long print run on the main thread lets other requests in between copies.
    if (copiesSince >= YIELD_AFTER_COPIES || performance.now() - drawingSince > YIELD_AFTER_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      drawingSince = performance.now();
      copiesSince = 0;
    }
    copiesSince += 1;
    template.pages.forEach((page, index) => {
      addPage(doc, page);
      placeForm(doc, forms[index] as PageForm, page.height * PT_PER_MM);
      inMillimetres(doc, () =>
        student ? drawPersonal(doc, page, student, barcodes.get(student.examNo)) : drawBlankOverlay(doc, page),
      );
    });
    if (padBack) addPage(doc, template.pages.at(-1)!);
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

const inWorker = offThread(import.meta.url, renderCardPdf);

/**
 * The same PDF drawn in a worker thread (platform/parse-worker.ts's pool): for print runs of a
 * whole exam, which take seconds of CPU. Each worker opens the font once, then keeps it while it lives.
 */
export async function renderCardPdfInWorker(
  template: AnswerCardTemplate,
  options: RenderOptions = {},
): Promise<Buffer> {
  const bytes: Uint8Array = await inWorker(template, options);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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

/** Refuses a student the card cannot carry; returns each 考号's barcode when the card has a barcode area. */
function checkStudents(
  template: AnswerCardTemplate,
  students: readonly PersonalisedStudent[],
): Map<string, Code128Symbol> {
  if (students.length === 0) throw badInput('没有要打印答题卡的考生');
  const { examNumberLength, identityMode } = template.settings;
  const barcodeArea = template.pages[0]?.regions.find((region) => region.kind === 'barcode');
  const barcodes = new Map<string, Code128Symbol>();
  for (const student of students) {
    const who = `考生${student.name ? `“${student.name}”` : ''}`;
    if (!/^\d+$/.test(student.examNo)) throw badInput(`${who}的考号“${student.examNo}”须由数字组成`);
    if (identityMode !== 'barcode' && student.examNo.length !== examNumberLength) {
      throw badInput(
        `${who}的考号 ${student.examNo} 为 ${student.examNo.length} 位，与答题卡的考号位数 ${examNumberLength} 不符`,
      );
    }
    if (!barcodeArea || barcodes.has(student.examNo)) continue;
    const symbol = code128(student.examNo);
    if (barcodeModule(barcodeArea.rect.width, symbol) < MIN_MODULE_MM) {
      throw badInput(`${who}的考号 ${student.examNo} 太长，条形码区印不下可识读的条码`);
    }
    barcodes.set(student.examNo, symbol);
  }
  return barcodes;
}
