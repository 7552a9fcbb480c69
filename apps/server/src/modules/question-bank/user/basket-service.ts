import { BASKET_DUPLICATE_MESSAGE, BASKET_FULL_MESSAGE, BASKET_MAX, type Basket } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { assertReadable } from '../access.ts';
import { accessOf } from '../search/questions-repo.ts';
import * as repo from './basket-repo.ts';
import { rowId } from './user-owner.ts';

// The basket (spec §3, §5): per user and course, grouped by question type, at most 50 questions per
// course, no duplicates. Kept on the server so it survives a reload and follows the user. Every
// write takes the user's basket lock first, so two adds at 49 cannot both pass the count.

export function createBasketService(db: Db) {
  async function read(executor: Executor, actor: Actor, courseId: number): Promise<Basket> {
    const rows = await repo.basketRows(executor, actor, courseId);
    const groups: Basket['groups'] = [];
    for (const row of rows) {
      const typeId = String(row.questionTypeId);
      let group = groups.at(-1);
      if (group?.questionTypeId !== typeId) {
        group = { questionTypeId: typeId, name: row.typeName ?? '其他', quesIds: [], count: 0 };
        groups.push(group);
      }
      group.quesIds.push(String(row.questionId));
      group.count += 1;
    }
    return { courseId: String(courseId), total: rows.length, max: BASKET_MAX, groups };
  }

  /** The questions, readable by the actor, all of one course. */
  async function questionsToAdd(actor: Actor, ids: number[]) {
    const rows = await accessOf(db, ids, actor);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const found = ids.map((id) => {
      const row = byId.get(id);
      assertReadable(actor, row, '试题');
      return row!;
    });
    if (new Set(found.map((r) => r.courseId)).size > 1) throw badInput('一次只能添加同一学科的试题');
    return found;
  }

  return {
    getBasket(actor: Actor, courseId: string): Promise<Basket> {
      return read(db, actor, rowId(courseId, '学科不存在'));
    },

    async addToBasket(actor: Actor, quesId: string): Promise<Basket> {
      const [question] = await questionsToAdd(actor, [rowId(quesId, '试题不存在')]);
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        if ((await repo.inBasket(tx, actor.userId, [question!.id])).size > 0) {
          throw ruleBroken(BASKET_DUPLICATE_MESSAGE);
        }
        const current = await repo.basketRows(tx, actor, question!.courseId);
        if (current.length >= BASKET_MAX) throw ruleBroken(BASKET_FULL_MESSAGE);
        await repo.insertItems(tx, [
          {
            userId: actor.userId,
            courseId: question!.courseId,
            questionTypeId: question!.typeId,
            questionId: question!.id,
          },
        ]);
        return read(tx, actor, question!.courseId);
      });
    },

    /** Several at once (a paper's questions, a page of results): those already in are skipped. */
    async addManyToBasket(actor: Actor, quesIds: string[]): Promise<Basket> {
      const ids = [...new Set(quesIds.map((id) => rowId(id, `试题不存在：${id}`)))];
      const questions = await questionsToAdd(actor, ids);
      const courseId = questions[0]!.courseId;
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        const present = await repo.inBasket(tx, actor.userId, ids);
        const fresh = questions.filter((question) => !present.has(question.id));
        const current = await repo.basketRows(tx, actor, courseId);
        if (current.length + fresh.length > BASKET_MAX) throw ruleBroken(BASKET_FULL_MESSAGE);
        await repo.insertItems(
          tx,
          fresh.map((question) => ({
            userId: actor.userId,
            courseId,
            questionTypeId: question.typeId,
            questionId: question.id,
          })),
        );
        return read(tx, actor, courseId);
      });
    },

    async removeFromBasket(actor: Actor, quesId: string): Promise<Basket> {
      const questionId = rowId(quesId, '试题不存在');
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        const courseId = await repo.removeQuestion(tx, actor.userId, questionId);
        if (courseId === null) throw badInput('该试题不在试题篮中');
        return read(tx, actor, courseId);
      });
    },

    async removeBasketType(actor: Actor, courseId: string, questionTypeId: string): Promise<Basket> {
      const course = rowId(courseId, '学科不存在');
      const type = rowId(questionTypeId, '题型不存在');
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        await repo.removeGroup(tx, actor.userId, course, type);
        return read(tx, actor, course);
      });
    },

    async clearBasket(actor: Actor, courseId: string): Promise<Basket> {
      const course = rowId(courseId, '学科不存在');
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        await repo.removeGroup(tx, actor.userId, course);
        return read(tx, actor, course);
      });
    },

    /** Reorders one type group: the ids must be exactly that group's questions. */
    async sortBasket(actor: Actor, courseId: string, questionTypeId: string, quesIds: string[]): Promise<Basket> {
      const course = rowId(courseId, '学科不存在');
      const type = rowId(questionTypeId, '题型不存在');
      const order = quesIds.map(Number);
      return db.transaction(async (tx) => {
        await repo.lockBasket(tx, actor.userId);
        const rows = await repo.groupRows(tx, actor.userId, course, type);
        const held = new Set(rows.map((r) => r.questionId));
        if (new Set(order).size !== order.length || order.length !== held.size || !order.every((id) => held.has(id))) {
          throw badInput('排序的试题必须正好是该题型在试题篮中的全部试题，请刷新后重试');
        }
        const addedAt = new Map(rows.map((r) => [r.questionId, r.addedAt]));
        await repo.removeGroup(tx, actor.userId, course, type);
        await repo.insertItems(
          tx,
          order.map((questionId) => ({
            userId: actor.userId,
            courseId: course,
            questionTypeId: type,
            questionId,
            addedAt: addedAt.get(questionId),
          })),
        );
        return read(tx, actor, course);
      });
    },
  };
}
