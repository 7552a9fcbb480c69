import { describe, expect, it } from 'vitest';
import { AnswerCardError } from './card-error.ts';
import { generateTemplate, layoutTemplate } from './generate.ts';
import { examStructure, regionsOf } from './test-factories.ts';
import type { AnswerCardTemplate, BlockOrder, CardSettings, Rect } from './types.ts';
import { validateTemplate } from './validate.ts';

// The bubble layout (题组大小 4–10, 选择题排列 横排/竖排) at several values and paper layouts:
// the blocks hold that many rows, the geometry stays clean, and bad values are refused in Chinese.

const right = (r: Rect) => r.x + r.width;
const bottom = (r: Rect) => r.y + r.height;
const inside = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && right(inner) <= right(outer) && bottom(inner) <= bottom(outer);
const overlapping = (a: Rect, b: Rect) => a.x < right(b) && b.x < right(a) && a.y < bottom(b) && b.y < bottom(a);

const layouts: Array<Pick<CardSettings, 'paper' | 'columns'>> = [
  { paper: 'A4', columns: 1 },
  { paper: 'A3', columns: 2 },
  { paper: 'A3', columns: 3 },
];

function card(count: number, settings: Partial<CardSettings> = {}): AnswerCardTemplate {
  return generateTemplate(examStructure(count), {
    templateId: '7',
    title: '期中考试',
    subject: '数学',
    examNumberLength: 10,
    identityMode: 'both',
    ...settings,
  });
}

/** The objective blocks' row counts, in paper order. */
const rowCounts = (template: AnswerCardTemplate) =>
  regionsOf(template, 'objectiveBlock').map(({ region }) => region.rows.length);

describe.each(layouts)('$paper in $columns column(s)', (layout) => {
  describe.each([4, 5, 7, 10])('%i questions per block', (perBlock) => {
    describe.each<BlockOrder>(['across', 'down'])('%s', (blockOrder) => {
      const template = card(120, { ...layout, questionsPerBlock: perBlock, blockOrder });

      it('fills every block but a run’s last with exactly that many questions', () => {
        const objective = template.questions.filter((q) => q.type !== 'subjective').length;
        const counts = rowCounts(template);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(objective);
        expect(counts.slice(0, -1).every((n) => n === perBlock)).toBe(true);
        expect(counts.at(-1)).toBeLessThanOrEqual(perBlock);
      });

      it('keeps every region inside its page and overlaps nothing', () => {
        for (const page of template.pages) {
          const sheet = { x: 0, y: 0, width: page.width, height: page.height };
          page.regions.forEach((a, i) => {
            expect(inside(sheet, a.rect), `page ${page.number} ${a.kind}`).toBe(true);
            for (const b of page.regions.slice(i + 1)) {
              expect(overlapping(a.rect, b.rect), `page ${page.number}: ${a.kind} × ${b.kind}`).toBe(false);
            }
          });
        }
        expect(validateTemplate(template)).toEqual([]);
      });
    });
  });
});

describe('选择题排列', () => {
  it('横排 sets blocks side by side; 竖排 stacks each block under the one before', () => {
    const across = regionsOf(card(40, { paper: 'A3', columns: 2, blockOrder: 'across' }), 'objectiveBlock');
    const down = regionsOf(card(40, { paper: 'A3', columns: 2, blockOrder: 'down' }), 'objectiveBlock');
    expect(across[1]!.region.rect.y).toBe(across[0]!.region.rect.y);
    expect(across[1]!.region.rect.x).toBeGreaterThan(right(across[0]!.region.rect));
    expect(down[1]!.region.rect.x).toBe(down[0]!.region.rect.x);
    expect(down[1]!.region.rect.y).toBeGreaterThanOrEqual(bottom(down[0]!.region.rect));
  });
});

describe('defaults and re-layout', () => {
  it('a generated card carries 5 per block, 横排', () => {
    const template = card(30);
    expect(template.settings).toMatchObject({ questionsPerBlock: 5, blockOrder: 'across' });
    expect(rowCounts(template)[0]).toBe(5);
  });

  it('a change of the bubble layout re-lays out; an older card without the setting reads as 5, 横排', () => {
    const template = card(30);
    const changed = layoutTemplate(template, { questionsPerBlock: 8, blockOrder: 'down' }, { versionHasScans: false });
    expect(changed.settings).toMatchObject({ questionsPerBlock: 8, blockOrder: 'down' });
    expect(rowCounts(changed)[0]).toBe(8);
    expect(changed.version).toBe(template.version);

    const { questionsPerBlock: _n, blockOrder: _o, ...older } = template.settings;
    const relaid = layoutTemplate({ ...template, settings: older }, { columns: 2 }, { versionHasScans: true });
    expect(relaid.settings).toMatchObject({ questionsPerBlock: 5, blockOrder: 'across' });
    expect(relaid.version).toBe(template.version + 1);
  });

  it.each([3, 11, 4.5, Number.NaN])('refuses %s questions per block in Chinese', (perBlock) => {
    const problems = () => card(30, { questionsPerBlock: perBlock });
    expect(problems).toThrow(AnswerCardError);
    expect(problems).toThrow(/题组大小（每组题数）须在 4–10 题之间/);
    expect(() => layoutTemplate(card(30), { questionsPerBlock: perBlock }, { versionHasScans: false })).toThrow(
      /题组大小/,
    );
  });

  it('refuses an unknown order', () => {
    expect(() => card(30, { blockOrder: 'diagonal' as BlockOrder })).toThrow(
      /选择题排列只能是横排（across）或竖排（down）/,
    );
  });
});
