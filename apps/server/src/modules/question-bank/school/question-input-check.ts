import type { BankQuestionInput, ImportedQuestion, Named } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { grades, nodesOf, questionTypesOf } from '../catalogue/catalogue-repo.ts';
import { NODE_KIND } from '../catalogue/catalogue-service.ts';
import { normalizeAnswer, optionProblems, type ReadQuestion } from '../import/parse-question-fields.ts';

// The checks a question meets against its course before it is saved, whether it came from an Excel
// row, a Word paper, the preview's corrections or the edit form: the type is one of the course's,
// knowledge points and chapters are nodes of the course's trees, an objective answer names options
// that exist. The preview runs them to show each question's problems; the save runs them again.

interface TreeNodeRef {
  id: number;
  name: string;
}

export interface CourseCatalogue {
  courseId: number;
  types: { id: number; name: string }[];
  knowledge: TreeNodeRef[];
  chapters: TreeNodeRef[];
  gradeIds: Set<number>;
}

export async function loadCatalogue(db: Executor, courseId: number): Promise<CourseCatalogue> {
  const [types, knowledge, chapters, gradeRows] = [
    await questionTypesOf(db, courseId),
    await nodesOf(db, courseId, NODE_KIND.knowledge),
    await nodesOf(db, courseId, NODE_KIND.chapter),
    await grades(db),
  ];
  return {
    courseId,
    types: types.map((t) => ({ id: t.id, name: t.name })),
    knowledge: knowledge.map((n) => ({ id: n.id, name: n.name })),
    chapters: chapters.map((n) => ({ id: n.id, name: n.name })),
    gradeIds: new Set(gradeRows.map((g) => g.id)),
  };
}

/** A name written by a teacher, or the last part of a path (函数 > 一次函数), to the course's node. */
function nodeNamed(nodes: TreeNodeRef[], written: string): TreeNodeRef | undefined {
  const name = written
    .split(/\s*[>＞/]\s*/)
    .at(-1)!
    .trim();
  return nodes.find((node) => node.name === name);
}

function namesToNodes(nodes: TreeNodeRef[], names: string[], tree: string, errors: string[]): Named[] {
  const found: Named[] = [];
  for (const written of names) {
    const node = nodeNamed(nodes, written);
    if (node) found.push({ id: String(node.id), name: node.name });
    else errors.push(`${tree}“${written}”不在本学科的${tree}树上`);
  }
  return found;
}

/** A read question resolved against the course: ids for names, the course's rules as problems. */
export function resolveRead(catalogue: CourseCatalogue, read: ReadQuestion): ImportedQuestion {
  const errors = [...read.errors];
  const type = catalogue.types.find((t) => t.name === read.typeName);
  if (read.typeName && !type) {
    errors.push(`题型“${read.typeName}”不是本学科的题型，可选：${catalogue.types.map((t) => t.name).join('、')}`);
  }
  if (!read.stem && !errors.includes('题干不能为空')) errors.push('题干不能为空');
  const typeName = type?.name ?? read.typeName;
  let answer = read.answer;
  if (type && read.errors.length === 0) {
    errors.push(...optionProblems(typeName, read.options));
    const normalized = normalizeAnswer(typeName, read.answer, read.options.length);
    answer = normalized.answer;
    if (normalized.error) errors.push(normalized.error);
  }
  const knowledgePoints = namesToNodes(catalogue.knowledge, read.knowledgeNames, '知识点', errors);
  const chapters = namesToNodes(catalogue.chapters, read.chapterNames, '章节', errors);
  return {
    no: read.no,
    rowNo: read.rowNo,
    section: read.section,
    questionTypeId: type ? String(type.id) : null,
    questionTypeName: typeName,
    difficulty: read.difficulty,
    stem: read.stem,
    options: read.options,
    answer,
    explanation: read.explanation,
    knowledgePoints,
    chapters,
    year: read.year,
    gradeId: read.gradeId === null ? null : String(read.gradeId),
    score: read.score,
    notes: read.notes,
    errors: [...new Set(errors)],
  };
}

/** A question ready to write: the input with the answer in the bank's form and ids as numbers. */
export interface CheckedQuestion {
  typeId: number;
  typeName: string;
  difficulty: number;
  stem: string;
  options: string[] | null;
  answer: string;
  explanation: string;
  nodeIds: number[];
  year: number | null;
  gradeId: number | null;
  score: number | null;
  section: string | null;
}

/** The save's checks; the first problem refuses the whole save, naming the question. */
export function checkInput(catalogue: CourseCatalogue, input: BankQuestionInput, label: string): CheckedQuestion {
  const refuse = (problem: string) => badInput(`${label}：${problem}`);
  const type = catalogue.types.find((t) => String(t.id) === input.questionTypeId);
  if (!type) throw refuse('题型不是本学科的题型');
  const options = input.options;
  const [optionProblem] = optionProblems(type.name, options);
  if (optionProblem) throw refuse(optionProblem);
  const { answer, error } = normalizeAnswer(type.name, input.answer, options.length);
  if (error) throw refuse(error);
  const nodeIds: number[] = [];
  for (const [ids, nodes, tree] of [
    [input.knowledgePointIds, catalogue.knowledge, '知识点'],
    [input.chapterIds, catalogue.chapters, '章节'],
  ] as const) {
    for (const id of new Set(ids)) {
      if (!nodes.some((node) => String(node.id) === id)) throw refuse(`${tree}不属于本学科`);
      nodeIds.push(Number(id));
    }
  }
  const gradeId = input.gradeId === null ? null : Number(input.gradeId);
  if (gradeId !== null && !catalogue.gradeIds.has(gradeId)) throw refuse('年级不存在');
  return {
    typeId: type.id,
    typeName: type.name,
    difficulty: input.difficulty,
    stem: input.stem,
    options: options.length > 0 ? options : null,
    answer,
    explanation: input.explanation,
    nodeIds,
    year: input.year,
    gradeId,
    score: input.score,
    section: input.section || null,
  };
}
