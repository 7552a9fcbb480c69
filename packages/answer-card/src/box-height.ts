import type { ExamQuestion, SubjectiveKind } from './types.ts';

// Default answer-box heights, from a question's full marks and kind: room to write grows with the
// marks a question is worth. A 填空 needs a line or two, a 解答 a worked answer, a 作文 a page or
// more (it then continues in linked boxes). The designer can change any height afterwards.
const PER_MARK: Record<SubjectiveKind, { base: number; perMark: number; min: number }> = {
  fill: { base: 10, perMark: 2.5, min: 15 },
  answer: { base: 20, perMark: 4, min: 30 },
  essay: { base: 40, perMark: 6, min: 80 },
};

export const MIN_BOX_HEIGHT = 15;
/** A card is at most a handful of pages; a box above this is a typing slip, not a design. */
export const MAX_BOX_HEIGHT = 2000;

export function defaultBoxHeight(questions: readonly ExamQuestion[]): number {
  // A 题块 takes the roomiest kind among its questions and the marks of all of them.
  const kinds = questions.map((question) => question.subjectiveKind ?? 'answer');
  const kind: SubjectiveKind = kinds.includes('essay') ? 'essay' : kinds.includes('answer') ? 'answer' : 'fill';
  const marks = questions.reduce((sum, question) => sum + question.fullMarks, 0);
  const rule = PER_MARK[kind];
  return Math.round(Math.max(rule.min, rule.base + rule.perMark * marks));
}
