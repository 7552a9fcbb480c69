import type { StudentPaper } from '@huikao/contracts';

// How one question of a student's paper is marked on /findStudentDetailPaper.

export type QuestionMark = 'right' | 'wrong' | 'partial' | 'unscored';

/** Full mark ✓, zero ✗, anything between partial; a question without a score is not marked. */
export function questionMark(question: Pick<StudentPaper['questions'][number], 'score' | 'fullMark'>): QuestionMark {
  if (question.score === null) return 'unscored';
  if (question.score >= question.fullMark) return 'right';
  if (question.score <= 0) return 'wrong';
  return 'partial';
}

export const MARK_SYMBOLS: Record<QuestionMark, string> = { right: '✓', wrong: '✗', partial: '◐', unscored: '' };
