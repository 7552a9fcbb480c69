import type { PaperFilter, PaperSummary } from '@huikao/contracts';
import { roundHalfUp } from '@huikao/stats';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { eduCourses, eduGrades } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { qbAreas, qbPaperQuestions, qbPaperSections, qbPapers, qbPaperTypes } from '../schema.ts';
import type { KeywordQuery } from './search-query.ts';

// Reads of the paper library (papers/get, get/ids, detail).

const p = qbPapers;
const counts = sql`(select count(*)::int as n, coalesce(sum(score), 0)::real as total, paper_id
  from ${qbPaperQuestions} group by paper_id)`;

export function paperConditions(filter: PaperFilter, schoolId: number, keyword: KeywordQuery | null): SQL[] {
  const where: (SQL | undefined)[] = [
    eq(p.status, 1),
    or(isNull(p.schoolId), eq(p.schoolId, schoolId)),
    filter.courseId ? eq(p.courseId, Number(filter.courseId)) : undefined,
    filter.schoolId ? eq(p.schoolId, Number(filter.schoolId)) : undefined,
    filter.gradeId ? eq(p.gradeId, Number(filter.gradeId)) : undefined,
    filter.paperType ? eq(p.paperTypeId, Number(filter.paperType)) : undefined,
    filter.year ? eq(p.year, filter.year) : undefined,
    filter.areaId ? eq(p.areaId, Number(filter.areaId)) : undefined,
    keyword ? sql`${p.search} @@ ${keyword.match}::tsquery` : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

const ORDERS: Record<number, SQL[]> = {
  1: [sql`${p.year} desc nulls last`, sql`${p.id} desc`],
  2: [sql`${p.timesUsed} desc`, sql`${p.id} desc`],
};

export async function findPaperPage(
  db: Executor,
  where: SQL[],
  order: number,
  keyword: KeywordQuery | null,
  page: { currentPage: number; pageSize: number },
) {
  const ids = await db
    .select({ id: p.id })
    .from(p)
    .where(and(...where))
    .orderBy(
      ...(keyword ? [sql`ts_rank(${p.search}, ${keyword.rank}::tsquery) desc`] : []),
      ...(ORDERS[order] ?? ORDERS[1]!),
    )
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(p)
    .where(and(...where));
  return { ids: ids.map((r) => r.id), total: Number(count?.total ?? 0) };
}

export async function paperAccess(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: p.id, schoolId: p.schoolId, status: p.status }).from(p).where(inArray(p.id, ids));
}

export async function paperSummaries(db: Executor, ids: number[]): Promise<PaperSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: p.id,
      courseId: p.courseId,
      courseName: eduCourses.name,
      title: p.title,
      year: p.year,
      areaId: p.areaId,
      areaName: qbAreas.name,
      gradeId: p.gradeId,
      gradeName: eduGrades.name,
      paperTypeId: p.paperTypeId,
      paperTypeName: qbPaperTypes.name,
      timesUsed: p.timesUsed,
      schoolId: p.schoolId,
      questionCount: sql<number>`coalesce(c.n, 0)`,
      totalScore: sql<number>`coalesce(c.total, 0)`,
    })
    .from(p)
    .innerJoin(eduCourses, eq(eduCourses.id, p.courseId))
    .leftJoin(qbAreas, eq(qbAreas.id, p.areaId))
    .leftJoin(eduGrades, eq(eduGrades.id, p.gradeId))
    .leftJoin(qbPaperTypes, eq(qbPaperTypes.id, p.paperTypeId))
    .leftJoin(sql`${counts} c`, sql`c.paper_id = ${p.id}`)
    .where(inArray(p.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const s = (n: number | null) => (n === null ? null : String(n));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        paperId: String(r.id),
        courseId: String(r.courseId),
        courseName: r.courseName,
        title: r.title,
        year: r.year,
        areaId: s(r.areaId),
        areaName: r.areaName,
        gradeId: s(r.gradeId),
        gradeName: r.gradeName,
        paperTypeId: s(r.paperTypeId),
        paperTypeName: r.paperTypeName,
        questionCount: Number(r.questionCount),
        totalScore: roundHalfUp(Number(r.totalScore)),
        timesUsed: r.timesUsed,
        schoolId: s(r.schoolId),
      },
    ];
  });
}

/** The paper's sections in order, each with its question ids and scores in order. */
export async function paperLayout(db: Executor, paperId: number) {
  const rows = await db
    .select({
      sectionId: qbPaperSections.id,
      title: qbPaperSections.title,
      questionId: qbPaperQuestions.questionId,
      score: qbPaperQuestions.score,
    })
    .from(qbPaperSections)
    .leftJoin(
      qbPaperQuestions,
      and(eq(qbPaperQuestions.sectionId, qbPaperSections.id), eq(qbPaperQuestions.paperId, paperId)),
    )
    .where(eq(qbPaperSections.paperId, paperId))
    .orderBy(asc(qbPaperSections.sortOrder), asc(qbPaperSections.id), asc(qbPaperQuestions.sortOrder));
  const sections: { title: string; questions: { questionId: number; score: number | null }[] }[] = [];
  const bySection = new Map<number, (typeof sections)[number]>();
  for (const row of rows) {
    let section = bySection.get(row.sectionId);
    if (!section) {
      section = { title: row.title, questions: [] };
      bySection.set(row.sectionId, section);
      sections.push(section);
    }
    if (row.questionId !== null) section.questions.push({ questionId: row.questionId, score: row.score });
  }
  return sections;
}
