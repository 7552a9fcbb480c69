import {
  type BankQuestionDraftInput,
  type BankQuestionInput,
  bankQuestionInputSchema,
  type ImportedQuestion,
  type Question,
  type QuestionImportPreview,
} from '@huikao/contracts';

// The questions of an import preview as the teacher corrects them before saving, and the same
// form for editing one school or own question. Checked with the server's own schema; the server
// checks the course's rules (type, tree nodes, option letters) again on saving.

export interface DraftQuestion {
  key: string;
  no: number;
  rowNo: number | null;
  section: string | null;
  questionTypeId: string | null;
  difficulty: number;
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
  knowledgePointIds: string[];
  chapterIds: string[];
  year: number | null;
  gradeId: string | null;
  score: number | null;
  /** What the importer noticed (a dropped picture, no answer found). */
  notes: string[];
  /** The preview's problems; cleared once the teacher changes the question. */
  errors: string[];
  /** Saved with the others; a question with problems starts left out. */
  include: boolean;
}

export type DraftChange = Partial<
  Pick<
    DraftQuestion,
    | 'questionTypeId'
    | 'difficulty'
    | 'stem'
    | 'options'
    | 'answer'
    | 'explanation'
    | 'knowledgePointIds'
    | 'score'
    | 'include'
  >
>;

export function draftOf(question: ImportedQuestion): DraftQuestion {
  return {
    key: `${question.no}:${question.rowNo ?? ''}`,
    no: question.no,
    rowNo: question.rowNo,
    section: question.section,
    questionTypeId: question.questionTypeId,
    difficulty: question.difficulty,
    stem: question.stem,
    options: question.options,
    answer: question.answer,
    explanation: question.explanation,
    knowledgePointIds: question.knowledgePoints.map((point) => point.id),
    chapterIds: question.chapters.map((chapter) => chapter.id),
    year: question.year,
    gradeId: question.gradeId,
    score: question.score,
    notes: question.notes,
    errors: question.errors,
    include: question.errors.length === 0,
  };
}

export const draftsOf = (preview: QuestionImportPreview) => preview.questions.map(draftOf);

/** A bank question in the edit form. */
export function draftOfQuestion(question: Question): DraftQuestion {
  return {
    key: question.quesId,
    no: 1,
    rowNo: null,
    section: null,
    questionTypeId: question.questionTypeId,
    difficulty: Number(question.diffGradeId),
    stem: question.stem,
    options: question.options ?? [],
    answer: question.answer === 'T' ? '正确' : question.answer === 'F' ? '错误' : question.answer,
    explanation: question.explanation,
    knowledgePointIds: question.knowledgePoints.map((point) => point.id),
    chapterIds: question.chapters.map((chapter) => chapter.id),
    year: question.year,
    gradeId: question.gradeId,
    score: question.score,
    notes: [],
    errors: [],
    include: true,
  };
}

/** A change by the teacher: the preview's problems no longer describe the question. */
export function changeDraft(draft: DraftQuestion, change: DraftChange): DraftQuestion {
  const content = Object.keys(change).some((key) => key !== 'include');
  return { ...draft, ...change, errors: content ? [] : draft.errors };
}

export function inputOf(draft: DraftQuestion): BankQuestionDraftInput {
  return {
    questionTypeId: draft.questionTypeId ?? '',
    difficulty: draft.difficulty,
    stem: draft.stem,
    options: draft.options,
    answer: draft.answer,
    explanation: draft.explanation,
    knowledgePointIds: draft.knowledgePointIds,
    chapterIds: draft.chapterIds,
    year: draft.year,
    gradeId: draft.gradeId,
    score: draft.score,
    section: draft.section ?? undefined,
  };
}

/** The schema's first problem with the draft, in the server's words; null when it may be saved. */
export function draftProblem(draft: DraftQuestion): string | null {
  if (draft.errors.length > 0) return draft.errors[0]!;
  const parsed = bankQuestionInputSchema.safeParse(inputOf(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '试题内容不正确');
}

/** The included drafts ready to send, or the first problem named by its question. */
export function draftsToSave(
  drafts: DraftQuestion[],
): { inputs: BankQuestionInput[]; problem: null } | { inputs: null; problem: string } {
  const included = drafts.filter((draft) => draft.include);
  if (included.length === 0) return { inputs: null, problem: '没有要导入的试题：请勾选要导入的试题' };
  for (const draft of included) {
    const problem = draftProblem(draft);
    if (problem) return { inputs: null, problem: `第 ${draft.no} 题：${problem}` };
  }
  return { inputs: included.map((draft) => bankQuestionInputSchema.parse(inputOf(draft))), problem: null };
}
