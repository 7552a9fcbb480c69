import type { Question } from '@huikao/contracts';
import type { EditorPaper, EditorQuestion, EditorSection, PaperLayout, QuestionEdit } from './editor-model.ts';

// Every change the editor makes to its paper, as a reducer (useReducer in the page). Pure.

export type EditorAction =
  | { type: 'replace'; paper: EditorPaper }
  | { type: 'setText'; field: 'title' | 'subtitle' | 'notes'; value: string }
  | { type: 'setLayout'; layout: Partial<PaperLayout> }
  | { type: 'renameSection'; key: string; title: string }
  | { type: 'removeSection'; key: string }
  | { type: 'moveSection'; key: string; toIndex: number }
  | { type: 'moveQuestion'; quesId: string; toSection: string; toIndex: number }
  | { type: 'removeQuestion'; quesId: string }
  | { type: 'setScore'; quesId: string; score: number }
  | { type: 'setSectionScores'; key: string; score: number }
  | { type: 'setAnswerHeight'; quesId: string; heightMm: number | null }
  | { type: 'editQuestion'; quesId: string; edited: QuestionEdit };

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

const mapQuestion = (paper: EditorPaper, quesId: string, change: (q: EditorQuestion) => EditorQuestion) => ({
  ...paper,
  sections: paper.sections.map((section) =>
    section.questions.some((q) => q.quesId === quesId)
      ? { ...section, questions: section.questions.map((q) => (q.quesId === quesId ? change(q) : q)) }
      : section,
  ),
});

const mapSection = (paper: EditorPaper, key: string, change: (s: EditorSection) => EditorSection) => ({
  ...paper,
  sections: paper.sections.map((section) => (section.key === key ? change(section) : section)),
});

/** The edit without what equals the bank's text; null when nothing is left. */
export function normaliseEdit(bank: Question, edit: QuestionEdit): QuestionEdit | null {
  const kept: QuestionEdit = {};
  if (edit.stem !== undefined && edit.stem !== bank.stem) kept.stem = edit.stem;
  if (edit.answer !== undefined && edit.answer !== bank.answer) kept.answer = edit.answer;
  if (edit.explanation !== undefined && edit.explanation !== bank.explanation) kept.explanation = edit.explanation;
  if (edit.options !== undefined && JSON.stringify(edit.options) !== JSON.stringify(bank.options ?? [])) {
    kept.options = edit.options;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/** Where a question is: its section's key and its index there. */
export function locate(paper: EditorPaper, quesId: string): { key: string; index: number } | null {
  for (const section of paper.sections) {
    const index = section.questions.findIndex((q) => q.quesId === quesId);
    if (index >= 0) return { key: section.key, index };
  }
  return null;
}

export function editorReducer(paper: EditorPaper, action: EditorAction): EditorPaper {
  switch (action.type) {
    case 'replace':
      return action.paper;
    case 'setText':
      return { ...paper, [action.field]: action.value };
    case 'setLayout': {
      const layout = { ...paper.layout, ...action.layout };
      // A3 is printed landscape in two columns; A4 in one.
      if (action.layout.paperSize) layout.columns = action.layout.paperSize === 'A3' ? 2 : 1;
      return { ...paper, layout };
    }
    case 'renameSection':
      return mapSection(paper, action.key, (s) => ({ ...s, title: action.title }));
    case 'removeSection':
      return { ...paper, sections: paper.sections.filter((s) => s.key !== action.key) };
    case 'moveSection': {
      const from = paper.sections.findIndex((s) => s.key === action.key);
      if (from < 0) return paper;
      return { ...paper, sections: move(paper.sections, from, action.toIndex) };
    }
    case 'moveQuestion': {
      const at = locate(paper, action.quesId);
      if (!at || !paper.sections.some((s) => s.key === action.toSection)) return paper;
      if (at.key === action.toSection) {
        return mapSection(paper, at.key, (s) => ({ ...s, questions: move(s.questions, at.index, action.toIndex) }));
      }
      const moving = paper.sections.find((s) => s.key === at.key)!.questions[at.index]!;
      return {
        ...paper,
        sections: paper.sections.map((section) => {
          if (section.key === at.key) return { ...section, questions: section.questions.filter((q) => q !== moving) };
          if (section.key !== action.toSection) return section;
          const questions = [...section.questions];
          questions.splice(Math.max(0, Math.min(action.toIndex, questions.length)), 0, moving);
          return { ...section, questions };
        }),
      };
    }
    case 'removeQuestion':
      return {
        ...paper,
        sections: paper.sections.map((s) => ({
          ...s,
          questions: s.questions.filter((q) => q.quesId !== action.quesId),
        })),
      };
    case 'setScore':
      return mapQuestion(paper, action.quesId, (q) => ({ ...q, score: action.score }));
    case 'setSectionScores':
      return mapSection(paper, action.key, (s) => ({
        ...s,
        questions: s.questions.map((q) => ({ ...q, score: action.score })),
      }));
    case 'setAnswerHeight':
      return mapQuestion(paper, action.quesId, (q) => ({ ...q, answerHeightMm: action.heightMm }));
    case 'editQuestion':
      return mapQuestion(paper, action.quesId, (q) => ({ ...q, edited: normaliseEdit(q.question, action.edited) }));
  }
}
