import { describe, expect, it } from 'vitest';
import { defaultBoxHeight } from './box-height.ts';
import { AnswerCardError } from './card-error.ts';
import { MIN_BOX_PIECE } from './flow.ts';
import { generateTemplate, layoutTemplate } from './generate.ts';
import { examStructure } from './test-factories.ts';
import type { AnswerBoxRegion, AnswerCardTemplate, ExamQuestion, Region } from './types.ts';

const options = { templateId: 'se-7', title: '期中考试', subject: '数学', examNumberLength: 8 };

function regionsOf<K extends Region['kind']>(template: AnswerCardTemplate, kind: K) {
  return template.pages.flatMap((page) =>
    page.regions
      .filter((region): region is Extract<Region, { kind: K }> => region.kind === kind)
      .map((region) => ({ page, region })),
  );
}

function problemsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AnswerCardError) return error.problems;
    throw error;
  }
  throw new Error('expected an AnswerCardError');
}

describe('generateTemplate defaults', () => {
  it('uses A4 portrait, one column, up to 20 questions', () => {
    const template = generateTemplate(examStructure(20), options);
    expect(template.settings).toEqual({ paper: 'A4', columns: 1, sides: 2, identityMode: 'grid', examNumberLength: 8 });
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

describe('subjective boxes', () => {
  const boxes = (template: AnswerCardTemplate): AnswerBoxRegion[] =>
    regionsOf(template, 'answerBox').map(({ region }) => region);

  it('prints one box per question with its number and full marks, the 3 mm margin kept clear', () => {
    const template = generateTemplate([{ number: '17', type: 'subjective', fullMarks: 12 }], options);
    const [box] = boxes(template);
    expect(box).toMatchObject({ boxId: 'Q17', label: '17', questionNumbers: ['17'], fullMarks: 12, part: 1, parts: 1 });
    const { rect, writable } = box!;
    expect(writable).toEqual({ x: rect.x + 3, y: rect.y + 3, width: rect.width - 6, height: rect.height - 6 });
  });

  it('gives a 题块 one box with its questions and their marks together', () => {
    const template = generateTemplate(
      [
        { number: '18', type: 'subjective', fullMarks: 4, blockId: 'k1' },
        { number: '19', type: 'subjective', fullMarks: 6 },
        { number: '20', type: 'subjective', fullMarks: 4.5, blockId: 'k1' },
      ],
      options,
    );
    expect(boxes(template).map((box) => [box.boxId, box.label, box.questionNumbers, box.fullMarks])).toEqual([
      ['Bk1', '18–20', ['18', '20'], 8.5],
      ['Q19', '19', ['19'], 6],
    ]);
  });

  it('sets default heights from the marks and the kind', () => {
    const height = (fullMarks: number, subjectiveKind?: ExamQuestion['subjectiveKind']) =>
      defaultBoxHeight([{ number: '1', type: 'subjective', fullMarks, subjectiveKind }]);
    expect(height(12)).toBeGreaterThan(height(6));
    expect(height(6, 'answer')).toBeGreaterThan(height(6, 'fill'));
    expect(height(50, 'essay')).toBeGreaterThan(height(50, 'answer'));
    expect(height(1, 'fill')).toBe(15);
    expect(height(12)).toBe(68);
  });

  it('continues an overlong box in linked pieces on the following pages, never crossing one', () => {
    const essay: ExamQuestion = { number: '22', type: 'subjective', fullMarks: 60, subjectiveKind: 'essay' };
    const template = generateTemplate([essay], { ...options, paper: 'A4' });
    const pieces = regionsOf(template, 'answerBox');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map(({ region }) => [region.boxId, region.part, region.parts])).toEqual(
      pieces.map((_, index) => ['Q22', index + 1, pieces.length]),
    );
    expect(new Set(pieces.map(({ page }) => page.number)).size).toBe(pieces.length);
    const total = pieces.reduce((sum, { region }) => sum + region.rect.height, 0);
    expect(total).toBeCloseTo(defaultBoxHeight([essay]), 6);
    for (const { page, region } of pieces)
      expect(region.rect.y + region.rect.height).toBeLessThanOrEqual(page.height - 20);
  });

  it('moves a box that a fresh column holds to that column instead of cutting it', () => {
    const two: ExamQuestion[] = [
      { number: '1', type: 'subjective', fullMarks: 5 },
      { number: '2', type: 'subjective', fullMarks: 5 },
    ];
    const template = generateTemplate(two, { ...options, paper: 'A4' });
    const column = template.pages[0]!.columns[0]!;
    // Box 1 leaves 47 mm under it (3 mm gap); box 2 needs 100 mm: it moves whole to page 2.
    const moved = layoutTemplate(
      template,
      { boxHeights: { Q1: column.height - 50, Q2: 100 } },
      { versionHasScans: false },
    );
    const second = regionsOf(moved, 'answerBox').filter(({ region }) => region.boxId === 'Q2');
    expect(second.map(({ page, region }) => [page.number, region.parts, region.rect.y])).toEqual([
      [2, 1, moved.pages[1]!.columns[0]!.y],
    ]);
    // Taller than any column: it starts in the 47 mm left and continues.
    const cut = layoutTemplate(
      template,
      { boxHeights: { Q1: column.height - 50, Q2: 380 } },
      { versionHasScans: false },
    );
    const pieces = regionsOf(cut, 'answerBox').filter(({ region }) => region.boxId === 'Q2');
    expect(pieces[0]).toMatchObject({ page: { number: 1 }, region: { part: 1, rect: { height: 47 } } });
    expect(pieces.map(({ page }) => page.number)).toEqual([1, 2, 3]);
    expect(pieces.reduce((sum, { region }) => sum + region.rect.height, 0)).toBeCloseTo(380, 6);
  });

  it('never leaves a continued piece shorter than a usable box', () => {
    const template = generateTemplate([{ number: '1', type: 'subjective', fullMarks: 5 }], { ...options, paper: 'A4' });
    const column = template.pages[0]!.columns[0]!;
    const next = layoutTemplate(template, { boxHeights: { Q1: column.height + 5 } }, { versionHasScans: false });
    const heights = regionsOf(next, 'answerBox').map(({ region }) => region.rect.height);
    expect(heights).toHaveLength(2);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(MIN_BOX_PIECE);
  });
});

describe('bad input, refused in Chinese', () => {
  it('refuses an exam without questions', () => {
    expect(() => generateTemplate([], options)).toThrow('考试还没有题目，无法生成答题卡');
  });

  it.each([0, 30, 2.5, -1])('refuses a 考号 length of %s', (length) => {
    expect(problemsOf(() => generateTemplate(examStructure(10), { ...options, examNumberLength: length }))).toEqual([
      { code: 'EXAM_NUMBER_LENGTH', message: `考号位数须在 1–20 位之间，当前为 ${length} 位` },
    ]);
  });

  it('names each bad question', () => {
    const problems = problemsOf(() =>
      generateTemplate(
        [
          { number: '1', type: 'single', optionCount: 8, fullMarks: 3 },
          { number: '1', type: 'single', fullMarks: 3 },
          { number: '2', type: 'multiple', optionCount: 1, fullMarks: 0 },
          { number: '3', type: 'judge', fullMarks: 2, blockId: 'k' },
        ],
        options,
      ),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      '第 1 题的选项数须在 2–7 之间（A–G），当前为 8',
      '题号 1 重复',
      '第 2 题的满分须大于 0',
      '第 2 题的选项数须在 2–7 之间（A–G），当前为 1',
      '第 3 题是客观题，不能放入题块 k（题块只由主观题组成）',
    ]);
  });

  it('refuses columns the paper does not take', () => {
    expect(() => generateTemplate(examStructure(10), { ...options, paper: 'A4', columns: 2 })).toThrow(
      'A4 纵向只能排一栏，A3 横向排两栏或三栏；当前为 A4 2 栏',
    );
    expect(() => generateTemplate(examStructure(10), { ...options, paper: 'A3', columns: 1 })).toThrow(
      '当前为 A3 1 栏',
    );
  });

  it('joins every problem into one message', () => {
    const run = () => generateTemplate([], { ...options, examNumberLength: 0 });
    expect(run).toThrow('考试还没有题目，无法生成答题卡；考号位数须在 1–20 位之间，当前为 0 位');
  });
});
