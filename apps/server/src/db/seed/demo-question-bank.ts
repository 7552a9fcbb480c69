// Seeds the team's demo question bank (issue #6): per course its knowledge tree, its textbook
// (edition → volumes → chapters → sections) and its questions, linked to both trees. Idempotent:
// trees upsert by path and questions by `demo:<course>:<key>`, so a second run changes nothing new.
import {
  importQuestionDrafts,
  importTree,
  NODE_KIND,
  PATH_SEPARATOR,
  type QuestionDraft,
} from '../../modules/question-bank/index.ts';
import type { Db } from '../../platform/db.ts';
import type { DemoCourseBank } from './demo-questions/format.ts';

export interface DemoBankSummary {
  courses: number;
  questions: number;
  knowledgeLinks: number;
  chapterLinks: number;
  unmatchedPaths: number;
}

export async function seedDemoQuestionBank(db: Db, banks: DemoCourseBank[]): Promise<DemoBankSummary> {
  const summary: DemoBankSummary = { courses: 0, questions: 0, knowledgeLinks: 0, chapterLinks: 0, unmatchedPaths: 0 };
  for (const bank of banks) {
    await importTree(db, bank.course, NODE_KIND.knowledge, bank.knowledgeTree);
    await importTree(db, bank.course, NODE_KIND.chapter, [
      { name: bank.textbook.edition, children: bank.textbook.volumes },
    ]);
    const drafts: QuestionDraft[] = bank.questions.map((q) => ({
      sourceKey: `demo:${bank.course}:${q.key}`,
      origin: 'demo',
      courseName: bank.course,
      typeName: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options ?? null,
      answer: q.answer,
      explanation: q.explanation,
      year: q.year,
      areaName: q.area,
      gradeId: q.grade,
      paperTypeName: q.paperType,
      sourcePaper: null,
      score: null,
      knowledgePaths: q.knowledgePoints,
      chapterPaths: q.chapters.map((c) => `${bank.textbook.edition}${PATH_SEPARATOR}${c}`),
    }));
    const written = await importQuestionDrafts(db, drafts);
    summary.courses++;
    summary.questions += written.questions;
    summary.knowledgeLinks += written.knowledgeLinks;
    summary.chapterLinks += written.chapterLinks;
    summary.unmatchedPaths += written.unmatchedPaths;
  }
  return summary;
}
