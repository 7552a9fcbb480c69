import type { PaperDetail, PaperFilter, PaperSummary } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertOwnSchoolFilter, assertPaperReadable } from '../access.ts';
import * as papers from './papers-repo.ts';
import { accessOf, questionsByIds } from './questions-repo.ts';
import { keywordQuery } from './search-query.ts';

// papers/get, papers/get/ids and papers/detail.

export function createPapersService(db: Db) {
  return {
    async getPapers(actor: Actor, filter: PaperFilter) {
      assertOwnSchoolFilter(actor, filter.schoolId);
      const keyword = keywordQuery(filter.keyword);
      const where = papers.paperConditions(filter, actor.schoolId, keyword);
      const page = await papers.findPaperPage(db, where, filter.orderId, keyword, filter);
      return {
        list: await papers.paperSummaries(db, page.ids),
        total: page.total,
        currentPage: filter.currentPage,
        pageSize: filter.pageSize,
      };
    },

    async getPapersByIds(actor: Actor, rawIds: string[]): Promise<PaperSummary[]> {
      const ids = [...new Set(rawIds.map(Number).filter(Number.isSafeInteger))];
      const rows = await papers.paperAccess(db, ids);
      for (const row of rows) assertPaperReadable(actor, row);
      return papers.paperSummaries(db, ids);
    },

    /**
     * A paper with the questions the actor may read: a question withdrawn from the school bank (or
     * otherwise unreadable) since the paper was published is left out, a section left without
     * questions is left out, and the count and total are of what is shown.
     */
    async getPaperDetail(actor: Actor, paperId: string): Promise<PaperDetail> {
      const id = Number(paperId);
      if (!Number.isSafeInteger(id)) throw notFound('试卷不存在');
      const [row] = await papers.paperAccess(db, [id]);
      assertPaperReadable(actor, row);
      const [summary] = await papers.paperSummaries(db, [id]);
      const layout = await papers.paperLayout(db, id);
      const ids = layout.flatMap((s) => s.questions.map((q) => q.questionId));
      const readable = new Set((await accessOf(db, ids, actor)).filter((r) => r.readable).map((r) => r.id));
      const questions = await questionsByIds(
        db,
        ids.filter((questionId) => readable.has(questionId)),
      );
      const byId = new Map(questions.map((q) => [q.quesId, q]));
      const sections = layout
        .map((section) => ({
          title: section.title,
          questions: section.questions.flatMap((q) => {
            const question = byId.get(String(q.questionId));
            return question ? [{ score: q.score, question }] : [];
          }),
        }))
        .filter((section) => section.questions.length > 0);
      const shown = sections.flatMap((section) => section.questions);
      const cents = shown.reduce((sum, q) => sum + Math.round((q.score ?? 0) * 100), 0);
      return { ...summary!, questionCount: shown.length, totalScore: cents / 100, sections };
    },
  };
}
