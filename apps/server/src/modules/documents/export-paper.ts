import { type Question, sectionHeading, type UserPaperDetail } from '@huikao/contracts';
import { sumScores } from '@huikao/stats';

// The user paper as the export prints it: the editor's copy of each question over the bank's
// (inline edits never touch the bank), questions numbered 1, 2, 3… across sections, and each
// section's heading with its counts and scores as Chinese papers write it. Pure.

export interface ExportQuestion {
  quesId: string;
  questionTypeName: string;
  number: number;
  score: number;
  stem: string;
  /** Choice questions' option texts in order A, B, C…; empty otherwise. */
  options: string[];
  answer: string;
  explanation: string;
  /** Millimetres left blank for the answer (null: the type's usual space). */
  answerHeightMm: number | null;
}

export interface ExportSection {
  /** 一、选择题（本题共5小题，每小题4分，共20分） */
  heading: string;
  totalScore: number;
  questions: ExportQuestion[];
}

export interface ExportPaper {
  title: string;
  subtitle: string;
  notes: string;
  layout: UserPaperDetail['paper']['layout'];
  sections: ExportSection[];
  questionCount: number;
  totalScore: number;
}

/**
 * From the saved paper and its readable questions. A question no longer in the bank (or no longer
 * readable) is left out, as userpapers/detail leaves it out, and the totals count what is printed.
 */
export function exportPaperOf(detail: UserPaperDetail): ExportPaper {
  const bank = new Map<string, Question>(detail.questions.map((q) => [q.quesId, q]));
  let number = 0;
  const sections: ExportSection[] = [];
  for (const section of detail.paper.sections) {
    const questions: ExportQuestion[] = [];
    for (const entry of section.questions) {
      const question = bank.get(entry.quesId);
      if (!question) continue;
      const edited = entry.edited ?? {};
      number += 1;
      questions.push({
        quesId: entry.quesId,
        questionTypeName: question.questionTypeName,
        number,
        score: entry.score,
        stem: edited.stem ?? question.stem,
        options: edited.options ?? question.options ?? [],
        answer: edited.answer ?? question.answer,
        explanation: edited.explanation ?? question.explanation,
        answerHeightMm: entry.answerHeightMm,
      });
    }
    if (questions.length === 0) continue;
    const scores = questions.map((q) => q.score);
    sections.push({
      heading: sectionHeading(sections.length, section.title, scores),
      totalScore: sumScores(scores),
      questions,
    });
  }
  return {
    title: detail.paper.title,
    subtitle: detail.paper.subtitle,
    notes: detail.paper.notes,
    layout: detail.paper.layout,
    sections,
    questionCount: number,
    totalScore: sumScores(sections.map((s) => s.totalScore)),
  };
}
