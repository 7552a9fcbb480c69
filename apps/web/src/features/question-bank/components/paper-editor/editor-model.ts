import {
  type Basket,
  defaultAnswerHeightMm,
  type PaperDetail,
  type Question,
  type UserPaperDetail,
  type UserPaperInput,
} from '@huikao/contracts';
import { sumScores } from '@huikao/stats';

// The paper editor's state and every change to it, pure (a reducer): sections per question type,
// questions moved within and between sections, sections moved, scores per question and for a whole
// section, the inline edited copy of a question (the bank is never changed), its answer space in
// millimetres, title, subtitle, notes and layout. Totals are derived, never stored, so they are
// always right; the server computes them again on save.

export type QuestionEdit = NonNullable<UserPaperInput['sections'][number]['questions'][number]['edited']>;
export type PaperLayout = UserPaperInput['layout'];

export interface EditorQuestion {
  quesId: string;
  /** The bank's question, as read; the edited copy goes over it. */
  question: Question;
  score: number;
  /** Millimetres; null: the type's usual space (answerHeightOf). */
  answerHeightMm: number | null;
  edited: QuestionEdit | null;
}

export interface EditorSection {
  /** Stable across renames and moves (drag and drop ids). */
  key: string;
  title: string;
  questionTypeId: string | null;
  questions: EditorQuestion[];
}

export interface EditorPaper {
  title: string;
  subtitle: string;
  notes: string;
  courseId: string;
  gradeId?: string;
  paperTypeId?: string;
  layout: PaperLayout;
  sections: EditorSection[];
}

export const DEFAULT_LAYOUT: PaperLayout = { paperSize: 'A4', columns: 1, studentInfo: true, sealLine: false };
export const DEFAULT_NOTES =
  '1．答题前，考生务必将自己的姓名、班级、考号填写清楚。\n2．请将答案写在指定位置，超出答题区域书写的答案无效。';

/** Default score by the type's name: choice 3, fill-in 3, true/false 2, others (解答, 计算…) 10. */
export function defaultScoreOf(typeName: string): number {
  if (/选择|单选|多选/.test(typeName)) return 3;
  if (/填空/.test(typeName)) return 3;
  if (/判断/.test(typeName)) return 2;
  return 10;
}

const question = (q: Question, score?: number | null): EditorQuestion => ({
  quesId: q.quesId,
  question: q,
  score: score ?? defaultScoreOf(q.questionTypeName),
  answerHeightMm: defaultAnswerHeightMm(q.questionTypeName, (q.options ?? []).length > 0),
  edited: null,
});

/** The answer space printed under a question: its own, or the type's usual one when left empty. */
export function answerHeightOf(entry: EditorQuestion): number {
  const shown = shownQuestion(entry);
  return (
    entry.answerHeightMm ?? defaultAnswerHeightMm(entry.question.questionTypeName, (shown.options ?? []).length > 0)
  );
}

let nextKey = 0;
export const sectionKey = () => `section-${++nextKey}`;

/** From the basket: one section per question type, in the basket's order. */
export function paperFromBasket(basket: Basket, questions: readonly Question[], courseName: string): EditorPaper {
  const byId = new Map(questions.map((q) => [q.quesId, q]));
  const sections = basket.groups
    .map((group) => ({
      key: sectionKey(),
      title: group.name,
      questionTypeId: group.questionTypeId,
      questions: group.quesIds.flatMap((id) => (byId.has(id) ? [question(byId.get(id)!)] : [])),
    }))
    .filter((section) => section.questions.length > 0);
  return {
    title: `${courseName}组卷`,
    subtitle: '',
    notes: DEFAULT_NOTES,
    courseId: basket.courseId,
    layout: DEFAULT_LAYOUT,
    sections,
  };
}

/** From a paper of the library (编辑为我的试卷): its sections and scores. */
export function paperFromLibrary(paper: PaperDetail): EditorPaper {
  return {
    title: paper.title,
    subtitle: '',
    notes: DEFAULT_NOTES,
    courseId: paper.courseId,
    gradeId: paper.gradeId ?? undefined,
    paperTypeId: paper.paperTypeId ?? undefined,
    layout: DEFAULT_LAYOUT,
    sections: paper.sections.map((section) => ({
      key: sectionKey(),
      title: section.title,
      questionTypeId: section.questions[0]?.question.questionTypeId ?? null,
      questions: section.questions.map((entry) => question(entry.question, entry.score)),
    })),
  };
}

/** A saved user paper; a question no longer readable in the bank is left out (as the server does). */
export function paperFromUserPaper(detail: UserPaperDetail): EditorPaper {
  const byId = new Map(detail.questions.map((q) => [q.quesId, q]));
  const { paper } = detail;
  return {
    title: paper.title,
    subtitle: paper.subtitle,
    notes: paper.notes,
    courseId: detail.courseId ?? detail.questions[0]?.courseId ?? '',
    gradeId: detail.gradeId ?? undefined,
    paperTypeId: detail.paperTypeId ?? undefined,
    layout: { ...paper.layout, columns: paper.layout.columns === 2 ? 2 : 1 },
    sections: paper.sections.map((section) => ({
      key: sectionKey(),
      title: section.title,
      questionTypeId: section.questionTypeId,
      questions: section.questions.flatMap((entry) => {
        const bank = byId.get(entry.quesId);
        if (!bank) return [];
        return [
          {
            quesId: entry.quesId,
            question: bank,
            score: entry.score,
            answerHeightMm: entry.answerHeightMm,
            edited: entry.edited,
          },
        ];
      }),
    })),
  };
}

/** What userpapers add / update take. */
export function toPaperInput(paper: EditorPaper): UserPaperInput {
  return {
    title: paper.title.trim(),
    subtitle: paper.subtitle.trim(),
    notes: paper.notes.trim(),
    courseId: paper.courseId,
    gradeId: paper.gradeId,
    paperTypeId: paper.paperTypeId,
    layout: paper.layout,
    sections: paper.sections
      .filter((section) => section.questions.length > 0)
      .map((section) => ({
        title: section.title.trim() || '未命名大题',
        questionTypeId: section.questionTypeId ?? undefined,
        questions: section.questions.map((q) => ({
          quesId: q.quesId,
          score: q.score,
          answerHeightMm: q.answerHeightMm ?? undefined,
          edited: q.edited ?? undefined,
        })),
      })),
  };
}

/** The question as printed: the edited copy over the bank's. */
export function shownQuestion(entry: EditorQuestion): Pick<Question, 'stem' | 'options' | 'answer' | 'explanation'> {
  const edited = entry.edited ?? {};
  const options = edited.options ?? entry.question.options;
  return {
    stem: edited.stem ?? entry.question.stem,
    options: options && options.length > 0 ? options : null,
    answer: edited.answer ?? entry.question.answer,
    explanation: edited.explanation ?? entry.question.explanation,
  };
}

export const sectionTotal = (section: EditorSection) => sumScores(section.questions.map((q) => q.score));
export const paperTotal = (paper: EditorPaper) => sumScores(paper.sections.map(sectionTotal));
export const questionCount = (paper: EditorPaper) => paper.sections.reduce((n, s) => n + s.questions.length, 0);

/** Questions numbered 1, 2, 3… across sections, as printed. */
export function numbering(paper: EditorPaper): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const section of paper.sections) for (const q of section.questions) numbers.set(q.quesId, numbers.size + 1);
  return numbers;
}
