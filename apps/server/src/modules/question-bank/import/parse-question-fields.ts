import { DIFFICULTY_LEVELS, OPTION_LETTERS } from '@huikao/contracts';
import { OBJECTIVE_TYPES } from './import-model.ts';

// Field rules shared by the Excel and Word importers: how teachers write a difficulty, an answer,
// a list of knowledge points, and which question type a paper's section heading means. Pure.

/** 1 … 5, or the level's name (容易 … 困难); null when it is neither. */
export function difficultyOf(text: string): number | null {
  const value = text.trim();
  if (/^[1-5]$/.test(value)) return Number(value);
  const level = DIFFICULTY_LEVELS.findIndex((d) => d.name === value);
  return level >= 0 ? level + 1 : null;
}

const FULL_WIDTH = /[Ａ-Ｚａ-ｚ０-９]/g;
/** Ａ → A, １ → 1: teachers type answers with a Chinese input method. */
export const halfWidth = (text: string) =>
  text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

export const isObjectiveType = (typeName: string) => OBJECTIVE_TYPES.has(typeName);
export const isJudgeType = (typeName: string) => typeName === '判断题';
/** Types whose answer is option letters. */
export const isChoiceType = (typeName: string) => isObjectiveType(typeName) && !isJudgeType(typeName);

/** Option letters of a choice answer ("A", "a c", "A、C", "ＡＣ") as "AC"; null when it holds anything else. */
export function choiceLetters(answer: string): string | null {
  const compact = halfWidth(answer)
    .toUpperCase()
    .replace(/[\s,，、;；.。]/g, '');
  if (!/^[A-Z]+$/.test(compact)) return null;
  return [...new Set(compact)].sort().join('');
}

/** 判断题 answers as the bank stores them: T or F. */
export function judgeAnswer(answer: string): 'T' | 'F' | null {
  const value = halfWidth(answer).trim().toUpperCase();
  if (/^(T|TRUE|对|正确|是|√|✓|✔)$/.test(value)) return 'T';
  if (/^(F|FALSE|错|错误|否|×|✗|✘|X)$/.test(value)) return 'F';
  return null;
}

/**
 * The answer of a question in the bank's form, or an error: a choice answer names existing
 * options; a 判断题 answer is 正确 or 错误. Other types keep the teacher's text.
 */
export function normalizeAnswer(
  typeName: string,
  answer: string,
  optionCount: number,
): { answer: string; error: string | null } {
  const raw = answer.trim();
  if (raw === '') return { answer: '', error: null };
  if (isJudgeType(typeName)) {
    const judged = judgeAnswer(raw);
    return judged ? { answer: judged, error: null } : { answer: raw, error: '判断题的答案只能是“正确”或“错误”' };
  }
  if (!isChoiceType(typeName)) return { answer: raw, error: null };
  const letters = choiceLetters(raw);
  if (letters === null) return { answer: raw, error: '选择题的答案应为选项字母，如 A 或 AC' };
  const beyond = [...letters].find((letter) => letter.charCodeAt(0) - 65 >= optionCount);
  if (beyond) return { answer: letters, error: `答案“${beyond}”没有对应的选项` };
  if (typeName === '单选题' && letters.length > 1) return { answer: letters, error: '单选题只能有一个答案' };
  return { answer: letters, error: null };
}

/** Problems of a question's options for its type (a choice question needs at least two). */
export function optionProblems(typeName: string, options: string[]): string[] {
  if (options.length > OPTION_LETTERS.length) return [`选项最多${OPTION_LETTERS.length}个`];
  if (isChoiceType(typeName) && options.length < 2) return ['选择题至少要有两个选项'];
  const empty = options.findIndex((option) => option.trim() === '');
  if (empty >= 0) return [`选项${OPTION_LETTERS[empty]}不能为空`];
  return [];
}

/** Names in one cell: 知识点 "一次函数、二次函数" or "一次函数; 二次函数". */
export function splitNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[、,，;；\n|]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

const HEADING_TYPES: [RegExp, string][] = [
  [/多项选择|多选|不定项/, '多选题'],
  [/单项选择|单选|选择/, '单选题'],
  [/判断/, '判断题'],
  [/完形/, '完形填空'],
  [/填空/, '填空题'],
  [/阅读/, '阅读理解'],
  [/作文|写作|书面表达/, '作文'],
  [/解答|计算|证明|简答|应用|综合|探究|实验|作图|推断|问答|论述|材料/, '解答题'],
];

/** The question type a section heading names ("一、选择题（每小题3分）" → 单选题); null when none. */
export function typeFromHeading(heading: string): string | null {
  for (const [pattern, typeName] of HEADING_TYPES) if (pattern.test(heading)) return typeName;
  return null;
}

/** What any importer read, before the course is consulted. */
export interface ReadQuestion {
  no: number;
  rowNo: number | null;
  section: string | null;
  typeName: string;
  difficulty: number;
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
  knowledgeNames: string[];
  chapterNames: string[];
  year: number | null;
  gradeId: number | null;
  score: number | null;
  notes: string[];
  errors: string[];
}
