import { describe, expect, it } from 'vitest';
import { generateTemplate } from './generate.ts';
import { examStructure } from './test-factories.ts';
import type { AnswerCardTemplate, CardPage, Region } from './types.ts';
import { validateTemplate } from './validate.ts';

// validateTemplate is what guards a template the generator did not just make: an older version,
// a designer's hand edit, a template loaded back from the database.

const options = { templateId: 'se-3', title: '期末考试', subject: '英语', examNumberLength: 10 };

function fresh(settings: Partial<Parameters<typeof generateTemplate>[1]> = {}): AnswerCardTemplate {
  return generateTemplate(examStructure(40), { ...options, ...settings });
}

function edit(template: AnswerCardTemplate, page: number, change: (page: CardPage) => void): AnswerCardTemplate {
  const copy: AnswerCardTemplate = JSON.parse(JSON.stringify(template));
  change(copy.pages[page - 1]!);
  return copy;
}

function first<K extends Region['kind']>(page: CardPage, kind: K): Extract<Region, { kind: K }> {
  return page.regions.find((region): region is Extract<Region, { kind: K }> => region.kind === kind)!;
}

const codes = (template: AnswerCardTemplate) => validateTemplate(template).map((problem) => problem.code);

describe('validateTemplate', () => {
  it('finds nothing wrong with a generated template', () => {
    expect(validateTemplate(fresh())).toEqual([]);
  });

  it('reports boxes that no longer fit the page (an A3 layout on A4 paper)', () => {
    const template = fresh({ paper: 'A3', columns: 2 });
    const shrunk = edit(template, 1, (page) => {
      page.width = 210;
    });
    const problems = validateTemplate(shrunk);
    expect(problems.map((problem) => problem.code)).toContain('OUTSIDE_PAGE');
    expect(problems.map((problem) => problem.message)).toContain('第 1 页的定位点超出页面');
    const box = shrunk.pages[0]!.regions.find((region) => region.kind === 'answerBox' && region.rect.x > 210);
    expect(box?.kind).toBe('answerBox');
    expect(problems).toContainEqual({
      code: 'OUTSIDE_PAGE',
      message: `第 1 页的第 ${box?.kind === 'answerBox' ? box.label : ''} 题答题框超出页面`,
      page: 1,
    });
  });

  it('reports a box taller than its column', () => {
    const template = edit(fresh({ paper: 'A4' }), 1, (page) => {
      const box = first(page, 'answerBox');
      box.rect.height = 400;
    });
    const problems = validateTemplate(template);
    const column = template.pages[0]!.columns[0]!;
    expect(problems.map((problem) => problem.code)).toEqual(
      expect.arrayContaining(['BOX_TALLER_THAN_COLUMN', 'OUTSIDE_PAGE', 'OVERLAP']),
    );
    const label = first(template.pages[0]!, 'answerBox').label;
    expect(problems).toContainEqual({
      code: 'BOX_TALLER_THAN_COLUMN',
      message: `第 1 页的第 ${label} 题答题框高 400 mm，超过一栏可用的 ${column.height} mm`,
      page: 1,
    });
  });

  it('reports overlapping regions by name', () => {
    const template = edit(fresh(), 1, (page) => {
      const block = first(page, 'objectiveBlock');
      block.rect.y = first(page, 'notice').rect.y;
      block.rect.x = first(page, 'notice').rect.x;
    });
    const messages = validateTemplate(template).map((problem) => problem.message);
    expect(messages).toContain('第 1 页的注意事项与客观题 1–5重叠');
  });

  it('reports a locator too near the edge and print too near a locator', () => {
    const nearEdge = edit(fresh(), 2, (page) => {
      first(page, 'locator').rect.x = 5;
    });
    expect(validateTemplate(nearEdge)).toEqual([
      { code: 'LOCATOR_EDGE', message: '第 2 页的定位点距页边 5 mm，不足 8 mm', page: 2 },
    ]);
    const crowded = edit(fresh(), 1, (page) => {
      const title = first(page, 'title');
      title.rect.x = 17;
      title.rect.y = 17;
    });
    expect(validateTemplate(crowded)).toContainEqual({
      code: 'LOCATOR_CLEARANCE',
      message: '第 1 页的标题离定位点不足 3 mm',
      page: 1,
    });
  });

  it('reports a missing locator, a wrong-sized one, and a 缺考 box past page 1', () => {
    const template = edit(fresh(), 2, (page) => {
      page.regions.splice(page.regions.indexOf(first(page, 'locator')), 1);
      first(page, 'locator').rect.width = 4;
      page.regions.push({ ...first(firstPageOfFresh(), 'absent') });
    });
    expect(codes(template)).toEqual(['LOCATOR_COUNT', 'LOCATOR_SIZE', 'ABSENT_NOT_FIRST']);
  });

  it('reports a bubble outside its block', () => {
    const template = edit(fresh(), 1, (page) => {
      first(page, 'objectiveBlock').rows[0]!.bubbles[0]!.ellipse.cx -= 20;
    });
    expect(validateTemplate(template)).toEqual([
      { code: 'BUBBLE_OUTSIDE', message: '第 1 页的客观题 1–5有填涂点出框', page: 1 },
    ]);
  });

  it('reports a box missing, its pieces out of order, or resized without re-flowing', () => {
    const template = fresh({ paper: 'A4' });
    const pieces = template.pages.flatMap((page) =>
      page.regions.flatMap((region) => (region.kind === 'answerBox' ? [{ page: page.number, region }] : [])),
    );
    const continued = pieces.find(({ region }) => region.parts > 1)!;
    const swapped = edit(template, continued.page, (page) => {
      const piece = page.regions.find(
        (region) => region.kind === 'answerBox' && region.boxId === continued.region.boxId,
      );
      if (piece?.kind === 'answerBox') piece.part = 9;
    });
    expect(validateTemplate(swapped)).toEqual([
      { code: 'BOX_PIECES', message: `第 ${continued.region.label} 题答题框的续接段编号不连续` },
    ]);

    const single = pieces.find(({ region }) => region.parts === 1)!;
    const removed = edit(template, single.page, (page) => {
      page.regions = page.regions.filter(
        (region) => !(region.kind === 'answerBox' && region.boxId === single.region.boxId),
      );
    });
    expect(validateTemplate(removed)).toEqual([
      { code: 'BOX_MISSING', message: `第 ${single.region.label} 题答题框不在答题卡上` },
    ]);

    const resized: AnswerCardTemplate = JSON.parse(JSON.stringify(template));
    for (const item of resized.items)
      if (item.kind === 'box' && item.box.id === single.region.boxId) item.box.height += 12;
    expect(validateTemplate(resized)).toEqual([
      {
        code: 'BOX_HEIGHT_MISMATCH',
        message: `第 ${single.region.label} 题答题框各段共高 ${single.region.rect.height} mm，与设定的 ${single.region.rect.height + 12} mm 不符，请重新排版`,
      },
    ]);
  });

  it('reports a template without questions and a 考号 length outside 1–20', () => {
    const template = { ...fresh(), questions: [], settings: { ...fresh().settings, examNumberLength: 0 } };
    expect(validateTemplate(template)).toEqual([
      { code: 'NO_QUESTIONS', message: '考试还没有题目，无法生成答题卡' },
      { code: 'EXAM_NUMBER_LENGTH', message: '考号位数须在 1–20 位之间，当前为 0 位' },
    ]);
    const long = { ...fresh(), settings: { ...fresh().settings, examNumberLength: 30 } };
    expect(validateTemplate(long)).toEqual([
      { code: 'EXAM_NUMBER_LENGTH', message: '考号位数须在 1–20 位之间，当前为 30 位' },
    ]);
  });
});

function firstPageOfFresh(): CardPage {
  return fresh().pages[0]!;
}
