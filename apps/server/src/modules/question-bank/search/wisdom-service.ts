import { randomInt } from 'node:crypto';
import type { WisdomPaper, WisdomParams } from '@huikao/contracts';
import { type AssemblyCandidate, assemblePaper } from '@huikao/paper-assembly';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { questionsByIds } from './questions-repo.ts';
import * as repo from './wisdom-repo.ts';

// questions/get_by_wisdom: candidates from the database, the choice by packages/paper-assembly.
// Swapping a question is questions/get_similar_question, or this call again with excludeIds.

/** Candidates per question type: a random sample large enough to cover and balance 50 questions. */
const CANDIDATES_PER_TYPE = 2000;
const TAG_NAMES = { 1: '知识点', 2: '教材章节' } as const;

const ids = (values: readonly string[] | undefined) =>
  [...new Set((values ?? []).map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);

export function createWisdomService(db: Db) {
  return {
    async getByWisdom(actor: Actor, params: WisdomParams): Promise<WisdomPaper> {
      const courseId = Number(params.courseId);
      const tagIds = ids(params.tagIds);
      const what = TAG_NAMES[params.tagType as 1 | 2];

      const tree = await repo.treeOf(db, courseId, params.tagType);
      const nodeById = new Map(tree.map((n) => [n.id, n]));
      if (tagIds.length !== new Set(params.tagIds).size || tagIds.some((id) => !nodeById.has(id))) {
        throw notFound(`${what}不存在`);
      }
      // Each node below a chosen tag counts for that tag (a node under two chosen tags, for both).
      const children = new Map<number, number[]>();
      for (const n of tree)
        if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
      const tagsOfNode = new Map<number, Set<number>>();
      for (const tag of tagIds) {
        const stack = [tag];
        while (stack.length) {
          const id = stack.pop()!;
          const tags = tagsOfNode.get(id) ?? new Set<number>();
          if (tags.has(tag)) continue;
          tags.add(tag);
          tagsOfNode.set(id, tags);
          stack.push(...(children.get(id) ?? []));
        }
      }

      const typeIds = ids(params.quesTypes.map((t) => t.questionTypeId));
      const types = await repo.questionTypesOf(db, courseId, typeIds);
      if (types.length !== params.quesTypes.length) throw notFound('题型不存在');
      const typeName = new Map(types.map((t) => [String(t.id), t.name]));

      const seed = params.seed ?? randomInt(0, 2_147_483_647);
      const rows = await repo.candidates(db, {
        courseId,
        schoolId: actor.schoolId,
        typeIds,
        nodeIds: [...tagsOfNode.keys()],
        excludeIds: ids(params.excludeIds),
        gradeId: params.gradeId ? Number(params.gradeId) : null,
        seed,
        perType: CANDIDATES_PER_TYPE,
      });
      const pool: AssemblyCandidate[] = rows.map((r) => ({
        id: String(r.id),
        typeId: String(r.typeId),
        difficulty: r.difficulty,
        tagIds: [...new Set(r.nodeIds.flatMap((n) => [...(tagsOfNode.get(n) ?? [])]))].map(String),
      }));
      const proposal = assemblePaper(pool, {
        tagIds: tagIds.map(String),
        quesTypes: params.quesTypes,
        difficulty: params.difficulty,
        seed,
        excludeIds: params.excludeIds,
      });

      const questions = await questionsByIds(
        db,
        proposal.byType.flatMap((t) => t.ids.map(Number)),
      );
      const byId = new Map(questions.map((question) => [question.quesId, question]));
      const byType = proposal.byType.map((t) => ({
        questionTypeId: t.questionTypeId,
        name: typeName.get(t.questionTypeId) ?? '',
        quesIds: t.ids,
        count: t.ids.length,
      }));
      return {
        seed,
        questions: byType.flatMap((t) =>
          t.quesIds.flatMap((id) => {
            const question = byId.get(id);
            return question ? [{ section: { questionTypeId: t.questionTypeId, name: t.name }, question }] : [];
          }),
        ),
        byType,
        coverage: proposal.coverage.map((c) => ({ ...c, name: nodeById.get(Number(c.tagId))?.name ?? '' })),
        uncoveredTagIds: proposal.uncoveredTagIds,
        averageDifficulty: proposal.averageDifficulty,
        shortfalls: proposal.shortfalls,
      };
    },
  };
}
