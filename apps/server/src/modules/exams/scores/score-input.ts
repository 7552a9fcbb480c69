import type { ScoreInput } from '@huikao/contracts';
import { normaliseChoice } from '@huikao/stats';
import type { Paper, PaperQuestion } from './score-paper.ts';

// Turns what an editor sends (ScoreInput) into a Paper, checking every value; pure. The rules,
// shared with the import checks (import-check.ts):
// - a score is 0 ≤ score ≤ the question's full mark with at most 2 decimals (sums are exact in
//   hundredths; 0.5 steps would refuse schools that give 0.25 or 1/3-rounded marks);
// - an objective question (with an objective type) takes the letters chosen, never a score: its
//   score comes from the key; a subjective question takes a score, never letters;
// - a total is accepted only when the single exam has no questions, and is ≤ its full mark;
// - the input is merged into the current paper: a key sent replaces (null clears), a key not sent
//   keeps what is stored, so the grid can save only the cells that changed.

export interface InputQuestion extends PaperQuestion {
  optionCount: number | null;
}

export type ParsedScoreInput = Omit<ScoreInput, 'studentId'> & {
  scores?: Record<string, number | null>;
  choices?: Record<string, string | null>;
};

/** A score's own problem, or null: sign, full mark and decimals. */
export function scoreProblem(value: number, fullMark: number, label: string): string | null {
  if (!Number.isFinite(value)) return `${label}必须是数字`;
  if (value < 0) return `${label}不能为负数`;
  if (value > fullMark) return `${label}${value}超过满分${fullMark}`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return `${label}最多保留两位小数`;
  return null;
}

export const questionLabel = (q: { questionNo: string }) => `第${q.questionNo}题`;
export const isChoiceQuestion = (q: PaperQuestion) => q.kind === 1 && q.objectiveType !== null;

/** The new paper, or the Chinese problems of the input (each names the question). */
export function paperFromInput(
  questions: readonly InputQuestion[],
  singleFullMark: number,
  current: Paper | null,
  input: ParsedScoreInput,
): { paper: Paper } | { errors: string[] } {
  const errors: string[] = [];
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const absent = input.absent ?? current?.absent ?? false;
  const scores: Record<string, number> = { ...(current && !current.absent ? current.scores : {}) };
  const choices: Record<string, string> = { ...(current && !current.absent ? current.choices : {}) };
  let totalScore = current && !current.absent ? current.totalScore : null;

  for (const [id, value] of Object.entries(input.scores ?? {})) {
    const q = byId.get(id);
    if (!q) {
      errors.push(`题目不存在：${id}`);
      continue;
    }
    if (isChoiceQuestion(q)) {
      errors.push(`${questionLabel(q)}是客观题，请填写选项，得分按答案计算`);
      continue;
    }
    if (value === null) {
      delete scores[id];
      continue;
    }
    const problem = scoreProblem(value, q.fullMark, `${questionLabel(q)}分数`);
    if (problem) errors.push(problem);
    else scores[id] = value;
  }
  for (const [id, raw] of Object.entries(input.choices ?? {})) {
    const q = byId.get(id);
    if (!q) {
      errors.push(`题目不存在：${id}`);
      continue;
    }
    if (!isChoiceQuestion(q)) {
      errors.push(`${questionLabel(q)}是主观题，请填写分数`);
      continue;
    }
    if (raw === null) {
      delete choices[id];
      continue;
    }
    const normalised = normaliseChoice(q.objectiveType!, q.optionCount, raw);
    if ('error' in normalised) errors.push(`${questionLabel(q)}：${normalised.error}`);
    else choices[id] = normalised.choice;
  }
  if (input.totalScore !== undefined) {
    if (questions.length > 0 && input.totalScore !== null) {
      errors.push('该科目已设置题目，请按题录入分数，总分由系统计算');
    } else if (input.totalScore !== null) {
      const problem = scoreProblem(input.totalScore, singleFullMark, '总分');
      if (problem) errors.push(problem);
      else totalScore = input.totalScore;
    } else {
      totalScore = null;
    }
  }
  if (absent && (hasValues(input.scores) || hasValues(input.choices) || typeof input.totalScore === 'number')) {
    errors.push('缺考的学生不能录入分数');
  }
  if (errors.length > 0) return { errors };
  return { paper: { scores, choices, totalScore: questions.length === 0 ? totalScore : null, absent } };
}

const hasValues = (record: Record<string, unknown> | undefined) =>
  Object.values(record ?? {}).some((v) => v !== null && v !== undefined);
