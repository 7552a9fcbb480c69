// The blank card PDF at the four layouts and 10, 40 and 120 questions, read back the way a
// printer and a scanner see it: page sizes from pdfinfo, the font from pdffonts, and every page
// rasterised at 200 dpi, where the four locators must sit within 0.5 mm of the template and the QR
// must decode to the page's own page code.
import { readFile } from 'node:fs/promises';
import { type AnswerCardTemplate, type CardSettings, generateTemplate } from '@huikao/answer-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examStructure } from '../../../../../../packages/answer-card/src/test-factories.ts';
import { PT_PER_MM } from './ink.ts';
import { codesIn, fonts, inkCentre, pageSizes, pdfFile, rasterPage } from './pdf-checks.ts';
import { renderCardPdf } from './render-card-pdf.ts';

const layouts: Array<Pick<CardSettings, 'paper' | 'columns' | 'sides'>> = [
  { paper: 'A4', columns: 1, sides: 1 },
  { paper: 'A3', columns: 2, sides: 1 },
  { paper: 'A3', columns: 3, sides: 1 },
  { paper: 'A3', columns: 2, sides: 2 },
];

function card(layout: (typeof layouts)[number], count: number): AnswerCardTemplate {
  return generateTemplate(examStructure(count), {
    templateId: `${count}0${layout.columns}`,
    version: 2,
    title: '2026 学年第一学期期中考试',
    subject: '数学',
    examNumberLength: 10,
    identityMode: 'both',
    ...layout,
  });
}

describe.each(layouts)('blank card, $paper, $columns column(s), $sides side(s)', (layout) => {
  describe.each([10, 40, 120])('%i questions', (count) => {
    const template = card(layout, count);
    let file: Awaited<ReturnType<typeof pdfFile>>;
    beforeAll(async () => {
      file = await pdfFile(await renderCardPdf(template));
    });
    afterAll(() => file.close());

    it('has every page at the exact paper size, two-sided cards padded to whole sheets', async () => {
      const sizes = await pageSizes(file.path);
      const padded = layout.sides === 2 ? Math.ceil(template.pages.length / 2) * 2 : template.pages.length;
      expect(sizes).toHaveLength(padded);
      const [width, height] = layout.paper === 'A4' ? [210, 297] : [420, 297];
      for (const size of sizes) {
        expect(size.width).toBeCloseTo(width * PT_PER_MM, 1);
        expect(size.height).toBeCloseTo(height * PT_PER_MM, 1);
      }
    });

    it('asks printers for 100 % (no fit-to-page scaling)', async () => {
      const bytes = (await readFile(file.path)).toString('latin1');
      expect(bytes).toMatch(/\/ViewerPreferences \d+ 0 R/);
      expect(bytes).toMatch(/\/PrintScaling \/None/);
    });

    it('embeds one subset of the Noto Serif CJK SC face and no other font', async () => {
      const rows = await fonts(file.path);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^[A-Z]{6}\+NotoSerifCJKsc-Regular$/);
      expect(rows[0]).toMatchObject({ embedded: true, subset: true });
    });

    it('prints the four locators within 0.5 mm and a QR that decodes to the page code, on every page', async () => {
      for (const page of template.pages) {
        const image = await rasterPage(file.path, page.number);
        const locators = page.regions.filter((region) => region.kind === 'locator');
        expect(locators).toHaveLength(4);
        for (const { rect } of locators) {
          // A window 4 mm wider than the locator all round: nothing else is printed that near.
          const found = inkCentre(image, {
            x: rect.x - 4,
            y: rect.y - 4,
            width: rect.width + 8,
            height: rect.height + 8,
          });
          expect(Math.abs(found.x - (rect.x + rect.width / 2))).toBeLessThan(0.5);
          expect(Math.abs(found.y - (rect.y + rect.height / 2))).toBeLessThan(0.5);
          // Solid: the ink equals the square's area (6 × 6 mm), not an outline.
          expect(found.ink / (rect.width * rect.height * (200 / 25.4) ** 2)).toBeGreaterThan(0.95);
        }
        const code = page.regions.find((region) => region.kind === 'pageCode')!;
        expect((await codesIn(image, code.rect)).qr).toEqual([code.payload]);
      }
    });
  });
});

describe('a two-sided card with an odd page count', () => {
  it('ends on a blank back, so the next copy starts on a new sheet', async () => {
    const template = card({ paper: 'A3', columns: 2, sides: 2 }, 40);
    expect(template.pages.length % 2).toBe(1);
    const file = await pdfFile(await renderCardPdf(template));
    try {
      const back = await rasterPage(file.path, template.pages.length + 1);
      expect(back.data.every((grey) => grey === 255)).toBe(true);
    } finally {
      await file.close();
    }
  });
});
