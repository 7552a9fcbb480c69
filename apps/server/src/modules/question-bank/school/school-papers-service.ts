import { randomUUID } from 'node:crypto';
import { SCHOOL_STATUS, type SchoolPaperDetail, type SchoolPaperInput, type SchoolPaperPage } from '@huikao/contracts';
import { documentTokens } from '@huikao/text-search';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { idOf, optionalIdOf } from '../../../platform/tenancy.ts';
import { paperLayout, paperSummaries } from '../search/papers-repo.ts';
import { accessOf } from '../search/questions-repo.ts';
import { keywordQuery } from '../search/search-query.ts';
import { assertCaller, ownedRow, rowId } from '../user/user-owner.ts';
import { paperById } from '../user/user-papers-repo.ts';
import { listedStatuses, ownSchool, schoolRow } from './school-access.ts';
import * as repo from './school-papers-repo.ts';
import { questionStates } from './school-questions-repo.ts';
import { withStatus } from './school-questions-service.ts';

// schoolpapers (校本试卷): type 5 adds, edits, publishes, withdraws and deletes the school's papers;
// every teacher of the school lists and opens the published ones.

const WHAT = '校本试卷';

/** The paper's own columns from the input. */
export function paperColumns(paper: {
  courseId: string;
  title: string;
  gradeId?: string | null;
  paperTypeId?: string | null;
  year?: number | null;
}): repo.SchoolPaperColumns {
  return {
    courseId: idOf(paper.courseId, '学科'),
    title: paper.title,
    gradeId: optionalIdOf(paper.gradeId, '年级'),
    paperTypeId: optionalIdOf(paper.paperTypeId, '试卷类型'),
    year: paper.year ?? null,
  };
}

/** Section titles must differ within a paper; a repeated one gets its number (选择题 (2)). */
export function distinctTitles<S extends { title: string }>(sections: S[]): S[] {
  const seen = new Map<string, number>();
  return sections.map((section) => {
    const count = (seen.get(section.title) ?? 0) + 1;
    seen.set(section.title, count);
    return count === 1 ? section : { ...section, title: `${section.title} (${count})` };
  });
}

/** A paper with its questions; a teacher sees only the questions that are published. */
export async function schoolPaperDetail(db: Executor, id: number, onlyPublished = false): Promise<SchoolPaperDetail> {
  const [[summary], [state], layout] = [
    await paperSummaries(db, [id]),
    await repo.paperStates(db, [id]),
    await paperLayout(db, id),
  ];
  const questions = await withStatus(
    db,
    layout.flatMap((section) => section.questions.map((q) => q.questionId)),
  );
  const byId = new Map(questions.map((q) => [q.quesId, q]));
  return {
    ...summary!,
    status: state!.status,
    createdAt: state!.createdAt.toISOString(),
    sections: layout.map((section) => ({
      title: section.title,
      questions: section.questions.flatMap(({ questionId, score }) => {
        const question = byId.get(String(questionId));
        if (!question || (onlyPublished && question.status !== SCHOOL_STATUS.published)) return [];
        const { status: _s, createdAt: _c, updatedAt: _u, ...plain } = question;
        return [{ score, question: plain }];
      }),
    })),
  };
}

