import { createHash } from 'node:crypto';
import type { ExamQuestion as CardQuestion, SubjectiveKind } from '@huikao/answer-card';
import type { ExamQuestion, QuestionGroup } from '@huikao/contracts';

// The exam's question structure (exams' findExamQuestionsBySeId shape) as the answer card reads
// it: objective questions by type and option count, subjective ones as boxes whose default height
// follows their marks and kind (填空 / 解答 / 作文, told by the 大题's name). 题块 (several
// questions marked in one box) come with online marking (#10); until then each subjective question
// is its own box.

const OBJECTIVE = { 1: 'single', 2: 'multiple', 3: 'judge' } as const;

export function subjectiveKindOf(groupName: string | undefined): SubjectiveKind {
  if (!groupName) return 'answer';
  if (/作文|写作/.test(groupName)) return 'essay';
  if (/填空/.test(groupName)) return 'fill';
  return 'answer';
}

export function cardQuestions(questions: readonly ExamQuestion[], groups: readonly QuestionGroup[]): CardQuestion[] {
  const groupName = new Map(groups.map((g) => [g.groupId, g.name]));
  return questions.map((q): CardQuestion => {
    const type = q.kind === 1 ? OBJECTIVE[q.objectiveType as 1 | 2 | 3] : undefined;
    if (type) {
      return type === 'judge'
        ? { number: q.questionNo, type, fullMarks: q.fullMark }
        : { number: q.questionNo, type, optionCount: q.optionCount ?? 4, fullMarks: q.fullMark };
    }
    return {
      number: q.questionNo,
      type: 'subjective',
      fullMarks: q.fullMark,
      subjectiveKind: subjectiveKindOf(q.groupId === null ? undefined : groupName.get(q.groupId)),
    };
  });
}

/** A digest of what the card is laid out from: a changed structure changes it. */
export function questionsStamp(questions: readonly CardQuestion[]): string {
  return createHash('sha256').update(JSON.stringify(questions)).digest('hex').slice(0, 32);
}
