import type { ExamQuestion, QuestionGroup, QuestionInput } from '@huikao/contracts';
import { normaliseChoice, sumScores } from '@huikao/stats';

// The 题目结构与答案 editor's model (issue #4 item 1): groups (大题) and questions as the editor holds
// them, the quick add, the sum of full marks and what the save sends. Pure, tested beside it.

export interface GroupDraft {
  /** An existing group's groupId, or a new one's local key. */
  key: string;
  name: string;
}

export interface QuestionDraft {
  /** Stable row key for the editor. */
  rowKey: string;
  questionId?: string;
  groupKey: string | null;
  questionNo: string;
  /** 1 客观题, 2 主观题. */
  kind: number;
  /** 1 单选, 2 多选, 3 判断 (objective only). */
  objectiveType: number | null;
  optionCount: number | null;
  answer: string;
  fullMark: number | null;
  partialMark: number | null;
  knowledgePoints: string[];
}

export interface StructureDraft {
  groups: GroupDraft[];
  questions: QuestionDraft[];
}

let localKeys = 0;
/** A key for a row or group made in the browser, never one of the server's numeric ids. */
export const newLocalKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++localKeys}`;

export function structureFromServer(
  groups: readonly QuestionGroup[],
  questions: readonly ExamQuestion[],
): StructureDraft {
  return {
    groups: [...groups].sort((a, b) => a.sortOrder - b.sortOrder).map((g) => ({ key: g.groupId, name: g.name })),
    questions: [...questions]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((q) => ({
        rowKey: q.questionId,
        questionId: q.questionId,
        groupKey: q.groupId,
        questionNo: q.questionNo,
        kind: q.kind,
        objectiveType: q.kind === 1 ? (q.objectiveType ?? 1) : null,
        optionCount: q.kind === 1 && q.objectiveType !== 3 ? (q.optionCount ?? 4) : null,
        answer: q.answer ?? '',
        fullMark: q.fullMark,
        partialMark: q.partialMark,
        knowledgePoints: q.knowledgePoints,
      })),
  };
}

export interface QuickAdd {
  count: number;
  /** 1 单选, 2 多选, 3 判断, or 'subjective'. */
  type: 1 | 2 | 3 | 'subjective';
  fullMark: number;
  optionCount?: number;
  partialMark?: number | null;
  groupKey: string | null;
}

/** The next question number: one more than the highest numeric 题号 so far. */
export function nextQuestionNo(questions: readonly QuestionDraft[]): number {
  const numbers = questions.map((q) => Number.parseInt(q.questionNo, 10)).filter(Number.isFinite);
  return numbers.length > 0 ? Math.max(...numbers) + 1 : 1;
}

/** 「n 道单选题，每题 m 分」: n new questions numbered on from the last one. */
export function quickAddQuestions(questions: readonly QuestionDraft[], add: QuickAdd): QuestionDraft[] {
  const first = nextQuestionNo(questions);
  const objectiveType = add.type === 'subjective' ? null : add.type;
  const objective = objectiveType !== null;
  return Array.from({ length: add.count }, (_unused, index) => ({
    rowKey: newLocalKey('q'),
    groupKey: add.groupKey,
    questionNo: String(first + index),
    kind: objective ? 1 : 2,
    objectiveType,
    optionCount: objective && add.type !== 3 ? (add.optionCount ?? 4) : null,
    answer: '',
    fullMark: add.fullMark,
    partialMark: add.type === 2 ? (add.partialMark ?? null) : null,
    knowledgePoints: [],
  }));
}

/** The sum of the questions' full marks (shown against the subject's full mark). */
export function structureFullMark(questions: readonly QuestionDraft[]): number {
  return sumScores(questions.map((q) => q.fullMark ?? 0));
}

/** What is wrong with one question, in Chinese; empty when it can be saved. */
export function questionProblems(question: QuestionDraft, all: readonly QuestionDraft[]): string[] {
  const problems: string[] = [];
  const no = question.questionNo.trim();
  if (no === '') problems.push('请输入题号');
  else if (all.some((other) => other !== question && other.questionNo.trim() === no)) problems.push(`题号 ${no} 重复`);
  if (question.fullMark === null || !(question.fullMark > 0)) problems.push('满分必须大于0');
  if (question.kind === 1) {
    const type = question.objectiveType ?? 1;
    if (question.answer.trim() !== '') {
      const checked = normaliseChoice(type, question.optionCount, question.answer);
      if ('error' in checked) problems.push(`答案${checked.error.replace(/^选项/, '')}`);
    }
    if (type === 2 && question.partialMark !== null && question.fullMark !== null) {
      if (question.partialMark < 0) problems.push('少选得分不能为负数');
      else if (question.partialMark >= question.fullMark) problems.push('少选得分应小于满分');
    }
  }
  return problems;
}

/** The saveOrUpdateExamQuestionAndGroup parameters (without schoolId and seId). */
export function structureSaveParams(draft: StructureDraft): { groups: GroupDraft[]; questions: QuestionInput[] } {
  const usedGroups = new Set(draft.groups.map((g) => g.key));
  return {
    groups: draft.groups.map((g) => ({ key: g.key, name: g.name.trim() })),
    questions: draft.questions.map((q) => {
      const objective = q.kind === 1;
      const type = objective ? (q.objectiveType ?? 1) : null;
      const answer = objective && q.answer.trim() !== '' ? normaliseChoice(type ?? 1, q.optionCount, q.answer) : null;
      return {
        ...(q.questionId ? { questionId: q.questionId } : {}),
        ...(q.groupKey && usedGroups.has(q.groupKey) ? { groupKey: q.groupKey } : {}),
        questionNo: q.questionNo.trim(),
        kind: q.kind,
        objectiveType: type,
        optionCount: objective && type !== 3 ? q.optionCount : null,
        answer: answer && 'choice' in answer ? answer.choice : null,
        fullMark: q.fullMark ?? 0,
        partialMark: type === 2 ? q.partialMark : null,
        knowledgePoints: q.knowledgePoints,
      };
    }),
  };
}
