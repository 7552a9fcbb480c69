import type { AnswerCardTemplate, ExamQuestion, Region, SubjectiveKind } from './types.ts';

// Exam structures for the tests, shaped like real papers: objective questions first (single
// choice, a few multiple choice and 判断, the odd seven-option question), then subjective ones
// (填空, 解答 with some 题块, and a 作文 on larger papers, which is long enough to continue).

export function examStructure(count: number): ExamQuestion[] {
  const objectiveCount = Math.round(count * 0.6);
  const questions: ExamQuestion[] = [];
  for (let index = 1; index <= count; index += 1) {
    const number = String(index);
    if (index <= objectiveCount) {
      if (index % 9 === 0) questions.push({ number, type: 'judge', fullMarks: 2 });
      else if (index % 7 === 0) questions.push({ number, type: 'multiple', optionCount: 5, fullMarks: 5 });
      else if (index % 13 === 0) questions.push({ number, type: 'single', optionCount: 7, fullMarks: 3 });
      else questions.push({ number, type: 'single', optionCount: 4, fullMarks: 3 });
      continue;
    }
    const position = index - objectiveCount;
    const isEssay = count >= 40 && index === count;
    const kind: SubjectiveKind = isEssay ? 'essay' : position % 3 === 0 ? 'answer' : 'fill';
    const question: ExamQuestion = {
      number,
      type: 'subjective',
      fullMarks: isEssay ? 60 : kind === 'answer' ? 12 : 4,
      subjectiveKind: kind,
    };
    // Every fifth subjective question shares a 题块 with the one before it.
    if (position % 5 === 0) {
      const previous = questions.at(-1)!;
      if (previous.type === 'subjective' && previous.subjectiveKind !== 'essay') {
        previous.blockId = `k${position}`;
        question.blockId = `k${position}`;
      }
    }
    questions.push(question);
  }
  return questions;
}

/** Every region of one kind with the page it is on. */
export function regionsOf<K extends Region['kind']>(template: AnswerCardTemplate, kind: K) {
  return template.pages.flatMap((page) =>
    page.regions
      .filter((region): region is Extract<Region, { kind: K }> => region.kind === kind)
      .map((region) => ({ page, region })),
  );
}
