import { describe, expect, it } from 'vitest';
import { generateTemplate, layoutTemplate } from './generate.ts';
import { examStructure } from './test-factories.ts';
import type { AnswerCardTemplate } from './types.ts';
import { validateTemplate } from './validate.ts';

const options = { templateId: 'se-9', title: '月考', subject: '语文', examNumberLength: 9 };

function boxTops(template: AnswerCardTemplate): Array<[string, number, number]> {
  return template.pages.flatMap((page) =>
    page.regions.flatMap(
      (region): Array<[string, number, number]> =>
        region.kind === 'answerBox' && region.part === 1 ? [[region.boxId, page.number, region.rect.y]] : [],
    ),
  );
}

describe('layoutTemplate', () => {
  const template = generateTemplate(examStructure(40), options);
  const firstBox = boxTops(template)[0]![0];

  it('re-flows the boxes after a changed height', () => {
    const original = template.items.find((item) => item.kind === 'box' && item.box.id === firstBox);
    const before = original?.kind === 'box' ? original.box.height : 0;
    const next = layoutTemplate(template, { boxHeights: { [firstBox]: before + 30 } }, { versionHasScans: false });
    const resized = next.pages.flatMap((page) => page.regions).find((region) => region.kind === 'answerBox');
    expect(resized?.rect.height).toBe(before + 30);
    // The box under it moves down by the same 30 mm; the rest of the flow follows.
    const [id, page, y] = boxTops(template)[1]!;
    expect(boxTops(next)[1]).toEqual([id, page, y + 30]);
    expect(validateTemplate(next)).toEqual([]);
  });

  it('keeps the version while it has no scans, and makes the next one once it has', () => {
    const change = { boxHeights: { [firstBox]: 50 } };
    expect(layoutTemplate(template, change, { versionHasScans: false }).version).toBe(1);
    const next = layoutTemplate(template, change, { versionHasScans: true });
    expect(next.version).toBe(2);
    const code = next.pages[0]!.regions.find((region) => region.kind === 'pageCode');
    expect(code?.kind === 'pageCode' && code.payload).toBe('HK1:se-9:2:1:1');
  });

  it('leaves the given template as it was', () => {
    const snapshot = JSON.stringify(template);
    layoutTemplate(template, { boxHeights: { [firstBox]: 200 }, columns: 3 }, { versionHasScans: true });
    expect(JSON.stringify(template)).toBe(snapshot);
  });

  it('re-flows into three columns, and to A4 in one', () => {
    const three = layoutTemplate(template, { columns: 3 }, { versionHasScans: false });
    expect(three.pages[0]!.columns).toHaveLength(3);
    expect(validateTemplate(three)).toEqual([]);
    const a4 = layoutTemplate(template, { paper: 'A4' }, { versionHasScans: false });
    expect(a4.settings).toMatchObject({ paper: 'A4', columns: 1 });
    expect(a4.pages[0]!.width).toBe(210);
    expect(a4.pages.length).toBeGreaterThan(template.pages.length);
    expect(validateTemplate(a4)).toEqual([]);
  });

  it('gives the same result as generating with the same settings', () => {
    const relaid = layoutTemplate(template, { columns: 3, sides: 1 }, { versionHasScans: false });
    const generated = generateTemplate(examStructure(40), { ...options, paper: 'A3', columns: 3, sides: 1 });
    expect(relaid).toEqual(generated);
  });

  it('refuses in Chinese what it cannot lay out', () => {
    expect(() => layoutTemplate(template, { boxHeights: { Q999: 50 } }, { versionHasScans: false })).toThrow(
      '答题卡上没有编号为 Q999 的答题框',
    );
    expect(() => layoutTemplate(template, { boxHeights: { [firstBox]: 5 } }, { versionHasScans: false })).toThrow(
      `答题框高度须在 15–2000 mm 之间，当前为 5 mm`,
    );
    expect(() => layoutTemplate(template, { examNumberLength: 30 }, { versionHasScans: false })).toThrow(
      '考号位数须在 1–20 位之间，当前为 30 位',
    );
    expect(() => layoutTemplate(template, { paper: 'A4', columns: 2 }, { versionHasScans: false })).toThrow(
      '当前为 A4 2 栏',
    );
  });
});
