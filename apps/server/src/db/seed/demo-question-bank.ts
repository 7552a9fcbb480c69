// Seeds the team's demo question bank (issue #6): per course its knowledge tree, its textbook
// (edition → volumes → chapters → sections) and its questions, linked to both trees. Idempotent:
// trees upsert by path and questions by `demo:<course>:<key>`, so a second run changes nothing new.
// A start whose database already holds every demo question skips the import and the statistics
// refresh (a VACUUM of the question tables), which cost every start seconds on a large bank.
import { sql } from 'drizzle-orm';
import {
  importQuestionDrafts,
  importTree,
  NODE_KIND,
  PATH_SEPARATOR,
  type QuestionDraft,
  refreshSearchStatistics,
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
  const wanted = banks.reduce((sum, bank) => sum + bank.questions.length, 0);
  const stored = (await db.execute(
    sql`select count(*)::int as n from qb_questions where origin = 'demo'`,
  )) as unknown as {
    rows: { n: number }[];
  };
  if (stored.rows[0]!.n === wanted) return summary;
  for (const bank of banks) {
    await importTree(db, bank.course, NODE_KIND.knowledge, bank.knowledgeTree);
    await importTree(db, bank.course, NODE_KIND.chapter, [
      { name: bank.textbook.edition, children: bank.textbook.volumes },
    ]);
    const papers = demoPapersOf(bank);
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
      sourcePaper: papers.get(q.key)?.title ?? null,
      score: papers.get(q.key)?.score ?? null,
      knowledgePaths: q.knowledgePoints,
      chapterPaths: q.chapters.map((c) => `${bank.textbook.edition}${PATH_SEPARATOR}${c}`),
      paper: papers.get(q.key)?.paper,
    }));
    const written = await importQuestionDrafts(db, drafts);
    summary.courses++;
    summary.questions += written.questions;
    summary.knowledgeLinks += written.knowledgeLinks;
    summary.chapterLinks += written.chapterLinks;
    summary.unmatchedPaths += written.unmatchedPaths;
  }
  await refreshSearchStatistics(db);
  return summary;
}

const GRADE_NAMES: Record<number, string> = { 7: '七年级', 8: '八年级', 9: '九年级' };
/** Sections of a demo paper in the order a Chinese paper lists them. */
const SECTION_ORDER = ['单选题', '多选题', '判断题', '填空题', '阅读理解', '计算题', '实验题', '解答题', '作文'];
const SCORE_OF: Record<string, number> = { 单选题: 3, 多选题: 3, 判断题: 2, 填空题: 4, 作文: 40 };

/**
 * One demo paper per course and grade (e.g. 七年级数学综合练习（示例）) holding that grade's demo
 * questions, sectioned by type, so the paper library has content on a fresh start too.
 */
function demoPapersOf(bank: DemoCourseBank) {
  const byQuestion = new Map<
    string,
    { title: string; score: number; paper: { sourceKey: string; title: string; section: string; order: number } }
  >();
  for (const grade of [7, 8, 9] as const) {
    const title = `${GRADE_NAMES[grade]}${bank.course}综合练习（示例）`;
    const questions = bank.questions
      .filter((q) => q.grade === grade)
      .sort((a, b) => SECTION_ORDER.indexOf(a.type) - SECTION_ORDER.indexOf(b.type) || a.key.localeCompare(b.key));
    questions.forEach((q, index) => {
      byQuestion.set(q.key, {
        title,
        score: SCORE_OF[q.type] ?? 10,
        paper: { sourceKey: `demo-paper:${bank.course}:${grade}`, title, section: q.type, order: index + 1 },
      });
    });
  }
  return byQuestion;
}
