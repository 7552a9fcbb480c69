import { defaultBoxHeight, MAX_BOX_HEIGHT, MIN_BOX_HEIGHT } from './box-height.ts';
import { MAX_QUESTIONS_PER_BLOCK, MIN_QUESTIONS_PER_BLOCK } from './objective-block.ts';
import type { AnswerBoxSpec, CardItem, CardProblem, CardSettings, ExamQuestion } from './types.ts';

export const MIN_EXAM_NUMBER_LENGTH = 1;
export const MAX_EXAM_NUMBER_LENGTH = 20;
export const MAX_OPTIONS = 7;

/** Problems of the exam's question structure, in Chinese; empty when the card can be built. */
export function structureProblems(questions: readonly ExamQuestion[]): CardProblem[] {
  if (questions.length === 0) return [{ code: 'NO_QUESTIONS', message: '考试还没有题目，无法生成答题卡' }];
  const problems: CardProblem[] = [];
  const seen = new Set<string>();
  for (const question of questions) {
    const name = `第 ${question.number} 题`;
    if (question.number.trim() === '') problems.push({ code: 'QUESTION_NUMBER', message: '有题目缺少题号' });
    if (seen.has(question.number)) problems.push({ code: 'DUPLICATE_NUMBER', message: `题号 ${question.number} 重复` });
    seen.add(question.number);
    if (!(question.fullMarks > 0) || !Number.isFinite(question.fullMarks)) {
      problems.push({ code: 'FULL_MARKS', message: `${name}的满分须大于 0` });
    }
    if (question.type === 'single' || question.type === 'multiple') {
      const count = question.optionCount ?? 4;
      if (!Number.isInteger(count) || count < 2 || count > MAX_OPTIONS) {
        problems.push({ code: 'OPTION_COUNT', message: `${name}的选项数须在 2–7 之间（A–G），当前为 ${count}` });
      }
    }
    if (question.blockId !== undefined && question.type !== 'subjective') {
      problems.push({
        code: 'BLOCK_OBJECTIVE',
        message: `${name}是客观题，不能放入题块 ${question.blockId}（题块只由主观题组成）`,
      });
    }
  }
  return problems;
}

export function examNumberLengthProblems(length: number): CardProblem[] {
  if (Number.isInteger(length) && length >= MIN_EXAM_NUMBER_LENGTH && length <= MAX_EXAM_NUMBER_LENGTH) return [];
  return [{ code: 'EXAM_NUMBER_LENGTH', message: `考号位数须在 1–20 位之间，当前为 ${length} 位` }];
}

/** The bubble layout (题组大小, 选择题排列); absent values are an older card's defaults. */
export function blockLayoutProblems(settings: CardSettings): CardProblem[] {
  const problems: CardProblem[] = [];
  const perBlock = settings.questionsPerBlock;
  if (
    perBlock !== undefined &&
    !(Number.isInteger(perBlock) && perBlock >= MIN_QUESTIONS_PER_BLOCK && perBlock <= MAX_QUESTIONS_PER_BLOCK)
  ) {
    problems.push({
      code: 'QUESTIONS_PER_BLOCK',
      message: `题组大小（每组题数）须在 ${MIN_QUESTIONS_PER_BLOCK}–${MAX_QUESTIONS_PER_BLOCK} 题之间，当前为 ${perBlock}`,
    });
  }
  if (settings.blockOrder !== undefined && settings.blockOrder !== 'across' && settings.blockOrder !== 'down') {
    problems.push({
      code: 'BLOCK_ORDER',
      message: `选择题排列只能是横排（across）或竖排（down），当前为 ${settings.blockOrder}`,
    });
  }
  return problems;
}

export function settingsProblems(settings: CardSettings): CardProblem[] {
  const problems = [...examNumberLengthProblems(settings.examNumberLength), ...blockLayoutProblems(settings)];
  const columnsFit =
    settings.paper === 'A4' ? settings.columns === 1 : settings.columns === 2 || settings.columns === 3;
  if (!columnsFit) {
    problems.push({
      code: 'PAPER_COLUMNS',
      message: `A4 纵向只能排一栏，A3 横向排两栏或三栏；当前为 ${settings.paper} ${settings.columns} 栏`,
    });
  }
  if (settings.sides !== 1 && settings.sides !== 2) {
    problems.push({ code: 'SIDES', message: `答题卡只能单面或双面印刷，当前为 ${settings.sides} 面` });
  }
  return problems;
}

export function boxHeightProblems(box: AnswerBoxSpec): CardProblem[] {
  if (Number.isFinite(box.height) && box.height >= MIN_BOX_HEIGHT && box.height <= MAX_BOX_HEIGHT) return [];
  return [
    {
      code: 'BOX_HEIGHT',
      message: `第 ${box.label} 题答题框高度须在 ${MIN_BOX_HEIGHT}–${MAX_BOX_HEIGHT} mm 之间，当前为 ${box.height} mm`,
    },
  ];
}

/**
 * The card's items in paper order: each run of consecutive objective questions becomes one
 * objective area; every subjective question becomes a box, and the questions of one 题块 share
 * the box placed where the block's first question stands.
 */
export function cardItems(questions: readonly ExamQuestion[]): CardItem[] {
  const items: CardItem[] = [];
  const blocks = new Map<string, ExamQuestion[]>();
  for (const question of questions) {
    if (question.type === 'subjective' && question.blockId !== undefined) {
      const members = blocks.get(question.blockId) ?? [];
      members.push(question);
      blocks.set(question.blockId, members);
    }
  }
  const placedBlocks = new Set<string>();
  for (const question of questions) {
    if (question.type !== 'subjective') {
      const last = items.at(-1);
      if (last?.kind === 'objective') last.questions.push(question);
      else items.push({ kind: 'objective', questions: [question] });
      continue;
    }
    if (question.blockId === undefined) {
      items.push({ kind: 'box', box: boxSpec(`Q${question.number}`, [question]) });
    } else if (!placedBlocks.has(question.blockId)) {
      placedBlocks.add(question.blockId);
      items.push({ kind: 'box', box: boxSpec(`B${question.blockId}`, blocks.get(question.blockId) ?? [question]) });
    }
  }
  return items;
}

function boxSpec(id: string, questions: readonly ExamQuestion[]): AnswerBoxSpec {
  const numbers = questions.map((question) => question.number);
  const label = numbers.length === 1 ? (numbers[0] ?? '') : `${numbers[0]}–${numbers.at(-1)}`;
  return {
    id,
    label,
    questionNumbers: numbers,
    // Half marks add up in binary fractions; the printed total is kept to hundredths.
    fullMarks: Math.round(questions.reduce((sum, question) => sum + question.fullMarks, 0) * 100) / 100,
    height: defaultBoxHeight(questions),
  };
}
