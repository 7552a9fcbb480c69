import type { Question, WisdomPaper } from '@huikao/contracts';

// The proposed paper of 智能组卷 as the page shows it: sections by question type in the requested
// order, and the swap of one question for a similar one of the same type not yet in the paper.

export interface WisdomSection {
  questionTypeId: string;
  name: string;
  questions: Question[];
}

export function sectionsOf(paper: WisdomPaper): WisdomSection[] {
  const sections: WisdomSection[] = [];
  for (const { section, question } of paper.questions) {
    let target = sections.find((s) => s.questionTypeId === section.questionTypeId);
    if (!target) {
      target = { questionTypeId: section.questionTypeId, name: section.name, questions: [] };
      sections.push(target);
    }
    target.questions.push(question);
  }
  return sections;
}

/** The first similar question of the same type that is not in the paper; null when there is none. */
export function replacementFor(sections: WisdomSection[], question: Question, similar: Question[]): Question | null {
  const inPaper = new Set(sections.flatMap((section) => section.questions.map((q) => q.quesId)));
  return (
    similar.find(
      (candidate) => candidate.questionTypeId === question.questionTypeId && !inPaper.has(candidate.quesId),
    ) ?? null
  );
}

/** The sections with `question` replaced by `replacement` in its place. */
export function swapQuestion(sections: WisdomSection[], question: Question, replacement: Question): WisdomSection[] {
  return sections.map((section) => ({
    ...section,
    questions: section.questions.map((q) => (q.quesId === question.quesId ? replacement : q)),
  }));
}

/** Mean difficulty (1 容易 … 5 困难) of the questions on screen, one decimal; null for none. */
export function averageDifficulty(sections: WisdomSection[]): number | null {
  const questions = sections.flatMap((section) => section.questions);
  if (questions.length === 0) return null;
  const sum = questions.reduce((total, q) => total + Number(q.diffGradeId), 0);
  return Math.round((sum / questions.length) * 10) / 10;
}
