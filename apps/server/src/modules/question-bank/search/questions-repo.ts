import type { Question } from '@huikao/contracts';
import { DIFFICULTY_LEVELS } from '@huikao/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { eduGrades } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { qbAreas, qbNodes, qbPaperTypes, qbQuestionNodes, qbQuestions, qbQuestionTypes } from '../schema.ts';

// Reads of questions: who may read them, by ids, and similar questions (get_fast's search is in
// search-repo.ts). Rows become the contract's Question here and nowhere else.

const q = qbQuestions;

/**
 * What the bank's lists and searches show a teacher of `schoolId`: the shared bank and their school's
 * published questions. A teacher's own questions (status 2) are never listed here; their owner lists
 * them through userquestions/own and reads them through readableBy.
 */
export const visibleTo = (schoolId: number) => and(eq(q.status, 1), or(isNull(q.schoolId), eq(q.schoolId, schoolId)));

/** Who asks to read a question. */
export interface Reader {
  userId: number;
  schoolId: number;
}

/**
 * The one rule of who may read a question (basket, papers, export, collections, detail): a question
 * of the shared bank (school null) or of the reader's school's bank that is published (status 1), or
 * the reader's own question (owner_id, whatever its status). Every check asks it: lists filter by
 * it, and accessOf answers it per row for the services (access.ts turns a false into 403 or 404).
 */
export const readableBy = (reader: Reader): SQL =>
  or(
    eq(q.ownerId, reader.userId),
    and(isNull(q.ownerId), eq(q.status, 1), or(isNull(q.schoolId), eq(q.schoolId, reader.schoolId))),
  )!;

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

/** Whether the reader may read each question (readableBy), with its school, owner, course and type. */
export async function accessOf(db: Executor, ids: number[], reader: Reader) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: q.id,
      schoolId: q.schoolId,
      ownerId: q.ownerId,
      courseId: q.courseId,
      typeId: q.typeId,
      readable: sql<boolean>`coalesce(${readableBy(reader)}, false)`,
    })
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
