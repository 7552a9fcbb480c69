import { randomUUID } from 'node:crypto';
import { type BankQuestionInput, SCHOOL_STATUS, type SchoolQuestion, type SchoolQuestionPage } from '@huikao/contracts';
import { documentTokens } from '@huikao/text-search';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { questionsByIds } from '../search/questions-repo.ts';
import { keywordQuery } from '../search/search-query.ts';
import { checkInput, loadCatalogue } from './question-input-check.ts';
import { listedStatuses, ownSchool, schoolRow } from './school-access.ts';
import * as repo from './school-questions-repo.ts';

// schoolquestions (校本试题): type 5 adds, edits, publishes, withdraws and deletes the school's own
// questions; every teacher of the school lists and opens the published ones.

const WHAT = '校本试题';

/** Full questions with their status, in the order of the ids. */
export async function withStatus(db: Executor, ids: number[]): Promise<SchoolQuestion[]> {
  const [questions, states] = [await questionsByIds(db, ids), await repo.questionStates(db, ids)];
  const byId = new Map(states.map((s) => [String(s.id), s]));
  return questions.map((question) => {
    const state = byId.get(question.quesId)!;
    return {
      ...question,
      status: state.status,
      createdAt: state.createdAt.toISOString(),
      updatedAt: state.updatedAt.toISOString(),
    };
  });
}

export const questionTokens = (input: { stem: string; options: string[] | null }) =>
  documentTokens(input.stem, ...(input.options ?? []));

export function createSchoolQuestionsService(db: Db) {
  /** The school's questions named by the ids, each checked for this actor. */
  async function managed(actor: Actor, schoolId: number, rawIds: string[]) {
    const ids = [...new Set(rawIds.map((id) => idOf(id, '试题')))];
    const states = new Map((await repo.questionStates(db, ids)).map((s) => [s.id, s]));
    return ids.map((id) => schoolRow(actor, states.get(id), schoolId, WHAT));
  }

  async function one(actor: Actor, schoolId: number, quesId: string): Promise<SchoolQuestion> {
    const [row] = await managed(actor, schoolId, [quesId]);
    const [question] = await withStatus(db, [row!.id]);
    return question!;
  }

  return {
    async getSchoolQuestions(
      actor: Actor,
      p: {
        schoolId: string;
        courseId: string;
        status?: number;
        questionTypeId?: string;
        diffGradeId?: number;
        keyword?: string;
        currentPage: number;
        pageSize: number;
      },
    ): Promise<SchoolQuestionPage> {
      const schoolId = ownSchool(actor, p.schoolId);
      const page = await repo.schoolQuestionPage(
        db,
        {
          schoolId,
          courseId: idOf(p.courseId, '学科'),
          statuses: listedStatuses(actor, p.status),
          typeId: p.questionTypeId ? Number(p.questionTypeId) : undefined,
          difficulty: p.diffGradeId || undefined,
          keyword: keywordQuery(p.keyword),
        },
        p,
      );
      return {
        list: await withStatus(db, page.ids),
        total: page.total,
        currentPage: p.currentPage,
        pageSize: p.pageSize,
      };
    },

    getSchoolQuestionDetail(actor: Actor, p: { schoolId: string; quesId: string }) {
      return one(actor, ownSchool(actor, p.schoolId), p.quesId);
    },

    /** A new question of the school's bank, as a draft to publish. */
    async addSchoolQuestion(actor: Actor, p: { schoolId: string; courseId: string; question: BankQuestionInput }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const courseId = idOf(p.courseId, '学科');
      const checked = checkInput(await loadCatalogue(db, courseId), p.question, '试题');
      const tokens = questionTokens(checked);
      const [id] = await db.transaction((tx) =>
        repo.insertQuestions(tx, [{ question: checked, sourceKey: `school:${schoolId}:${randomUUID()}`, tokens }], {
          courseId,
          schoolId,
          ownerId: null,
          origin: 'school',
          status: SCHOOL_STATUS.draft,
        }),
      );
      return one(actor, schoolId, String(id));
    },

    async updateSchoolQuestion(actor: Actor, p: { schoolId: string; quesId: string; question: BankQuestionInput }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const [row] = await managed(actor, schoolId, [p.quesId]);
      const checked = checkInput(await loadCatalogue(db, row!.courseId), p.question, '试题');
      const tokens = questionTokens(checked);
      await db.transaction((tx) => repo.updateQuestion(tx, row!.id, checked, tokens));
      return one(actor, schoolId, p.quesId);
    },

    async updateSchoolQuestionStatus(actor: Actor, p: { schoolId: string; quesIds: string[]; status: 1 | 3 }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const rows = await managed(actor, schoolId, p.quesIds);
      if (p.status === SCHOOL_STATUS.withdrawn && rows.some((row) => row.status === SCHOOL_STATUS.draft)) {
        throw badInput('待审核的试题尚未发布，无需撤回');
      }
      const changed = await db.transaction((tx) =>
        repo.setStatus(
          tx,
          rows.map((row) => row.id),
          p.status,
        ),
      );
      return { changed };
    },

    async deleteSchoolQuestions(actor: Actor, p: { schoolId: string; quesIds: string[] }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const rows = await managed(actor, schoolId, p.quesIds);
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
