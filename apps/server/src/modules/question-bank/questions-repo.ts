import type { Question } from '@huikao/contracts';
import { DIFFICULTY_LEVELS, type QuestionFilter } from '@huikao/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { eduGrades } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { qbAreas, qbNodes, qbPaperTypes, qbQuestionNodes, qbQuestions, qbQuestionTypes } from './schema.ts';
import type { KeywordQuery } from './search-query.ts';

// Reads of questions: the get_fast filter, by ids, and similar questions. Rows become the contract's
// Question here and nowhere else.

const q = qbQuestions;

/** Questions a teacher of `schoolId` may read: the shared bank and their school's published questions. */
export const visibleTo = (schoolId: number) => and(eq(q.status, 1), or(isNull(q.schoolId), eq(q.schoolId, schoolId)));

/**
 * The node and every node below it, resolved before the search: with the ids as a constant the
 * planner reads the links by their (node_id, question_id) index and knows how many there are; a
 * recursive CTE inside the filter made it guess 200 and scan every link of the bank.
 */
export async function subtreeIds(db: Executor, nodeId: number): Promise<number[]> {
  // Both drivers answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    with recursive sub(id) as (
      select ${nodeId}::bigint
      union all
      select n.id from ${qbNodes} n join sub on n.parent_id = sub.id
    ) select id from sub`)) as unknown as { rows: { id: string | number }[] };
  return result.rows.map((r) => Number(r.id));
}

const linkedTo = (nodeIds: number[]) =>
  sql`${q.id} in (select qn.question_id from ${qbQuestionNodes} qn where qn.node_id = any(${`{${nodeIds.join(',')}}`}::bigint[]))`;

/** The catalogue filters of a search, their subtrees resolved (see subtreeIds). */
export interface NodeFilters {
  knowledge: number[] | null;
  chapter: number[] | null;
}

export function filterConditions(
  filter: QuestionFilter,
  schoolId: number,
  keyword: KeywordQuery | null,
  nodes: NodeFilters,
): SQL[] {
  const where: (SQL | undefined)[] = [
    eq(q.courseId, Number(filter.courseId)),
    visibleTo(schoolId),
    filter.schoolId ? eq(q.schoolId, Number(filter.schoolId)) : undefined,
    filter.questionTypeId ? eq(q.typeId, Number(filter.questionTypeId)) : undefined,
    filter.areaId ? eq(q.areaId, Number(filter.areaId)) : undefined,
    filter.gradeId ? eq(q.gradeId, Number(filter.gradeId)) : undefined,
    filter.paperTypeId ? eq(q.paperTypeId, Number(filter.paperTypeId)) : undefined,
    filter.year ? eq(q.year, filter.year) : undefined,
    filter.diffGradeId ? eq(q.difficulty, filter.diffGradeId) : undefined,
    nodes.knowledge ? linkedTo(nodes.knowledge) : undefined,
    nodes.chapter ? linkedTo(nodes.chapter) : undefined,
    keyword ? sql`${q.search} @@ ${keyword.match}::tsquery` : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

const ORDERS: Record<number, SQL[]> = {
  1: [sql`${q.year} desc nulls last`, sql`${q.id} desc`],
  2: [sql`${q.timesUsed} desc`, sql`${q.id} desc`],
  3: [asc(q.difficulty), sql`${q.id} desc`],
  4: [sql`${q.difficulty} desc`, sql`${q.id} desc`],
};

export async function findPage(
  db: Executor,
  where: SQL[],
  order: number,
  page: { currentPage: number; pageSize: number },
) {
  // A keyword narrows like any other filter and the teacher's chosen order (newest, most used,
  // difficulty) sorts the matches: every match holds every part of the keyword, and ranking them
  // would unpack the tsvector of every match of a common word (see docs/decisions.md).
  const orderBy = ORDERS[order] ?? ORDERS[1]!;
  const ids = await db
    .select({ id: q.id })
    .from(q)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(q)
    .where(and(...where));
  return { ids: ids.map((r) => r.id), total: Number(count?.total ?? 0) };
}

/** Full questions by id, in the order given; missing ids are left out. */
export async function questionsByIds(db: Executor, ids: number[]): Promise<Question[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: q.id,
      courseId: q.courseId,
      typeId: q.typeId,
      typeName: qbQuestionTypes.name,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
      year: q.year,
      areaId: q.areaId,
      areaName: qbAreas.name,
      gradeId: q.gradeId,
      gradeName: eduGrades.name,
      paperTypeId: q.paperTypeId,
      paperTypeName: qbPaperTypes.name,
      sourcePaper: q.sourcePaper,
      score: q.score,
      timesUsed: q.timesUsed,
      origin: q.origin,
      schoolId: q.schoolId,
    })
    .from(q)
    .innerJoin(qbQuestionTypes, eq(qbQuestionTypes.id, q.typeId))
    .leftJoin(qbAreas, eq(qbAreas.id, q.areaId))
    .leftJoin(eduGrades, eq(eduGrades.id, q.gradeId))
    .leftJoin(qbPaperTypes, eq(qbPaperTypes.id, q.paperTypeId))
    .where(inArray(q.id, ids));
  const links = await db
    .select({ questionId: qbQuestionNodes.questionId, id: qbNodes.id, name: qbNodes.name, kind: qbNodes.kind })
    .from(qbQuestionNodes)
    .innerJoin(qbNodes, eq(qbNodes.id, qbQuestionNodes.nodeId))
    .where(inArray(qbQuestionNodes.questionId, ids))
    .orderBy(asc(qbNodes.depth), asc(qbNodes.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const s = (n: number | null) => (n === null ? null : String(n));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const own = links.filter((l) => l.questionId === id);
    const named = (kind: number) => own.filter((l) => l.kind === kind).map((l) => ({ id: String(l.id), name: l.name }));
    return [
      {
        quesId: String(r.id),
        courseId: String(r.courseId),
        questionTypeId: String(r.typeId),
        questionTypeName: r.typeName,
        diffGradeId: String(r.difficulty),
        diffGradeName: DIFFICULTY_LEVELS[r.difficulty - 1]?.name ?? '',
        stem: r.stem,
        options: r.options ?? null,
        answer: r.answer,
        explanation: r.explanation,
        year: r.year,
        areaId: s(r.areaId),
        areaName: r.areaName,
        gradeId: s(r.gradeId),
        gradeName: r.gradeName,
        paperTypeId: s(r.paperTypeId),
        paperTypeName: r.paperTypeName,
        sourcePaper: r.sourcePaper,
        score: r.score,
        timesUsed: r.timesUsed,
        origin: r.origin,
        schoolId: s(r.schoolId),
        knowledgePoints: named(1),
        chapters: named(2),
      },
    ];
  });
}

/** Owner school, status and course of questions, to check access before reading them. */
export async function accessOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: q.id, schoolId: q.schoolId, status: q.status, courseId: q.courseId })
    .from(q)
    .where(inArray(q.id, ids));
}

export async function stemOf(db: Executor, id: number) {
  const [row] = await db.select({ stem: q.stem, courseId: q.courseId }).from(q).where(eq(q.id, id));
  return row ?? null;
}

/**
 * Up to `limit` questions of the course ranked by shared knowledge points, then by wording
 * (`anyTerms`, a tsquery of the stem's bigrams), excluding the question itself.
 */
export async function similarIds(
  db: Executor,
  id: number,
  courseId: number,
  schoolId: number,
  anyTerms: string | null,
  limit: number,
) {
  const shared = sql<number>`(select count(*) from ${qbQuestionNodes} a join ${qbQuestionNodes} b
    on a.node_id = b.node_id where a.question_id = ${id} and b.question_id = ${q.id})`;
  const wording = anyTerms ? sql`ts_rank(${q.search}, ${anyTerms}::tsquery)` : sql`0`;
  const near = anyTerms ? sql`${q.search} @@ ${anyTerms}::tsquery` : sql`false`;
  const sharesNode = sql`exists (select 1 from ${qbQuestionNodes} a join ${qbQuestionNodes} b
    on a.node_id = b.node_id where a.question_id = ${id} and b.question_id = ${q.id})`;
  const rows = await db
    .select({ id: q.id })
    .from(q)
    .where(and(eq(q.courseId, courseId), visibleTo(schoolId), sql`${q.id} <> ${id}`, or(sharesNode, near)))
    .orderBy(sql`${shared} desc`, sql`${wording} desc`, sql`${q.id} desc`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One more use of each question: a paper that holds them was exported (orderId 2 sorts by it). */
export async function countUse(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(q)
    .set({ timesUsed: sql`${q.timesUsed} + 1` })
    .where(inArray(q.id, ids));
}
