import type { LeasedPaper } from '@huikao/contracts';

type Question = LeasedPaper['questions'][number];

/**
 * What is wrong with one typed score before it is sent, or null: given, a number, within 0 and
 * full marks, and on the 题块's step (a 0.5 step allows halves; a step of 1 whole points only).
 * The server checks the same; this answers at once, on the desk.
 */
export function scoreProblem(question: Question, typed: string, step: number): string | null {
  const label = `第 ${question.questionNo} 题`;
  if (typed.trim() === '') return `请给${label}打分`;
  const value = Number(typed);
  if (!Number.isFinite(value)) return `${label}得分不是数字`;
  if (value < 0) return `${label}得分不能小于 0`;
  if (value > question.fullMarks) return `${label}得分不能超过满分 ${question.fullMarks}`;
  const steps = value / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return step === 1 ? `${label}得分须为整数` : `${label}得分须为 ${step} 的整数倍`;
  }
  return null;
}
