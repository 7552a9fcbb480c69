import { ellipseAt, rect } from './geometry.ts';
import { BUBBLE_HEIGHT, BUBBLE_WIDTH } from './page-header.ts';
import type { ExamQuestion, ObjectiveRow, Region } from './types.ts';

// Objective questions are printed in blocks of rows (five by default, 4–10 as the card's 题组大小
// says): the number, then one bubble per option with its letter inside. Blocks of one run sit side
// by side, wrapping like words on a line (横排), or one under another (竖排).

/** The default 题组大小 (answer-cards-and-scanning.md), and its range. */
export const QUESTIONS_PER_BLOCK = 5;
export const MIN_QUESTIONS_PER_BLOCK = 4;
export const MAX_QUESTIONS_PER_BLOCK = 10;
const PADDING = 2;
const NUMBER_WIDTH = 8;
const OPTION_PITCH = 7;
const ROW_PITCH = 5.5;
const JUDGE_OPTIONS = ['T', 'F'];
const LETTERS = 'ABCDEFG';

export function optionsOf(question: ExamQuestion): string[] {
  if (question.type === 'judge') return JUDGE_OPTIONS;
  return LETTERS.slice(0, question.optionCount ?? 4).split('');
}

export function blocksOf(questions: readonly ExamQuestion[], perBlock = QUESTIONS_PER_BLOCK): ExamQuestion[][] {
  const blocks: ExamQuestion[][] = [];
  for (let start = 0; start < questions.length; start += perBlock) {
    blocks.push(questions.slice(start, start + perBlock));
  }
  return blocks;
}

export function blockSize(questions: readonly ExamQuestion[]): { width: number; height: number } {
  const options = Math.max(...questions.map((question) => optionsOf(question).length));
  return {
    width: 2 * PADDING + NUMBER_WIDTH + options * OPTION_PITCH - (OPTION_PITCH - BUBBLE_WIDTH),
    height: 2 * PADDING + questions.length * ROW_PITCH,
  };
}

export function objectiveBlock(questions: readonly ExamQuestion[], x: number, y: number): Region {
  const size = blockSize(questions);
  const rows: ObjectiveRow[] = questions.map((question, index) => {
    const cy = y + PADDING + index * ROW_PITCH + ROW_PITCH / 2;
    return {
      number: question.number,
      type: objectiveType(question),
      bubbles: optionsOf(question).map((option, column) => ({
        option,
        ellipse: ellipseAt(
          x + PADDING + NUMBER_WIDTH + column * OPTION_PITCH + BUBBLE_WIDTH / 2,
          cy,
          BUBBLE_WIDTH,
          BUBBLE_HEIGHT,
        ),
      })),
    };
  });
  return { kind: 'objectiveBlock', rect: rect(x, y, size.width, size.height), rows };
}

function objectiveType(question: ExamQuestion): ObjectiveRow['type'] {
  if (question.type === 'subjective') throw new TypeError(`第 ${question.number} 题是主观题，不能排入客观题区`);
  return question.type;
}
