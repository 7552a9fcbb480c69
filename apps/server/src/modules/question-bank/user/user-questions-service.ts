import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { assertReadable } from '../access.ts';
import * as questions from '../search/questions-repo.ts';
import { assertCaller, rowId } from './user-owner.ts';
import * as repo from './user-questions-repo.ts';

// userquestions (spec §7): a teacher's own use status of bank questions (0 未使用, 1 已使用), so
// the teacher can see which questions they have already given. No row means 0.

interface Owner {
  userId: string;
  schoolId: string;
}

export function createUserQuestionsService(db: Db) {
  async function readable(actor: Actor, quesId: string) {
    const id = rowId(quesId, '试题不存在');
    const [row] = await questions.accessOf(db, [id], actor);
    assertReadable(actor, row, '试题');
    return id;
  }

  return {
    async getUserQuestions(
      actor: Actor,
      params: Owner & { courseId?: string; useStatus?: number; pageIndex: number; limit: number },
    ) {
      assertCaller(actor, params);
      const page = await repo.findPage(db, actor, params);
      const list = await questions.questionsByIds(
        db,
        page.rows.map((r) => r.questionId),
      );
      const byId = new Map(page.rows.map((r) => [String(r.questionId), r]));
      return {
        list: list.map((question) => {
          const row = byId.get(question.quesId)!;
          return { question, useStatus: row.useStatus, updatedAt: row.updatedAt.toISOString() };
        }),
        total: page.total,
        pageIndex: params.pageIndex,
        limit: params.limit,
      };
    },

    async getUserQuestionDetail(actor: Actor, params: Owner & { quesId: string }) {
      assertCaller(actor, params);
      const id = await readable(actor, params.quesId);
      const [question] = await questions.questionsByIds(db, [id]);
      const status = await repo.statusOf(db, actor.userId, id);
      return {
        question: question!,
        useStatus: status?.useStatus ?? 0,
        updatedAt: status?.updatedAt.toISOString() ?? null,
      };
    },

    async updateStatus(actor: Actor, params: Owner & { quesId: string; useStatus: number }) {
      assertCaller(actor, params);
      const id = await readable(actor, params.quesId);
      await repo.upsertStatus(db, actor.userId, id, params.useStatus);
      return { quesId: String(id), useStatus: params.useStatus };
    },
  };
}
