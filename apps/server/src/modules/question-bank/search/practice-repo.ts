import type { practiceQuestionSchema } from '@huikao/contracts';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../platform/db.ts';
import { NODE_KIND } from '../catalogue/catalogue-service.ts';
import { qbNodes, qbQuestionNodes, qbQuestions, qbQuestionTypes } from '../schema.ts';
import { visibleTo } from './questions-repo.ts';

// Practice questions for the analysis centre (错题推荐, a student's 单科分析, issue #5): questions of
// the course a teacher of the school may read, linked to knowledge points of the given names (an
// exam question's knowledge points are names, or a path of the knowledge tree) or to a node whose
// name the point's name contains, those sharing the most of them first.

export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>;

export async function findPracticeQuestions(
  ex: Executor,
  options: {
    courseId: number;
    schoolId: number;
    knowledgePointNames: readonly string[];
    limit: number;
    /** Questions already suggested, left out. */
    excludeIds?: readonly number[];
  },
): Promise<PracticeQuestion[]> {
  const names = [...new Set(options.knowledgePointNames.map((n) => n.trim()).filter(Boolean))];
  if (names.length === 0 || options.limit <= 0) return [];
  const nodes = ex
    .select({ id: qbNodes.id })
    .from(qbNodes)
    .where(
      and(
        eq(qbNodes.courseId, options.courseId),
        eq(qbNodes.kind, NODE_KIND.knowledge),
        or(
          inArray(qbNodes.name, names),
          inArray(qbNodes.path, names),
          // An exam names finer points than the bank's tree: 三角形三边关系 practises under 三角形,
          // 全等三角形的判定 under 全等三角形 (a node name of two characters or more inside the point's).
          sql`char_length(${qbNodes.name}) >= 2 and exists (select 1 from unnest(array[${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}]::text[]) k where strpos(k, ${qbNodes.name}) > 0)`,
        ),
      ),
    );
  const shared = sql<number>`(select count(*) from ${qbQuestionNodes} qn
    where qn.question_id = ${qbQuestions.id} and qn.node_id in ${nodes})`;
  const excluded = options.excludeIds?.length
    ? sql`${qbQuestions.id} not in (${sql.join(
        options.excludeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;
  const rows = await ex
    .select({
      id: qbQuestions.id,
      stem: qbQuestions.stem,
      typeName: qbQuestionTypes.name,
      difficulty: qbQuestions.difficulty,
    })
    .from(qbQuestions)
    .innerJoin(qbQuestionTypes, eq(qbQuestionTypes.id, qbQuestions.typeId))
    .where(and(eq(qbQuestions.courseId, options.courseId), visibleTo(options.schoolId), sql`${shared} > 0`, excluded))
    .orderBy(sql`${shared} desc`, desc(qbQuestions.timesUsed), desc(qbQuestions.id))
    .limit(options.limit);
  return rows.map((r) => ({ quesId: String(r.id), stem: r.stem, typeName: r.typeName, difficulty: r.difficulty }));
}
