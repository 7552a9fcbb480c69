import { and, asc, eq, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { qbNodes, qbQuestionNodes, qbQuestions, qbQuestionTypes } from '../schema.ts';
import { visibleTo } from './questions-repo.ts';

// Reads of smart assembly (questions/get_by_wisdom): the tree of the chosen tags and the candidate
// questions under them, a capped random sample per question type.

const q = qbQuestions;

/** The course's nodes of one tree kind, flat: small (hundreds to a few thousand rows). */
export async function treeOf(db: Executor, courseId: number, kind: number) {
  return db
    .select({ id: qbNodes.id, parentId: qbNodes.parentId, name: qbNodes.name })
    .from(qbNodes)
    .where(and(eq(qbNodes.courseId, courseId), eq(qbNodes.kind, kind)))
    .orderBy(asc(qbNodes.depth), asc(qbNodes.sortOrder), asc(qbNodes.id));
}

export async function questionTypesOf(db: Executor, courseId: number, ids: number[]) {
  return db
    .select({ id: qbQuestionTypes.id, name: qbQuestionTypes.name })
    .from(qbQuestionTypes)
    .where(and(eq(qbQuestionTypes.courseId, courseId), inArray(qbQuestionTypes.id, ids)));
}

export interface CandidateQuery {
  courseId: number;
  schoolId: number;
  typeIds: number[];
  /** The chosen tags and every node below them. */
  nodeIds: number[];
  excludeIds: number[];
  gradeId: number | null;
  seed: number;
  perType: number;
}

export interface CandidateRow {
  id: number;
  typeId: number;
  difficulty: number;
  /** Every node the question is linked to (of any tree). */
  nodeIds: number[];
}

/**
 * Readable questions of the wanted types linked to any of the nodes, at most `perType` of each
 * type, sampled in an order fixed by the seed (md5 of id and seed), so a seed repeats its sample.
 */
export async function candidates(db: Executor, query: CandidateQuery): Promise<CandidateRow[]> {
  if (query.typeIds.length === 0 || query.nodeIds.length === 0) return [];
  const where: (SQL | undefined)[] = [
    eq(q.courseId, query.courseId),
    visibleTo(query.schoolId),
    inArray(q.typeId, query.typeIds),
    query.excludeIds.length ? notInArray(q.id, query.excludeIds) : undefined,
    query.gradeId === null ? undefined : eq(q.gradeId, query.gradeId),
    sql`exists (select 1 from ${qbQuestionNodes} where ${qbQuestionNodes.questionId} = ${q.id}
      and ${inArray(qbQuestionNodes.nodeId, query.nodeIds)})`,
  ];
  const ranked = db
    .select({
      id: q.id,
      typeId: q.typeId,
      difficulty: q.difficulty,
      nodes: sql<string | null>`(select string_agg(${qbQuestionNodes.nodeId}::text, ',') from ${qbQuestionNodes}
        where ${qbQuestionNodes.questionId} = ${q.id})`.as('nodes'),
      rank: sql<number>`row_number() over (partition by ${q.typeId}
        order by md5(${q.id}::text || ':' || ${String(query.seed)}::text), ${q.id})`.as('rank'),
    })
    .from(q)
    .where(and(...where))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, query.perType));
  return rows.map((r) => ({
    id: Number(r.id),
    typeId: Number(r.typeId),
    difficulty: Number(r.difficulty),
    nodeIds: r.nodes ? r.nodes.split(',').map(Number) : [],
  }));
}
