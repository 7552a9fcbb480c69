import { and, eq, inArray, sql } from 'drizzle-orm';
import { eduCourses } from '../../../db/schema.ts';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import {
  qbAreas,
  qbNodes,
  qbPaperQuestions,
  qbPaperSections,
  qbPapers,
  qbPaperTypes,
  qbQuestionNodes,
  qbQuestions,
  qbQuestionTypes,
} from '../schema.ts';
import { PATH_SEPARATOR, type TreeDraft } from './import-model.ts';

// Bulk writes of imports and seeds: upserts by natural keys, multi-row statements in chunks.

/** A tsvector from lexemes without spaces, built by the database from one text parameter. */
export const lexemes = (tokens: string[]) => sql`array_to_tsvector(string_to_array(${tokens.join(' ')}::text, ' '))`;

export async function courseIdsByName(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: eduCourses.id, name: eduCourses.name }).from(eduCourses);
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function ensureQuestionTypes(
  db: Executor,
  wanted: { courseId: number; name: string; objective: boolean }[],
) {
  if (wanted.length) {
    await db
      .insert(qbQuestionTypes)
      .values(
        wanted.map((w, i) => ({ courseId: w.courseId, name: w.name, objective: w.objective ? 1 : 0, sortOrder: i })),
      )
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: qbQuestionTypes.id, courseId: qbQuestionTypes.courseId, name: qbQuestionTypes.name })
    .from(qbQuestionTypes);
  return new Map(rows.map((r) => [`${r.courseId}:${r.name}`, r.id]));
}

async function ensureNamed(db: Executor, table: typeof qbAreas | typeof qbPaperTypes, names: string[]) {
  if (names.length)
    await db
      .insert(table)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  const rows = await db.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.name, r.id]));
}
export const ensureAreas = (db: Executor, names: string[]) => ensureNamed(db, qbAreas, names);
export const ensurePaperTypes = (db: Executor, names: string[]) => ensureNamed(db, qbPaperTypes, names);

/** Upserts a tree level by level; returns every node of the course and kind by path. */
export async function upsertTree(db: Executor, courseId: number, kind: number, roots: TreeDraft[]) {
  let level: { node: TreeDraft; parentPath: string | null; sort: number }[] = roots.map((node, sort) => ({
    node,
    parentPath: null,
    sort,
  }));
  const ids = await nodePaths(db, courseId, kind);
  for (let depth = 0; level.length; depth++) {
    const seen = new Set<string>();
    const rows = level.flatMap(({ node, parentPath, sort }) => {
      const path = parentPath === null ? node.name : `${parentPath}${PATH_SEPARATOR}${node.name}`;
      if (seen.has(path)) return [];
      seen.add(path);
      return [
        {
          courseId,
          kind,
          name: node.name,
          path,
          depth,
          sortOrder: sort,
          parentId: parentPath === null ? null : ids.get(parentPath)!,
        },
      ];
    });
    for (const chunk of chunksOf(rows)) {
      const written = await db
        .insert(qbNodes)
        .values(chunk)
        .onConflictDoUpdate({
          target: [qbNodes.courseId, qbNodes.kind, qbNodes.path],
          set: { sortOrder: sql`excluded.sort_order` },
        })
        .returning({ id: qbNodes.id, path: qbNodes.path });
      for (const w of written) ids.set(w.path, w.id);
    }
    level = level.flatMap(({ node, parentPath }) => {
      const path = parentPath === null ? node.name : `${parentPath}${PATH_SEPARATOR}${node.name}`;
      return (node.children ?? []).map((child, sort) => ({ node: child, parentPath: path, sort }));
    });
  }
  return ids;
}

export async function nodePaths(db: Executor, courseId: number, kind: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: qbNodes.id, path: qbNodes.path })
    .from(qbNodes)
    .where(and(eq(qbNodes.courseId, courseId), eq(qbNodes.kind, kind)));
  return new Map(rows.map((r) => [r.path, r.id]));
}

