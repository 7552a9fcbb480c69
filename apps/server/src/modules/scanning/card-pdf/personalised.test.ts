// Personalised cards: one per student in the order given, each page with the student's name, class,
// room and seat in their slots and the 考号 as a Code 128 barcode that a scanner decodes; the blank
// card carries none of it; a name or class too long for its slot is fitted, never spilled.
import { type AnswerCardTemplate, generateTemplate, type Rect, type Region } from '@huikao/answer-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStructure } from '../../../../../../packages/answer-card/src/test-factories.ts';
import { digitCells } from './draw-page.ts';
import type { PersonalisedStudent } from './draw-personal.ts';
import { codesIn, darkPixels, pageTexts, pdfFile, rasterPage } from './pdf-checks.ts';
import { renderCardPdf } from './render-card-pdf.ts';
import { INFO_FIELD_GAP, infoSlots } from './student-info.ts';

const template: AnswerCardTemplate = generateTemplate(examStructure(40), {
  templateId: '5120',
  title: '九年级11月月考',
  subject: '数学',
  examNumberLength: 8,
  identityMode: 'both',
  paper: 'A3',
  columns: 3,
  sides: 2,
});
const pagesPerCard = template.pages.length + (template.pages.length % 2);

const students: PersonalisedStudent[] = [
  { examNo: '20260103', name: '王小明', className: '九年级（1）班', room: '第 1 考场', seat: 3 },
  // Longer than any slot: fitted down, then cut with an ellipsis.
  {
    examNo: '20260007',
    name: '阿卜杜热合曼·买买提依明·艾尔肯江',
    className: '九年级（12）班 国际部双语实验班 A 组',
    room: '第 12 考场（实验楼三层东侧）',
    seat: 30,
  },
  { examNo: '20260250', name: '李雷', className: '九年级（2）班', room: '第 2 考场' },
];

function regionOf<K extends Region['kind']>(page: number, kind: K): Extract<Region, { kind: K }> {
  return template.pages[page - 1]!.regions.find(
    (region): region is Extract<Region, { kind: K }> => region.kind === kind,
  )!;
}

/** A cell less its hairline frame. */
const inside = (cell: Rect): Rect => ({
  x: cell.x + 0.5,
  y: cell.y + 0.5,
  width: cell.width - 1,
  height: cell.height - 1,
});

