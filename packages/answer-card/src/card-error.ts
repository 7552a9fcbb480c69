import type { CardProblem } from './types.ts';

/** Bad input, refused with every problem found, each in Chinese. */
export class AnswerCardError extends Error {
  readonly problems: CardProblem[];
  constructor(problems: CardProblem[]) {
    super(problems.map((problem) => problem.message).join('；'));
    this.name = 'AnswerCardError';
    this.problems = problems;
  }
}
