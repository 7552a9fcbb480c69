import { describe, expect, it } from 'vitest';
import { generateTemplate } from './generate.ts';
import { decodePageCode } from './page-code.ts';
import { examStructure } from './test-factories.ts';
import type { AnswerCardTemplate, CardSettings, Rect } from './types.ts';
import { validateTemplate } from './validate.ts';

// The geometry matrix: four paper layouts at 10, 40 and 120 questions. The checks here
// are written out again on purpose rather than through validateTemplate, so a slip in the
// validator cannot hide a slip in the layout.

const layouts: Array<Pick<CardSettings, 'paper' | 'columns' | 'sides'>> = [
  { paper: 'A4', columns: 1, sides: 1 },
  { paper: 'A4', columns: 1, sides: 2 },
  { paper: 'A3', columns: 2, sides: 2 },
  { paper: 'A3', columns: 3, sides: 1 },
];
const sizes = [10, 40, 120];

const right = (r: Rect) => r.x + r.width;
const bottom = (r: Rect) => r.y + r.height;
const inside = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && right(inner) <= right(outer) && bottom(inner) <= bottom(outer);
const overlapping = (a: Rect, b: Rect) => a.x < right(b) && b.x < right(a) && a.y < bottom(b) && b.y < bottom(a);
const distance = (a: Rect, b: Rect) =>
  Math.hypot(Math.max(0, b.x - right(a), a.x - right(b)), Math.max(0, b.y - bottom(a), a.y - bottom(b)));

function card(layout: (typeof layouts)[number], count: number): AnswerCardTemplate {
  return generateTemplate(examStructure(count), {
    templateId: `t-${count}`,
    title: '2026 学年第一学期期中考试',
    subject: '数学',
    examNumberLength: 10,
    identityMode: 'both',
    ...layout,
  });
}

describe.each(layouts)('$paper, $columns column(s), $sides side(s)', (layout) => {
  describe.each(sizes)('%i questions', (count) => {
    const template = card(layout, count);

    it('keeps every region inside its page', () => {
      for (const page of template.pages) {
        const sheet = { x: 0, y: 0, width: page.width, height: page.height };
        for (const region of page.regions)
          expect(inside(sheet, region.rect), `${page.number} ${region.kind}`).toBe(true);
      }
    });

    it('overlaps nothing', () => {
      for (const page of template.pages) {
        page.regions.forEach((a, i) => {
          page.regions.slice(i + 1).forEach((b) => {
            expect(overlapping(a.rect, b.rect), `page ${page.number}: ${a.kind} × ${b.kind}`).toBe(false);
          });
        });
      }
    });

    it('keeps four 6 mm locators at least 8 mm from the edges and 3 mm clear of all print', () => {
      for (const page of template.pages) {
        const locators = page.regions.filter((region) => region.kind === 'locator');
        expect(locators).toHaveLength(4);
        for (const locator of locators) {
          const r = locator.rect;
          expect([r.width, r.height]).toEqual([6, 6]);
          expect(Math.min(r.x, r.y, page.width - right(r), page.height - bottom(r))).toBeGreaterThanOrEqual(8);
          for (const region of page.regions.filter((other) => other.kind !== 'locator')) {
            expect(distance(region.rect, r)).toBeGreaterThanOrEqual(3);
          }
        }
      }
    });

    it('keeps bubbles inside their blocks and every box piece inside one column', () => {
      for (const page of template.pages) {
        for (const region of page.regions) {
          if (region.kind === 'objectiveBlock') {
            for (const bubble of region.rows.flatMap((row) => row.bubbles)) {
              const { cx, cy, width, height } = bubble.ellipse;
              expect(inside(region.rect, { x: cx - width / 2, y: cy - height / 2, width, height })).toBe(true);
            }
          }
          if (region.kind === 'answerBox') {
            expect(page.columns.some((column) => inside(column, region.rect))).toBe(true);
          }
        }
      }
    });

    it('prints every question exactly once', () => {
      const printed = template.pages.flatMap((page) =>
        page.regions.flatMap((region) => {
          if (region.kind === 'objectiveBlock') return region.rows.map((row) => row.number);
          if (region.kind === 'answerBox' && region.part === 1) return region.questionNumbers;
          return [];
        }),
      );
      expect(printed).toEqual(examStructure(count).map((question) => question.number));
    });

    it('identifies every page and prints the 缺考 box on page 1 only', () => {
      template.pages.forEach((page, index) => {
        const kinds = page.regions.map((region) => region.kind);
        expect(page.number).toBe(index + 1);
        expect(kinds).toContain('examNumberGrid');
        expect(kinds).toContain('barcode');
        expect(kinds).toContain('title');
        expect(kinds).toContain('studentInfo');
        expect(kinds).toContain('notice');
        expect(kinds.includes('absent')).toBe(page.number === 1);
        const code = page.regions.find((region) => region.kind === 'pageCode');
        expect(code && decodePageCode(code.payload)).toEqual({
          ok: true,
          code: { templateId: `t-${count}`, templateVersion: 1, page: page.number, side: page.side },
        });
      });
    });

    it('passes validateTemplate', () => {
      expect(validateTemplate(template)).toEqual([]);
    });
  });
});
