import type {
  UserPaperContent,
  UserPaperDetail,
  UserPaperFilter,
  UserPaperInput,
  UserPaperSummary,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { assertReadable } from '../access.ts';
import * as questions from '../search/questions-repo.ts';
import { assertCaller, ownedRow, rowId } from './user-owner.ts';
import * as repo from './user-papers-repo.ts';

// userpapers (spec §7): the teacher's own papers, saved by the paper editor. Scores are checked by
// the contract (≥ 0, two decimals); the server recomputes every total (in hundredths, so 0.1 + 0.2
// is 0.3) and never trusts the client's.

interface Owner {
  userId: string;
  schoolId: string;
}

const MISSING = '试卷不存在';

/** Totals of the editor's paper, summed in hundredths. */
export function withTotals(input: UserPaperInput): UserPaperContent {
  const cents = (n: number) => Math.round(n * 100);
  let paperCents = 0;
  let questionCount = 0;
  const sections = input.sections.map((section) => {
    const sectionCents = section.questions.reduce((sum, question) => sum + cents(question.score), 0);
    paperCents += sectionCents;
    questionCount += section.questions.length;
    return {
      title: section.title,
      questionTypeId: section.questionTypeId ?? null,
      totalScore: sectionCents / 100,
      questions: section.questions.map((question) => ({
        quesId: question.quesId,
        score: cents(question.score) / 100,
        answerHeightMm: question.answerHeightMm ?? null,
        edited: question.edited ?? null,
      })),
    };
  });
  return {
    title: input.title,
    subtitle: input.subtitle,
    notes: input.notes,
    layout: input.layout,
    sections,
    questionCount,
    totalScore: paperCents / 100,
  };
}

export function createUserPapersService(db: Db) {
  /** Every question exists, is readable by the actor, belongs to the paper's course, and appears once. */
  async function checkQuestions(actor: Actor, input: UserPaperInput): Promise<void> {
    const courseId = rowId(input.courseId, '学科不存在');
    if (!(await repo.courseExists(db, courseId))) throw badInput('学科不存在');
    const wanted = input.sections.flatMap((section) => section.questions.map((q) => q.quesId));
    if (wanted.length > 200) throw badInput('试卷最多200道题');
    const seen = new Set<string>();
    for (const id of wanted) {
      if (seen.has(id)) throw badInput(`试题在试卷中重复：${id}`);
      seen.add(id);
    }
    const rows = await questions.accessOf(
      db,
      wanted.map((id) => rowId(id, `试题不存在：${id}`)),
      actor,
    );
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const id of wanted) {
      const row = byId.get(id);
      if (!row) throw notFound(`试题不存在：${id}`);
      assertReadable(actor, row, '试题');
      if (row.courseId !== courseId) throw badInput(`试题 ${id} 不属于该试卷的学科`);
    }
  }

  function columnsOf(input: UserPaperInput) {
    return {
      title: input.title,
      courseId: Number(input.courseId),
      gradeId: input.gradeId ? rowId(input.gradeId, '年级不存在') : null,
      paperTypeId: input.paperTypeId ? rowId(input.paperTypeId, '试卷类型不存在') : null,
    };
  }

  async function owned(executor: Executor, actor: Actor, paperId: string) {
    return ownedRow(actor, await repo.paperById(executor, rowId(paperId, MISSING)), MISSING);
  }

  async function detail(actor: Actor, paperId: string): Promise<UserPaperDetail> {
    const { ownerId: _owner, content, ...summary } = await owned(db, actor, paperId);
    const ids = content.sections.flatMap((section) => section.questions.map((q) => Number(q.quesId)));
    // What the actor may no longer read (withdrawn, deleted) is left out of the questions.
    const readable = new Set((await questions.accessOf(db, ids, actor)).filter((r) => r.readable).map((r) => r.id));
    const { uploadType: _type, userName: _name, ...paper } = content;
    return {
      ...summary,
      paper,
      questions: await questions.questionsByIds(
        db,
        ids.filter((id) => readable.has(id)),
      ),
    };
  }

  return {
    detail,

    async getUserPapers(actor: Actor, filter: UserPaperFilter) {
      assertCaller(actor, filter);
      const page = await repo.findPage(db, actor.userId, filter);
      return {
        list: page.rows.map(({ ownerId: _o, content: _c, ...summary }): UserPaperSummary => summary),
        total: page.total,
        pageIndex: filter.pageIndex,
        limit: filter.limit,
      };
    },

    async addUserPaper(
      actor: Actor,
      params: Owner & { paper: UserPaperInput; uploadType: number; userName?: string },
    ): Promise<UserPaperDetail> {
      assertCaller(actor, params);
      await checkQuestions(actor, params.paper);
      const content = { ...withTotals(params.paper), uploadType: params.uploadType, userName: actor.name };
      const id = await db.transaction(async (tx) => {
        // The same paper saved twice (a double click, a retried request) is the one already saved.
        await lockKey(tx, 'user-papers', actor.userId);
        const same = await repo.findSamePaper(tx, actor.userId, params.paper.title, content);
        return (
          same ??
          repo.insertPaper(tx, { ...columnsOf(params.paper), ownerId: actor.userId, schoolId: actor.schoolId, content })
        );
      });
      return detail(actor, String(id));
    },

    async updateUserPaper(actor: Actor, params: Owner & { paperId: string; paper: UserPaperInput }) {
      assertCaller(actor, params);
      const current = await owned(db, actor, params.paperId);
      await checkQuestions(actor, params.paper);
      const content = {
        ...withTotals(params.paper),
        uploadType: current.content.uploadType,
        userName: current.content.userName,
      };
      await repo.updatePaper(db, Number(current.paperId), { ...columnsOf(params.paper), content });
      return detail(actor, current.paperId);
    },

    async deleteUserPaper(actor: Actor, params: Owner & { paperId: string }): Promise<null> {
      assertCaller(actor, params);
      const current = await owned(db, actor, params.paperId);
      await db.transaction((tx) => repo.deletePaper(tx, Number(current.paperId)));
      return null;
    },

    async getUserPaperDetail(actor: Actor, params: Owner & { paperId: string }) {
      assertCaller(actor, params);
      return detail(actor, params.paperId);
    },

    async updateStatus(actor: Actor, params: Owner & { paperId: string; useStatus: number }) {
      assertCaller(actor, params);
      const current = await owned(db, actor, params.paperId);
      await repo.setStatus(db, Number(current.paperId), params.useStatus);
      return { paperId: current.paperId, useStatus: params.useStatus };
    },
  };
}
