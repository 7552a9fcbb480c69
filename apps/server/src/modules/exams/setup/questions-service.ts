import type { ExamQuestion, QuestionGroup } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import { type Db, type Executor, inTurn } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import {
  assertNotLocked,
  auditExam,
  type CallParams,
  idOf,
  ownSingleExam,
  raceToConflict,
  type SingleWithMulti,
} from '../access.ts';
import { rescoreSingleExam } from '../scores/rescore.ts';
import { lockStructure, type QuestionRow, questionsOf, scoreRowsOf } from '../scores/score-write-repo.ts';
import { checkMarkCovers, checkQuestion, checkUniqueNumbers } from './question-rules.ts';
import * as repo from './questions-repo.ts';

// The question structure and answer key of a single exam. Changing a key, a full or partial mark,
// or deleting questions re-scores every stored paper in the same transaction (rescore.ts), with
// the question-record audit: source 'key' for key and mark changes, 'question' for deletions.

/** The questions of the request, each the single exam's own (404 none, 403 another school's). */
function ownQuestions(single: SingleWithMulti, rows: QuestionRow[], ids: number[]): QuestionRow[] {
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`题目不存在或已删除（questionId ${id}）`);
    if (row.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
    if (row.singleExamId !== single.id)
      throw badInput(`题目（questionId ${id}）不属于该科目考试`, { field: 'questions' });
    return row;
  });
}

/** A single exam's 大题 and questions in paper order (the answer card is generated from them). */
export async function examStructureOf(
  ex: Executor,
  seId: number,
): Promise<{ groups: QuestionGroup[]; questions: ExamQuestion[] }> {
  const [groups, questions] = await inTurn([() => repo.groupsOf(ex, seId), () => questionsOf(ex, seId)]);
  return { groups: groups.map(repo.toGroup), questions: questions.map(repo.toQuestion) };
}