export function createSchoolPapersService(db: Db) {
  async function managed(actor: Actor, schoolId: number, rawIds: string[]) {
    const ids = [...new Set(rawIds.map((id) => idOf(id, '试卷')))];
    const states = new Map((await repo.paperStates(db, ids)).map((s) => [s.id, s]));
    return ids.map((id) => schoolRow(actor, states.get(id), schoolId, WHAT));
  }

  /** The sections of the input: every question is the school's own or the shared bank's, of the paper's course. */
  async function layoutOf(schoolId: number, paper: SchoolPaperInput): Promise<repo.SectionLayout[]> {
    const ids = paper.sections.flatMap((section) => section.questions.map((q) => idOf(q.quesId, '试题')));
    if (new Set(ids).size !== ids.length) throw badInput('同一道试题在试卷中出现了多次');
    const rows = new Map((await questionStates(db, ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      // The school's own questions (any status: the paper is reviewed with them) or the shared bank's
      // published ones; never another school's, nor a teacher's own.
      const usable =
        row !== undefined &&
        row.ownerId === null &&
        (row.schoolId === schoolId || (row.schoolId === null && row.status === 1));
      if (!usable) throw badInput(`试题不存在：${id}`);
      if (row.courseId !== Number(paper.courseId)) throw badInput(`试题 ${id} 不属于该试卷的学科`);
    }
    return distinctTitles(paper.sections).map((section) => ({
      title: section.title,
      questions: section.questions.map((q) => ({ questionId: Number(q.quesId), score: q.score ?? null })),
    }));
  }

  return {
    async getSchoolPapers(
      actor: Actor,
      p: {
        schoolId: string;
        courseId?: string;
        status?: number;
        gradeId?: string;
        paperType?: string;
        keyword?: string;
        currentPage: number;
        pageSize: number;
      },
    ): Promise<SchoolPaperPage> {
      const schoolId = ownSchool(actor, p.schoolId);
      const page = await repo.schoolPaperPage(
        db,
        {
          schoolId,
          statuses: listedStatuses(actor, p.status),
          courseId: p.courseId ? Number(p.courseId) : undefined,
          gradeId: p.gradeId ? Number(p.gradeId) : undefined,
          paperTypeId: p.paperType ? Number(p.paperType) : undefined,
          keyword: keywordQuery(p.keyword),
        },
        p,
      );
      const [summaries, states] = [await paperSummaries(db, page.ids), await repo.paperStates(db, page.ids)];
      const stateOf = new Map(states.map((s) => [String(s.id), s]));
      return {
        list: summaries.map((summary) => {
          const state = stateOf.get(summary.paperId)!;
          return { ...summary, status: state.status, createdAt: state.createdAt.toISOString() };
        }),
        total: page.total,
        currentPage: p.currentPage,
        pageSize: p.pageSize,
      };
    },

    async getSchoolPaperDetail(actor: Actor, p: { schoolId: string; paperId: string }) {
      const [row] = await managed(actor, ownSchool(actor, p.schoolId), [p.paperId]);
      return schoolPaperDetail(db, row!.id, actor.type !== 5);
    },

    async addSchoolPaper(actor: Actor, p: { schoolId: string; paper: SchoolPaperInput }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const columns = paperColumns(p.paper);
      const layout = await layoutOf(schoolId, p.paper);
      const tokens = documentTokens(columns.title);
      const id = await db.transaction(async (tx) => {
        const paperId = await repo.insertPaper(tx, {
          ...columns,
          schoolId,
          sourceKey: `school:${schoolId}:paper:${randomUUID()}`,
          tokens,
        });
        await repo.replaceLayout(tx, paperId, layout);
        return paperId;
      });
      return schoolPaperDetail(db, id);
    },

    async updateSchoolPaper(actor: Actor, p: { schoolId: string; paperId: string; paper: SchoolPaperInput }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const [row] = await managed(actor, schoolId, [p.paperId]);
      const columns = paperColumns(p.paper);
      const layout = await layoutOf(schoolId, p.paper);
      const tokens = documentTokens(columns.title);
      await db.transaction(async (tx) => {
        await repo.updatePaper(tx, row!.id, columns, tokens);
        await repo.replaceLayout(tx, row!.id, layout);
      });
      return schoolPaperDetail(db, row!.id);
    },

    async updateSchoolPaperStatus(actor: Actor, p: { schoolId: string; paperIds: string[]; status: 1 | 3 }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const rows = await managed(actor, schoolId, p.paperIds);
      if (p.status === SCHOOL_STATUS.withdrawn && rows.some((row) => row.status === SCHOOL_STATUS.draft)) {
        throw badInput('待审核的试卷尚未发布，无需撤回');
      }
      const ids = rows.map((row) => row.id);
      const changed = await db.transaction(async (tx) => {
        if (p.status === SCHOOL_STATUS.published) await repo.publishDraftQuestionsOf(tx, schoolId, ids);
        return repo.setPaperStatus(tx, ids, p.status);
      });
      return { changed };
    },

    /**
     * A teacher offers one of their papers to the school: the paper's questions and scores are
     * copied into a draft school paper that type 5 reviews and publishes. Questions the teacher
     * edited inside their paper go in as the bank has them.
     */
    async submitUserPaper(actor: Actor, p: { userId: string; schoolId: string; paperId: string }) {
      assertCaller(actor, p);
      const own = ownedRow(actor, await paperById(db, rowId(p.paperId, '试卷不存在')), '试卷不存在');
      if (!own.courseId) throw badInput('该试卷没有学科，不能提交到校本');
      const input: SchoolPaperInput = {
        courseId: own.courseId,
        title: own.title,
        gradeId: own.gradeId ?? undefined,
        paperTypeId: own.paperTypeId ?? undefined,
        sections: own.content.sections.map((section) => ({
          title: section.title,
          questions: section.questions.map((q) => ({ quesId: q.quesId, score: q.score })),
        })),
      };
      const access = await accessOf(
        db,
        input.sections.flatMap((section) => section.questions.map((q) => Number(q.quesId))),
        actor,
      );
      // The teacher's own questions are theirs alone: the school bank does not take them.
      if (access.some((row) => row.ownerId !== null && row.readable)) {
        throw ruleBroken('试卷中有你自己上传的试题，不能提交到校本；请先在组卷中移除这些试题再提交');
      }
      const readable = new Set(access.filter((row) => row.readable).map((row) => String(row.id)));
      // A question removed from the bank since the paper was made is left out.
      for (const section of input.sections) section.questions = section.questions.filter((q) => readable.has(q.quesId));
      const layout = await layoutOf(actor.schoolId, input);
      const columns = paperColumns(input);
      const tokens = documentTokens(columns.title);
      const id = await db.transaction(async (tx) => {
        const paperId = await repo.insertPaper(tx, {
          ...columns,
          schoolId: actor.schoolId,
          sourceKey: `school:${actor.schoolId}:userpaper:${own.paperId}:${randomUUID()}`,
          tokens,
        });
        await repo.replaceLayout(tx, paperId, layout);
        return paperId;
      });
      return { paperId: String(id) };
    },

    async deleteSchoolPapers(actor: Actor, p: { schoolId: string; paperIds: string[] }) {
      const schoolId = ownSchool(actor, p.schoolId);
      const rows = await managed(actor, schoolId, p.paperIds);
      const deleted = await db.transaction((tx) =>
        repo.deletePapers(
          tx,
          rows.map((row) => row.id),
        ),
      );
      return { deleted };
    },
  };
}
