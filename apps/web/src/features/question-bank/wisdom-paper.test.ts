import type { Question, WisdomPaper } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { averageDifficulty, replacementFor, sectionsOf, swapQuestion } from './wisdom-paper.ts';

const question = (quesId: string, typeId: string, difficulty: number) =>
  ({ quesId, questionTypeId: typeId, diffGradeId: String(difficulty) }) as Question;
const single = { questionTypeId: '1', name: '单选题' };
const blank = { questionTypeId: '2', name: '填空题' };
const paper = {
  questions: [
    { section: single, question: question('a', '1', 1) },
    { section: blank, question: question('b', '2', 4) },
    { section: single, question: question('c', '1', 2) },
  ],
} as WisdomPaper;

describe('the proposed paper', () => {
  it('groups the questions by type in the order asked', () => {
    expect(sectionsOf(paper).map((s) => [s.name, s.questions.map((q) => q.quesId)])).toEqual([
      ['单选题', ['a', 'c']],
      ['填空题', ['b']],
    ]);
    expect(averageDifficulty(sectionsOf(paper))).toBe(2.3);
    expect(averageDifficulty([])).toBeNull();
  });

  it('swaps a question for the first similar one of its type not yet in the paper', () => {
    const sections = sectionsOf(paper);
    const similar = [question('c', '1', 2), question('x', '2', 3), question('y', '1', 5)];
    const replacement = replacementFor(sections, question('a', '1', 1), similar);
    expect(replacement?.quesId).toBe('y');
    const swapped = swapQuestion(sections, question('a', '1', 1), replacement!);
    expect(swapped[0]!.questions.map((q) => q.quesId)).toEqual(['y', 'c']);
    expect(replacementFor(sections, question('a', '1', 1), [question('c', '1', 2)])).toBeNull();
  });
});