describe('personalised cards', () => {
  let file: Awaited<ReturnType<typeof pdfFile>>;
  let texts: string[];
  beforeAll(async () => {
    file = await pdfFile(await renderCardPdf(template, { students }));
    texts = await pageTexts(file.path);
  });
  afterAll(() => file.close());

  it('prints one card per student, in the order given, each page naming its student', () => {
    expect(texts).toHaveLength(students.length * pagesPerCard);
    students.forEach((student, index) => {
      for (let page = 1; page <= template.pages.length; page++) {
        const text = texts[index * pagesPerCard + page - 1]!;
        expect(text).toContain(student.examNo);
        expect(text).toContain(student.className.length < 12 ? student.className : '九年级');
        for (const other of students.filter((_, at) => at !== index)) expect(text).not.toContain(other.examNo);
      }
    });
    expect(texts[0]).toContain('王小明');
    expect(texts[0]).toContain('第 1 考场');
    expect(texts[2 * pagesPerCard]).toContain('李雷');
  });

  it('prints the 考号 as a Code 128 barcode that decodes to it, on every page of every card', async () => {
    for (const [index, student] of students.entries()) {
      for (const page of template.pages) {
        const image = await rasterPage(file.path, index * pagesPerCard + page.number);
        const reading = await codesIn(image, regionOf(page.number, 'barcode').rect);
        expect(reading.code128).toEqual([student.examNo]);
        // The page code of a personalised copy is the template's, the same for every student.
        expect((await codesIn(image, regionOf(page.number, 'pageCode').rect)).qr).toEqual([
          regionOf(page.number, 'pageCode').payload,
        ]);
      }
    }
  });

  it('writes the 考号 above the grid and leaves every bubble reading near white', async () => {
    const image = await rasterPage(file.path, 1);
    const grid = regionOf(1, 'examNumberGrid');
    for (const cell of digitCells(grid)) expect(darkPixels(image, inside(cell))).toBeGreaterThan(20);
    expect(texts[0]!.replace(/\s+/g, '')).toContain('20260103');
    // omr counts a pixel dark below 80 % of the paper's grey (204 on white): light ink stays above.
    const bubbles = [
      ...grid.bubbles.map((bubble) => bubble.ellipse),
      ...template.pages[0]!.regions.flatMap((region) =>
        region.kind === 'objectiveBlock' ? region.rows.flatMap((row) => row.bubbles.map((b) => b.ellipse)) : [],
      ),
      regionOf(1, 'absent').bubble,
    ];
    expect(bubbles.length).toBeGreaterThan(100);
    for (const bubble of bubbles) {
      const bounds = {
        x: bubble.cx - bubble.width / 2,
        y: bubble.cy - bubble.height / 2,
        width: bubble.width,
        height: bubble.height,
      };
      expect(darkPixels(image, bounds, 204)).toBe(0);
      // …yet printed: a student sees where to fill.
      expect(darkPixels(image, bounds, 240)).toBeGreaterThan(5);
    }
  });

  it('keeps a long name, class and room inside their slots', async () => {
    const info = regionOf(1, 'studentInfo');
    const image = await rasterPage(file.path, pagesPerCard + 1);
    const slots = infoSlots(info.rect, info.fields);
    for (const [index, slot] of slots.entries()) {
      // The blank between this slot and the next label, above the writing line: no ink may reach it.
      const gapEnd = slots[index + 1]?.label.x ?? info.rect.x + info.rect.width + INFO_FIELD_GAP;
      const gap = {
        x: slot.value.x + slot.value.width + 0.2,
        y: info.rect.y,
        width: gapEnd - slot.value.x - slot.value.width - 0.4,
        height: info.rect.height * 0.68,
      };
      expect(darkPixels(image, gap), `after ${slot.field}`).toBe(0);
      // …and the slot does hold the printed value.
      expect(darkPixels(image, { ...slot.value, height: info.rect.height * 0.68 }), slot.field).toBeGreaterThan(50);
    }
    const text = texts[pagesPerCard]!;
    expect(text).toContain('…');
    expect(text).toContain('阿卜杜热合曼');
  });

  it('leaves the seat blank for a student not yet seated', async () => {
    const info = regionOf(1, 'studentInfo');
    const seat = infoSlots(info.rect, info.fields).find((slot) => slot.field === '座位号')!;
    const aboveLine = { ...seat.value, height: info.rect.height * 0.68 };
    expect(darkPixels(await rasterPage(file.path, 1), aboveLine)).toBeGreaterThan(20);
    expect(darkPixels(await rasterPage(file.path, 2 * pagesPerCard + 1), aboveLine)).toBe(0);
  });
});

describe('the blank card', () => {
  it('carries no personal data: no names, no 考号, no barcode, only the sticker caption', async () => {
    const file = await pdfFile(await renderCardPdf(template));
    try {
      const texts = await pageTexts(file.path);
      expect(texts).toHaveLength(pagesPerCard);
      for (const text of texts.slice(0, template.pages.length)) {
        for (const student of students) {
          expect(text).not.toContain(student.examNo);
          expect(text).not.toContain(student.name.slice(0, 2));
        }
        expect(text).toContain('条形码粘贴处');
      }
      const image = await rasterPage(file.path, 1);
      expect((await codesIn(image, regionOf(1, 'barcode').rect)).code128).toEqual([]);
      for (const cell of digitCells(regionOf(1, 'examNumberGrid'))) expect(darkPixels(image, inside(cell))).toBe(0);
    } finally {
      await file.close();
    }
  });
});

describe('two print runs at once', () => {
  it('let other work in between copies and interleave on the shared font face without mixing cards', async () => {
    const run = (prefix: string) =>
      Array.from({ length: 40 }, (_, index) => ({
        examNo: `${prefix}${String(index).padStart(4, '0')}`,
        name: `${prefix === '2026' ? '甲' : '乙'}${index}`,
        className: '九年级（1）班',
      }));
    const [first, second] = [run('2026'), run('2027')];
    let otherWorkRan = false;
    let otherWorkBeforeFirstDone: boolean | undefined;
    const firstRun = renderCardPdf(template, { students: first }).then((pdf) => {
      otherWorkBeforeFirstDone = otherWorkRan;
      return pdf;
    });
    setImmediate(() => {
      otherWorkRan = true;
    });
    const pdfs = await Promise.all([firstRun, renderCardPdf(template, { students: second })]);
    expect(otherWorkBeforeFirstDone).toBe(true);
    for (const [index, students] of [first, second].entries()) {
      const file = await pdfFile(pdfs[index]!);
      try {
        const texts = await pageTexts(file.path);
        expect(texts).toHaveLength(students.length * pagesPerCard);
        students.forEach((student, at) => {
          expect(texts[at * pagesPerCard]).toContain(student.examNo);
          expect(texts[at * pagesPerCard]).toContain(student.name);
        });
      } finally {
        await file.close();
      }
    }
  });
});
