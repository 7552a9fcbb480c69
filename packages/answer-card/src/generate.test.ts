import { describe, expect, it } from 'vitest';
import { generateTemplate } from './generate.ts';
import { examStructure, regionsOf } from './test-factories.ts';
import type { ExamQuestion } from './types.ts';

const options = { templateId: 'se-7', title: '期中考试', subject: '数学', examNumberLength: 8 };

describe('generateTemplate defaults', () => {
  it('uses A4 portrait, one column, up to 20 questions', () => {
    const template = generateTemplate(examStructure(20), options);
    expect(template.settings).toEqual({
      paper: 'A4',
      columns: 1,
      sides: 2,
      identityMode: 'grid',
      examNumberLength: 8,
      questionsPerBlock: 5,
      blockOrder: 'across',
    });
    expect(template.pages[0]).toMatchObject({ width: 210, height: 297 });
  });

  it('uses A3 landscape in two columns above 20 questions', () => {
    const template = generateTemplate(examStructure(21), options);
    expect(template.settings).toMatchObject({ paper: 'A3', columns: 2 });
    expect(template.pages[0]).toMatchObject({ width: 420, height: 297 });
    expect(template.pages[0]!.columns).toHaveLength(2);
  });

  it('is deterministic: the same structure gives the same template', () => {
    const structure = examStructure(120);
    const first = generateTemplate(structure, options);
    expect(JSON.stringify(generateTemplate(structure, options))).toBe(JSON.stringify(first));
  });

  it('does not change the structure it was given', () => {
    const structure = examStructure(40);
    const copy = JSON.parse(JSON.stringify(structure));
    generateTemplate(structure, options);
    expect(structure).toEqual(copy);
  });

  it('numbers pages and sheets by sides', () => {
    const structure = examStructure(120);
    const twoSided = generateTemplate(structure, { ...options, paper: 'A4', sides: 2 });
    expect(twoSided.pages.slice(0, 4).map((page) => [page.number, page.sheet, page.side])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 2, 1],
      [4, 2, 2],
    ]);
    const oneSided = generateTemplate(structure, { ...options, paper: 'A4', sides: 1 });
    expect(oneSided.pages.slice(0, 3).map((page) => [page.number, page.sheet, page.side])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
      [3, 3, 1],
    ]);
  });
});

describe('objective area', () => {
  const questions: ExamQuestion[] = [
    ...Array.from(
      { length: 11 },
      (_, index): ExamQuestion => ({ number: String(index + 1), type: 'single', fullMarks: 3 }),
    ),
    { number: '12', type: 'multiple', optionCount: 7, fullMarks: 5 },
    { number: '13', type: 'judge', optionCount: 4, fullMarks: 2 },
  ];
  const template = generateTemplate(questions, options);
  const blocks = regionsOf(template, 'objectiveBlock').map(({ region }) => region);

  it('prints questions in blocks of five', () => {
    expect(blocks.map((block) => block.rows.map((row) => row.number))).toEqual([
      ['1', '2', '3', '4', '5'],
      ['6', '7', '8', '9', '10'],
      ['11', '12', '13'],
    ]);
  });

  it('gives A–D by default, up to G when asked, and T/F to 判断', () => {
    const rows = blocks.flatMap((block) => block.rows);
    expect(rows[0]!.bubbles.map((bubble) => bubble.option)).toEqual(['A', 'B', 'C', 'D']);
    expect(rows[11]!.bubbles.map((bubble) => bubble.option)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(rows[12]).toMatchObject({ type: 'judge' });
    expect(rows[12]!.bubbles.map((bubble) => bubble.option)).toEqual(['T', 'F']);
  });

  it('stores each bubble as a 5 × 3.5 mm ellipse with its centre, none touching the next', () => {
    const row = blocks[0]!.rows[0]!;
    for (const bubble of row.bubbles) expect(bubble.ellipse).toMatchObject({ width: 5, height: 3.5 });
    const centres = row.bubbles.map((bubble) => bubble.ellipse.cx);
    for (let i = 1; i < centres.length; i += 1) expect(centres[i]! - centres[i - 1]!).toBeGreaterThan(5);
    const below = blocks[0]!.rows[1]!.bubbles[0]!.ellipse.cy - row.bubbles[0]!.ellipse.cy;
    expect(below).toBeGreaterThan(3.5);
  });

  it('starts a new objective area after a subjective question', () => {
    const mixed = generateTemplate(
      [
        { number: '1', type: 'single', fullMarks: 3 },
        { number: '2', type: 'subjective', fullMarks: 6 },
        { number: '3', type: 'single', fullMarks: 3 },
      ],
      options,
    );
    const order = mixed.pages[0]!.regions.flatMap((region) =>
      region.kind === 'objectiveBlock' ? [`o${region.rows.length}`] : region.kind === 'answerBox' ? ['box'] : [],
    );
    expect(order).toEqual(['o1', 'box', 'o1']);
  });
});

describe('identity and page furniture', () => {
  it('prints one column of 0–9 bubbles per 考号 digit', () => {
    const template = generateTemplate(examStructure(10), { ...options, examNumberLength: 12 });
    const grid = regionsOf(template, 'examNumberGrid')[0]!.region;
    expect(grid.digits).toBe(12);
    expect(grid.bubbles).toHaveLength(120);
    const firstDigit = grid.bubbles.filter((bubble) => bubble.digit === 0);
    expect(firstDigit.map((bubble) => bubble.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(firstDigit.map((bubble) => bubble.ellipse.cx)).size).toBe(1);
  });

  it('prints a barcode area instead of the grid, or both', () => {
    const barcode = generateTemplate(examStructure(10), { ...options, identityMode: 'barcode' });
    expect(regionsOf(barcode, 'barcode')).toHaveLength(barcode.pages.length);
    expect(regionsOf(barcode, 'examNumberGrid')).toHaveLength(0);
    const both = generateTemplate(examStructure(10), { ...options, identityMode: 'both' });
    expect(regionsOf(both, 'barcode')).toHaveLength(both.pages.length);
    expect(regionsOf(both, 'examNumberGrid')).toHaveLength(both.pages.length);
  });

  it('fits a 20-digit 考号 even in a third of an A3 page', () => {
    const template = generateTemplate(examStructure(40), { ...options, paper: 'A3', columns: 3, examNumberLength: 20 });
    const grid = regionsOf(template, 'examNumberGrid')[0]!;
    expect(grid.region.rect.width).toBeLessThanOrEqual(grid.page.columns[0]!.width);
  });

  it('prints the title, the 姓名/班级/考场/座位号 block and 注意事项 with 填涂样例', () => {
    const page = generateTemplate(examStructure(10), options).pages[0]!;
    expect(page.regions.find((region) => region.kind === 'title')).toMatchObject({ text: '期中考试 数学' });
    expect(page.regions.find((region) => region.kind === 'studentInfo')).toMatchObject({
      fields: ['姓名', '班级', '考场', '座位号'],
    });
    const notice = page.regions.find((region) => region.kind === 'notice');
    expect(notice?.kind === 'notice' && notice.samples.map((sample) => sample.way)).toEqual([
      'correct',
      'tick',
      'cross',
      'half',
    ]);
  });
});