export type QuestionRow = Omit<typeof qbQuestions.$inferInsert, 'search' | 'id'> & { tokens: string[] };

/** Upserts questions by source key; returns their ids by source key. */
export async function upsertQuestions(db: Executor, rows: QuestionRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunksOf(rows)) {
    const written = await db
      .insert(qbQuestions)
      .values(chunk.map(({ tokens, ...row }) => ({ ...row, search: lexemes(tokens) })))
      .onConflictDoUpdate({
        target: qbQuestions.sourceKey,
        set: Object.fromEntries(
          [
            'course_id',
            'type_id',
            'difficulty',
            'stem',
            'options',
            'answer',
            'explanation',
            'year',
            'area_id',
            'grade_id',
            'paper_type_id',
            'source_paper',
            'source_paper_id',
            'score',
            'origin',
            'school_id',
            'search',
          ].map((column) => [
            column.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()),
            sql.raw(`excluded.${column}`),
          ]),
        ),
      })
      .returning({ id: qbQuestions.id, sourceKey: qbQuestions.sourceKey });
    for (const w of written) ids.set(w.sourceKey, w.id);
  }
  return ids;
}

/** Replaces the tree links of the given questions. */
export async function replaceQuestionNodes(
  db: Executor,
  questionIds: number[],
  links: { questionId: number; nodeId: number }[],
) {
  for (const chunk of chunksOf(questionIds, 5000)) {
    await db.delete(qbQuestionNodes).where(inArray(qbQuestionNodes.questionId, chunk));
  }
  for (const chunk of chunksOf(links, 2000)) {
    await db.insert(qbQuestionNodes).values(chunk).onConflictDoNothing();
  }
}

export type PaperRow = Omit<typeof qbPapers.$inferInsert, 'search' | 'id'> & { tokens: string[] };

export async function upsertPapers(db: Executor, rows: PaperRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunksOf(rows)) {
    const written = await db
      .insert(qbPapers)
      .values(chunk.map(({ tokens, ...row }) => ({ ...row, search: lexemes(tokens) })))
      .onConflictDoUpdate({
        target: qbPapers.sourceKey,
        set: { title: sql`excluded.title`, search: sql`excluded.search` },
      })
      .returning({ id: qbPapers.id, sourceKey: qbPapers.sourceKey });
    for (const w of written) ids.set(w.sourceKey, w.id);
  }
  return ids;
}

export async function ensureSections(db: Executor, rows: { paperId: number; title: string; sortOrder: number }[]) {
  for (const chunk of chunksOf(rows)) await db.insert(qbPaperSections).values(chunk).onConflictDoNothing();
  const paperIds = [...new Set(rows.map((r) => r.paperId))];
  const out = new Map<string, number>();
  for (const chunk of chunksOf(paperIds, 5000)) {
    const found = await db
      .select({ id: qbPaperSections.id, paperId: qbPaperSections.paperId, title: qbPaperSections.title })
      .from(qbPaperSections)
      .where(inArray(qbPaperSections.paperId, chunk));
    for (const f of found) out.set(`${f.paperId}:${f.title}`, f.id);
  }
  return out;
}

export async function upsertPaperQuestions(db: Executor, rows: (typeof qbPaperQuestions.$inferInsert)[]) {
  for (const chunk of chunksOf(rows, 2000)) {
    await db
      .insert(qbPaperQuestions)
      .values(chunk)
      .onConflictDoUpdate({
        target: [qbPaperQuestions.paperId, qbPaperQuestions.questionId],
        set: { sectionId: sql`excluded.section_id`, sortOrder: sql`excluded.sort_order`, score: sql`excluded.score` },
      });
  }
}

/**
 * After a bulk import: the planner's statistics, and the visibility map that lets a search read a
 * course's candidates from the order indexes alone (PGlite runs no autovacuum). Outside any
 * transaction, as VACUUM must be.
 */
export async function refreshSearchStatistics(db: Executor): Promise<void> {
  await db.execute(sql`vacuum (analyze) qb_questions, qb_question_nodes, qb_papers`);
}
