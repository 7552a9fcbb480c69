import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import * as write from '../import/write-repo.ts';
import { qbQuestions } from '../schema.ts';
import type { KeywordQuery } from '../search/search-query.ts';
import type { CheckedQuestion } from './question-input-check.ts';

// The school's own questions (schoolId set, no owner) and a teacher's own imported questions
// (ownerId set): listing with their status, writing, publishing, withdrawing, deleting.

const q = qbQuestions;

/** Who the written questions belong to and how they start. */
export interface QuestionOwnership {
  courseId: number;
  schoolId: number;
  /** A teacher's own question; null for the school's bank. */
  ownerId: number | null;
  origin: 'school' | 'user';
  status: number;
}

/** Inserts new questions (source keys are fresh) with their tree links; ids in the order given. */
export async function insertQuestions(
  tx: Executor,
  questions: { question: CheckedQuestion; sourceKey: string; tokens: string[] }[],
  owner: QuestionOwnership,
): Promise<number[]> {
  const ids = await write.upsertQuestions(
    tx,
    questions.map(({ question, sourceKey, tokens }) => ({
      ...columnsOf(question),
      courseId: owner.courseId,
      origin: owner.origin,
      sourceKey,
      schoolId: owner.schoolId,
      ownerId: owner.ownerId,
      status: owner.status,
      tokens,
    })),
  );
  const ordered = questions.map(({ sourceKey }) => ids.get(sourceKey)!);
  await write.replaceQuestionNodes(
    tx,
    ordered,
    questions.flatMap(({ question }, i) => question.nodeIds.map((nodeId) => ({ questionId: ordered[i]!, nodeId }))),
  );
  return ordered;
}

function columnsOf(question: CheckedQuestion) {
  return {
    typeId: question.typeId,
    difficulty: question.difficulty,
    stem: question.stem,
    options: question.options,
    answer: question.answer,
    explanation: question.explanation,
    year: question.year,
    gradeId: question.gradeId,
    score: question.score,
  };
}

/** Rewrites one question's content and tree links; its status and owner stay. */
export async function updateQuestion(tx: Executor, id: number, question: CheckedQuestion, tokens: string[]) {
  await tx
    .update(q)
    .set({ ...columnsOf(question), search: write.lexemes(tokens), updatedAt: new Date() })
    .where(eq(q.id, id));
  await write.replaceQuestionNodes(
    tx,
    [id],
    question.nodeIds.map((nodeId) => ({ questionId: id, nodeId })),
  );
}

/** What the rules need of a question: whose it is and its state. */
export async function questionStates(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: q.id,
      courseId: q.courseId,
      schoolId: q.schoolId,
      ownerId: q.ownerId,
      status: q.status,
      createdAt: q.createdAt,
      updatedAt: q.updatedAt,
    })
    .from(q)
    .where(inArray(q.id, ids));
}

export interface SchoolQuestionQuery {
  schoolId: number;
  courseId: number;
  statuses: number[];
  typeId?: number;
  difficulty?: number;
  keyword: KeywordQuery | null;
}

/** One page of the school bank, newest change first (the best keyword match first when searching). */
export async function schoolQuestionPage(
  db: Executor,
  query: SchoolQuestionQuery,
  page: { currentPage: number; pageSize: number },
) {
  const where = and(
    eq(q.schoolId, query.schoolId),
    isNull(q.ownerId),
    eq(q.courseId, query.courseId),
    inArray(q.status, query.statuses),
    query.typeId ? eq(q.typeId, query.typeId) : undefined,
    query.difficulty ? eq(q.difficulty, query.difficulty) : undefined,
    query.keyword ? sql`${q.search} @@ ${query.keyword.match}::tsquery` : undefined,
  );
  const order: SQL[] = [
    ...(query.keyword ? [sql`ts_rank(${q.search}, ${query.keyword.rank}::tsquery) desc`] : []),
    desc(q.updatedAt),
    desc(q.id),
  ];
  return idPage(db, where, order, page);
}

/** One page of a teacher's own imported questions, newest first. */
export async function ownQuestionPage(
  db: Executor,
  query: { ownerId: number; courseId?: number; keyword: KeywordQuery | null },
  page: { currentPage: number; pageSize: number },
) {
  const where = and(
    eq(q.ownerId, query.ownerId),
    query.courseId ? eq(q.courseId, query.courseId) : undefined,
    query.keyword ? sql`${q.search} @@ ${query.keyword.match}::tsquery` : undefined,
  );
  return idPage(db, where, [desc(q.createdAt), desc(q.id)], page);
}

async function idPage(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  page: { currentPage: number; pageSize: number },
) {
  const rows = await db
    .select({ id: q.id })
    .from(q)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(q).where(where);
  return { ids: rows.map((r) => r.id), total: Number(count?.total ?? 0) };
}

export async function setStatus(tx: Executor, ids: number[], status: number): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await tx
    .update(q)
    .set({ status, updatedAt: new Date() })
    .where(and(inArray(q.id, ids), sql`${q.status} <> ${status}`))
    .returning({ id: q.id });
  return changed.length;
}

/** Deletes the questions; their paper places go with them (foreign keys cascade). */
export async function deleteQuestions(tx: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx.delete(q).where(inArray(q.id, ids)).returning({ id: q.id });
  return deleted.length;
}