export function createQuestionsService(db: Db) {
  const rescoreContext = (actor: Actor, single: SingleWithMulti, source: string, reason: string) => ({
    schoolId: single.schoolId,
    singleExamId: single.id,
    changedBy: actor.userId,
    source,
    reason,
  });

  async function structure(
    ex: Executor,
    seId: number,
  ): Promise<{ groups: QuestionGroup[]; questions: ExamQuestion[] }> {
    const [groups, questions] = await inTurn([() => repo.groupsOf(ex, seId), () => questionsOf(ex, seId)]);
    return { groups: groups.map(repo.toGroup), questions: questions.map(repo.toQuestion) };
  }

  return {
    async findExamQuestionsBySeId(actor: Actor, p: CallParams<'findExamQuestionsBySeId'>): Promise<ExamQuestion[]> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return (await questionsOf(db, single.id)).map(repo.toQuestion);
    },

    async findExamQuestionAndGroup(actor: Actor, p: CallParams<'findExamQuestionAndGroup'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return structure(db, single.id);
    },

    /**
     * Replaces the structure: groups by key (an existing group's key is its groupId), questions by
     * questionId (absent = new); whatever is left out is deleted, with its scores.
     */
    async saveOrUpdateExamQuestionAndGroup(actor: Actor, p: CallParams<'saveOrUpdateExamQuestionAndGroup'>) {
      const drafts = p.questions.map((q) => ({ input: q, values: checkQuestion(q) }));
      checkUniqueNumbers(drafts.map((d) => d.values.questionNo));
      const keys = new Set<string>();
      for (const g of p.groups) {
        if (keys.has(g.key)) throw badInput(`大题“${g.name}”的编号重复`, { field: 'groups' });
        keys.add(g.key);
      }
      return db
        .transaction(async (tx) => {
          const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
          assertNotLocked(single.multi, single);
          // Papers, then the single exam: the structure and every paper stay still until commit (issue #21).
          await lockStructure(tx, single.id);
          const before = await questionsOf(tx, single.id);
          const existingGroups = await repo.groupsOf(tx, single.id);
          const kept = ownQuestions(
            single,
            before,
            drafts.filter((d) => d.input.questionId !== undefined).map((d) => idOf(d.input.questionId!, '题目')),
          );
          if (new Set(kept.map((k) => k.id)).size !== kept.length) {
            throw badInput('同一道题目出现了两次', { field: 'questions' });
          }

          // Groups: an existing one is kept when its groupId is a key; the rest are new.
          const groupIdOfKey = new Map<string, number>();
          for (const [i, g] of p.groups.entries()) {
            const existing = existingGroups.find((e) => String(e.id) === g.key);
            if (existing) {
              await repo.updateGroup(tx, existing.id, { name: g.name, sortOrder: i + 1 });
              groupIdOfKey.set(g.key, existing.id);
            } else {
              const id = await repo.insertGroup(tx, {
                schoolId: single.schoolId,
                singleExamId: single.id,
                name: g.name,
                sortOrder: i + 1,
              });
              groupIdOfKey.set(g.key, id);
            }
          }
          const groupOf = (key: string | undefined, questionNo: string): number | null => {
            if (key === undefined || key === '') return null;
            const byKey = groupIdOfKey.get(key);
            if (byKey !== undefined) return byKey;
            const index = /^\d+$/.test(key) ? Number(key) : -1;
            const byIndex = p.groups[index];
            if (byIndex) return groupIdOfKey.get(byIndex.key)!;
            throw badInput(`第${questionNo}题所属的大题不存在`, { field: 'questions' });
          };

          // Deleted questions first, re-scored and audited as 'question'.
          const keptIds = new Set(kept.map((k) => k.id));
          const removed = before.filter((q) => !keptIds.has(q.id));
          const changed = new Set<number>();
          if (removed.length > 0) {
            await repo.deleteQuestions(
              tx,
              removed.map((q) => q.id),
            );
            const ids = await rescoreSingleExam(tx, {
              ...rescoreContext(actor, single, 'question', p.reason || '删除题目'),
              previousQuestions: before,
            });
            for (const id of ids) changed.add(id);
          }

          // Kept questions move to temporary numbers first, so renumbering never meets itself.
          const scoreRows = (await scoreRowsOf(tx, single.id)).map((r) => r.score);
          for (const q of kept) await repo.updateQuestion(tx, q.id, { questionNo: `~${q.id}` });
          for (const [i, d] of drafts.entries()) {
            const values = {
              ...d.values,
              groupId: groupOf(d.input.groupKey, d.values.questionNo),
              sortOrder: i + 1,
              knowledgePoints: d.input.knowledgePoints,
            };
            if (d.input.questionId === undefined) {
              await repo.insertQuestion(tx, { schoolId: single.schoolId, singleExamId: single.id, ...values });
            } else {
              const id = Number(d.input.questionId);
              checkMarkCovers(scoreRows, id, values.questionNo, values.kind, values.fullMark);
              await repo.updateQuestion(tx, id, values);
            }
          }
          await repo.deleteGroups(
            tx,
            existingGroups.filter((g) => !p.groups.some((k) => k.key === String(g.id))).map((g) => g.id),
          );
          const ids = await rescoreSingleExam(tx, {
            ...rescoreContext(actor, single, 'key', p.reason || '修改题目结构或答案'),
            previousQuestions: before,
          });
          for (const id of ids) changed.add(id);
          const after = await structure(tx, single.id);
          await auditExam(tx, actor, 'questions.save', `single-exam:${single.id}`, {
            before: { groups: existingGroups, questions: before },
            after: { ...after, rescored: changed.size },
          });
          return { ...after, rescored: changed.size };
        })
        .catch(raceToConflict);
    },

    /** Key, marks and knowledge points of some questions; stored papers are re-scored. */
    async updateBatchExamQuestion(actor: Actor, p: CallParams<'updateBatchExamQuestion'>) {
      return db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam: the structure and every paper stay still until commit (issue #21).
        await lockStructure(tx, single.id);
        const before = await questionsOf(tx, single.id);
        const ids = p.questions.map((q) => idOf(q.questionId, '题目'));
        const rows = ownQuestions(single, await repo.questionsByIds(tx, ids), ids);
        const scoreRows = (await scoreRowsOf(tx, single.id)).map((r) => r.score);
        for (const [i, input] of p.questions.entries()) {
          const row = rows[i]!;
          const values = checkQuestion({
            ...row,
            answer: input.answer === undefined ? row.answer : input.answer,
            fullMark: input.fullMark ?? row.fullMark,
            partialMark: input.partialMark === undefined ? row.partialMark : input.partialMark,
          });
          checkMarkCovers(scoreRows, row.id, row.questionNo, row.kind, values.fullMark);
          await repo.updateQuestion(tx, row.id, {
            answer: values.answer,
            fullMark: values.fullMark,
            partialMark: values.partialMark,
            ...(input.knowledgePoints === undefined ? {} : { knowledgePoints: input.knowledgePoints }),
          });
        }
        const rescored = await rescoreSingleExam(tx, {
          ...rescoreContext(actor, single, 'key', p.reason || '修改答案或分值'),
          previousQuestions: before,
        });
        const questions = (await questionsOf(tx, single.id)).map(repo.toQuestion);
        await auditExam(tx, actor, 'questions.update', `single-exam:${single.id}`, {
          before: rows,
          after: { questions: p.questions, rescored: rescored.length },
        });
        return { questions, rescored: rescored.length };
      });
    },

    async deleteExamQuestionsAndScore(actor: Actor, p: CallParams<'deleteExamQuestionsAndScore'>) {
      return db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam: the structure and every paper stay still until commit (issue #21).
        await lockStructure(tx, single.id);
        const before = await questionsOf(tx, single.id);
        const ids = [...new Set(p.questionIds.map((id) => idOf(id, '题目')))];
        const rows = ownQuestions(single, await repo.questionsByIds(tx, ids), ids);
        await repo.deleteQuestions(tx, ids);
        const rescored = await rescoreSingleExam(tx, {
          ...rescoreContext(actor, single, 'question', '删除题目'),
          previousQuestions: before,
        });
        await auditExam(tx, actor, 'questions.delete', `single-exam:${single.id}`, {
          before: rows,
          after: { rescored: rescored.length },
        });
        return { deleted: rows.length, rescored: rescored.length };
      });
    },
  };
}
