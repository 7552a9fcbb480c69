import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import * as write from '../import/write-repo.ts';
import { qbPaperQuestions, qbPaperSections, qbPapers, qbQuestions } from '../schema.ts';
import type { KeywordQuery } from '../search/search-query.ts';

// The school's own papers (qb_papers with the school's id): listing with their status, writing the
// paper and its sections, publishing (with its draft questions), withdrawing, deleting.

const p = qbPapers;

export interface SchoolPaperColumns {
  courseId: number;
  title: string;
  gradeId: number | null;
  paperTypeId: number | null;
  year: number | null;
}

export interface SectionLayout {
  title: string;
  questions: { questionId: number; score: number | null }[];
}

export async function insertPaper(
  tx: Executor,
  paper: SchoolPaperColumns & { schoolId: number; sourceKey: string; tokens: string[] },
): Promise<number> {
  const ids = await write.upsertPapers(tx, [{ ...paper, origin: 'school', status: 2, areaId: null }]);
  return ids.get(paper.sourceKey)!;
}

export async function updatePaper(tx: Executor, id: number, paper: SchoolPaperColumns, tokens: string[]) {
  await tx
    .update(p)
    .set({ ...paper, search: write.lexemes(tokens) })
    .where(eq(p.id, id));
}

/** The paper's sections and questions, replaced as a whole, in the order given. */
export async function replaceLayout(tx: Executor, paperId: number, sections: SectionLayout[]) {
  await tx.delete(qbPaperSections).where(eq(qbPaperSections.paperId, paperId));
  const ids = await write.ensureSections(
    tx,
    sections.map((section, sortOrder) => ({ paperId, title: section.title, sortOrder })),
  );
  let order = 0;
  await write.upsertPaperQuestions(
    tx,
    sections.flatMap((section) =>
      section.questions.map((question) => ({
        paperId,
        sectionId: ids.get(`${paperId}:${section.title}`)!,
        questionId: question.questionId,
        sortOrder: order++,
        score: question.score,
      })),
    ),
  );
}

export async function paperStates(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: p.id, schoolId: p.schoolId, status: p.status, courseId: p.courseId, createdAt: p.createdAt })
    .from(p)
    .where(inArray(p.id, ids));
}

export interface SchoolPaperQuery {
  schoolId: number;
  statuses: number[];
  courseId?: number;
  gradeId?: number;
  paperTypeId?: number;
  keyword: KeywordQuery | null;
}

export async function schoolPaperPage(
  db: Executor,
  query: SchoolPaperQuery,
  page: { currentPage: number; pageSize: number },
) {
  const where = and(
    eq(p.schoolId, query.schoolId),
    inArray(p.status, query.statuses),
    query.courseId ? eq(p.courseId, query.courseId) : undefined,
    query.gradeId ? eq(p.gradeId, query.gradeId) : undefined,
    query.paperTypeId ? eq(p.paperTypeId, query.paperTypeId) : undefined,
    query.keyword ? sql`${p.search} @@ ${query.keyword.match}::tsquery` : undefined,
  );
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(
      ...(query.keyword ? [sql`ts_rank(${p.search}, ${query.keyword.rank}::tsquery) desc`] : []),
      desc(p.createdAt),
      desc(p.id),
    )
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(p).where(where);
  return { ids: rows.map((r) => r.id), total: Number(count?.total ?? 0) };
}

export async function setPaperStatus(tx: Executor, ids: number[], status: number): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await tx
    .update(p)
    .set({ status })
    .where(and(inArray(p.id, ids), sql`${p.status} <> ${status}`))
    .returning({ id: p.id });
  return changed.length;
}

/** The school's draft questions of these papers become published with them. */
export async function publishDraftQuestionsOf(tx: Executor, schoolId: number, paperIds: number[]) {
  const q = qbQuestions;
  await tx
    .update(q)
    .set({ status: 1, updatedAt: new Date() })
    .where(
      and(
        eq(q.schoolId, schoolId),
        isNull(q.ownerId),
        eq(q.status, 2),
        inArray(
          q.id,
          tx
            .select({ id: qbPaperQuestions.questionId })
            .from(qbPaperQuestions)
            .where(inArray(qbPaperQuestions.paperId, paperIds)),
        ),
      ),
    );
}

export async function deletePapers(tx: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx.delete(p).where(inArray(p.id, ids)).returning({ id: p.id });
  return deleted.length;
}
