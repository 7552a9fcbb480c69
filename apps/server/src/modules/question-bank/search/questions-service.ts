import type { Question, QuestionFilter, QuestionPage } from '@huikao/contracts';
import { documentTokens } from '@huikao/text-search';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertOwnSchoolFilter, assertReadable } from '../access.ts';
import * as repo from './questions-repo.ts';
import { anyTermQuery, keywordQuery } from './search-query.ts';
import * as search from './search-repo.ts';

// questions/get_fast, get/ids, detail and get_similar_question.

const SIMILAR_LIMIT = 10;

export function createQuestionsService(db: Db) {
  async function readable(actor: Actor, ids: number[]) {
    const rows = await repo.accessOf(db, ids, actor);
    for (const row of rows) assertReadable(actor, row, '试题');
    return rows;
  }

  return {
    async getFast(actor: Actor, filter: QuestionFilter): Promise<QuestionPage> {
      assertOwnSchoolFilter(actor, filter.schoolId);
      const keyword = keywordQuery(filter.keyword);
      const subtree = (id: string | undefined) => (id ? search.subtreeIds(db, Number(id)) : null);
      const nodes = {
        knowledge: await subtree(filter.knowledgePointId),
        chapter: await subtree(filter.tbCatalogNodesId),
      };
      const conditions = search.searchConditions(filter, actor.schoolId, nodes, keyword);
      const page = await search.findPage(db, conditions, filter.orderId, filter);
      return {
        list: await repo.questionsByIds(db, page.ids),
        total: page.total,
        totalCapped: page.capped,
        currentPage: filter.currentPage,
        pageSize: filter.pageSize,
      };
    },

    async getByIds(actor: Actor, params: { ids: string[]; courseId?: string }): Promise<Question[]> {
      const ids = [...new Set(params.ids.map(Number).filter(Number.isSafeInteger))];
      const rows = await readable(actor, ids);
      const wanted = new Set(
        rows.filter((r) => !params.courseId || r.courseId === Number(params.courseId)).map((r) => r.id),
      );
      return repo.questionsByIds(
        db,
        ids.filter((id) => wanted.has(id)),
      );
    },

    async getDetail(actor: Actor, quesId: string): Promise<Question> {
      const id = Number(quesId);
      if (!Number.isSafeInteger(id)) throw notFound('试题不存在');
      const [row] = await repo.accessOf(db, [id], actor);
      assertReadable(actor, row, '试题');
      const [question] = await repo.questionsByIds(db, [id]);
      return question!;
    },

    async getSimilar(actor: Actor, quesId: string): Promise<Question[]> {
      const id = Number(quesId);
      if (!Number.isSafeInteger(id)) throw notFound('试题不存在');
      const [row] = await repo.accessOf(db, [id], actor);
      assertReadable(actor, row, '试题');
      const stem = await repo.stemOf(db, id);
      const anyTerms = anyTermQuery(documentTokens(stem?.stem));
      const ids = await repo.similarIds(db, id, row.courseId, actor.schoolId, anyTerms, SIMILAR_LIMIT);
      return repo.questionsByIds(db, ids);
    },
  };
}
