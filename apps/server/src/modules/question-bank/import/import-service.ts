import { documentTokens } from '@huikao/text-search';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { NODE_KIND } from '../catalogue/catalogue-service.ts';
import { OBJECTIVE_TYPES, PATH_SEPARATOR, type QuestionDraft, type TreeDraft } from './import-model.ts';
import * as write from './write-repo.ts';

// Writes drafts of any importer: one transaction per file, bulk statements, idempotent by source key.
// Tokenising (CPU) happens before the transaction.

export interface ImportSummary {
  questions: number;
  papers: number;
  knowledgeLinks: number;
  chapterLinks: number;
  /** Knowledge or chapter paths that matched no node. */
  unmatchedPaths: number;
}

/** The deepest node on the path that exists (at least two levels, or the whole one-level path). */
function matchPath(paths: Map<string, number>, path: string): number | undefined {
  const parts = path.split(PATH_SEPARATOR).map((p) => p.trim());
  for (let n = parts.length; n >= Math.min(2, parts.length); n--) {
    const id = paths.get(parts.slice(0, n).join(PATH_SEPARATOR));
    if (id !== undefined) return id;
  }
  return undefined;
}

export async function importQuestionDrafts(db: Db, drafts: QuestionDraft[]): Promise<ImportSummary> {
  const tokens = drafts.map((d) => documentTokens(d.stem, ...(d.options ?? [])));
  const paperTokens = new Map(
    drafts.filter((d) => d.paper).map((d) => [d.paper!.sourceKey, documentTokens(d.paper!.title)]),
  );
  return db.transaction(async (tx) => {
    const courses = await write.courseIdsByName(tx);
    const courseOf = (d: QuestionDraft) => {
      const id = courses.get(d.courseName);
      if (id === undefined) throw badInput(`学科不存在：${d.courseName}`);
      return id;
    };
    const typeKeys = new Map<string, { courseId: number; name: string; objective: boolean }>();
    for (const d of drafts) {
      const courseId = courseOf(d);
      typeKeys.set(`${courseId}:${d.typeName}`, {
        courseId,
        name: d.typeName,
        objective: OBJECTIVE_TYPES.has(d.typeName),
      });
    }
    const types = await write.ensureQuestionTypes(tx, [...typeKeys.values()]);
    const areas = await write.ensureAreas(tx, [...new Set(drafts.flatMap((d) => (d.areaName ? [d.areaName] : [])))]);
    const paperTypes = await write.ensurePaperTypes(tx, [
      ...new Set(drafts.flatMap((d) => (d.paperTypeName ? [d.paperTypeName] : []))),
    ]);

    const paperDrafts = new Map<string, QuestionDraft>();
    for (const d of drafts) if (d.paper && !paperDrafts.has(d.paper.sourceKey)) paperDrafts.set(d.paper.sourceKey, d);
    const papers = await write.upsertPapers(
      tx,
      [...paperDrafts.entries()].map(([key, d]) => ({
        courseId: courseOf(d),
        title: d.paper!.title,
        year: d.year,
        areaId: d.areaName ? (areas.get(d.areaName) ?? null) : null,
        gradeId: d.gradeId,
        paperTypeId: d.paperTypeName ? (paperTypes.get(d.paperTypeName) ?? null) : null,
        origin: d.origin,
        sourceKey: key,
        schoolId: d.schoolId ?? null,
        tokens: paperTokens.get(key) ?? [],
      })),
    );

    const ids = await write.upsertQuestions(
      tx,
      drafts.map((d, i) => {
        const courseId = courseOf(d);
        return {
          courseId,
          typeId: types.get(`${courseId}:${d.typeName}`)!,
          difficulty: d.difficulty,
          stem: d.stem,
          options: d.options,
          answer: d.answer,
          explanation: d.explanation,
          year: d.year,
          areaId: d.areaName ? (areas.get(d.areaName) ?? null) : null,
          gradeId: d.gradeId,
          paperTypeId: d.paperTypeName ? (paperTypes.get(d.paperTypeName) ?? null) : null,
          sourcePaper: d.sourcePaper,
          sourcePaperId: d.paper ? (papers.get(d.paper.sourceKey) ?? null) : null,
          score: d.score,
          origin: d.origin,
          sourceKey: d.sourceKey,
          schoolId: d.schoolId ?? null,
          tokens: tokens[i]!,
        };
      }),
    );

    const trees = new Map<string, Map<string, number>>();
    const treeOf = async (courseId: number, kind: number) => {
      const key = `${courseId}:${kind}`;
      if (!trees.has(key)) trees.set(key, await write.nodePaths(tx, courseId, kind));
      return trees.get(key)!;
    };
    const links: { questionId: number; nodeId: number }[] = [];
    const summary: ImportSummary = {
      questions: ids.size,
      papers: papers.size,
      knowledgeLinks: 0,
      chapterLinks: 0,
      unmatchedPaths: 0,
    };
    for (const d of drafts) {
      const questionId = ids.get(d.sourceKey)!;
      const courseId = courseOf(d);
      for (const [kind, paths] of [
        [NODE_KIND.knowledge, d.knowledgePaths],
        [NODE_KIND.chapter, d.chapterPaths],
      ] as const) {
        if (paths.length === 0) continue;
        const tree = await treeOf(courseId, kind);
        for (const path of paths) {
          const nodeId = matchPath(tree, path);
          if (nodeId === undefined) summary.unmatchedPaths++;
          else {
            links.push({ questionId, nodeId });
            if (kind === NODE_KIND.knowledge) summary.knowledgeLinks++;
            else summary.chapterLinks++;
          }
        }
      }
    }
    await write.replaceQuestionNodes(tx, [...ids.values()], links);

    const withPaper = drafts.filter((d) => d.paper && papers.has(d.paper.sourceKey));
    const sectionKeys = new Map<string, { paperId: number; title: string; sortOrder: number }>();
    for (const d of withPaper) {
      const paperId = papers.get(d.paper!.sourceKey)!;
      sectionKeys.set(`${paperId}:${d.paper!.section}`, {
        paperId,
        title: d.paper!.section,
        sortOrder: sectionKeys.size,
      });
    }
    const sections = await write.ensureSections(tx, [...sectionKeys.values()]);
    await write.upsertPaperQuestions(
      tx,
      withPaper.map((d) => {
        const paperId = papers.get(d.paper!.sourceKey)!;
        return {
          paperId,
          sectionId: sections.get(`${paperId}:${d.paper!.section}`)!,
          questionId: ids.get(d.sourceKey)!,
          sortOrder: d.paper!.order,
          score: d.score,
        };
      }),
    );
    return summary;
  });
}

/** Imports a knowledge (or chapter) tree for a course; idempotent by node path. */
export async function importTree(db: Db, courseName: string, kind: number, roots: TreeDraft[]): Promise<number> {
  return db.transaction(async (tx) => {
    const courseId = (await write.courseIdsByName(tx)).get(courseName);
    if (courseId === undefined) throw badInput(`学科不存在：${courseName}`);
    return (await write.upsertTree(tx, courseId, kind, roots)).size;
  });
}
