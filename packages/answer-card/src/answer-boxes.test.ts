import { describe, expect, it } from 'vitest';
import { defaultBoxHeight } from './box-height.ts';
import { MIN_BOX_PIECE } from './flow.ts';
import { generateTemplate, layoutTemplate } from './generate.ts';
import { regionsOf } from './test-factories.ts';
import type { AnswerBoxRegion, AnswerCardTemplate, ExamQuestion } from './types.ts';

const options = { templateId: 'se-7', title: '期中考试', subject: '数学', examNumberLength: 8 };

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
