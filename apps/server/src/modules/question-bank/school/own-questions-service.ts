import type { BankQuestionInput, OwnQuestionPage, SchoolQuestion } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { questionsByIds } from '../search/questions-repo.ts';
import { keywordQuery } from '../search/search-query.ts';
import { assertCaller } from '../user/user-owner.ts';
import { checkInput, loadCatalogue } from './question-input-check.ts';
import { ownQuestion } from './school-access.ts';
import * as repo from './school-questions-repo.ts';
import { questionTokens, withStatus } from './school-questions-service.ts';

// userquestions/own: the questions a teacher imported for themselves (origin 'user'). Only their
// owner lists, edits or deletes them; no other listing shows them.

interface Owner {
  userId: string;
  schoolId: string;
}

export function createOwnQuestionsService(db: Db) {
  async function owned(actor: Actor, rawIds: string[]) {
    const ids = [...new Set(rawIds.map((id) => idOf(id, '试题')))];
    const states = new Map((await repo.questionStates(db, ids)).map((s) => [s.id, s]));
    return ids.map((id) => ownQuestion(actor, states.get(id)));
  }

  return {
    async getOwnQuestions(
      actor: Actor,
      p: Owner & { courseId?: string; keyword?: string; pageIndex: number; limit: number },
    ): Promise<OwnQuestionPage> {
      assertCaller(actor, p);
      const page = await repo.ownQuestionPage(
        db,
        {
          ownerId: actor.userId,
          courseId: p.courseId ? Number(p.courseId) : undefined,
          keyword: keywordQuery(p.keyword),
        },
        { currentPage: p.pageIndex, pageSize: p.limit },
      );
      return { list: await questionsByIds(db, page.ids), total: page.total, pageIndex: p.pageIndex, limit: p.limit };
    },

    async updateOwnQuestion(
      actor: Actor,
      p: Owner & { quesId: string; question: BankQuestionInput },
    ): Promise<SchoolQuestion> {
      assertCaller(actor, p);
      const [row] = await owned(actor, [p.quesId]);
      const checked = checkInput(await loadCatalogue(db, row!.courseId), p.question, '试题');
      const tokens = questionTokens(checked);
      await db.transaction((tx) => repo.updateQuestion(tx, row!.id, checked, tokens));
      const [question] = await withStatus(db, [row!.id]);
      return question!;
    },

    async deleteOwnQuestions(actor: Actor, p: Owner & { quesIds: string[] }) {
      assertCaller(actor, p);
      const rows = await owned(actor, p.quesIds);
      const deleted = await db.transaction((tx) =>
        repo.deleteQuestions(
          tx,
          rows.map((row) => row.id),
        ),
      );
      return { deleted };
    },
  };
}
