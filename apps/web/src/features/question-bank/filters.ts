import type { ParamsOf, questionBankApi } from '@huikao/contracts';

// The filter state of the question screens (spec §3 knowTopic, §9 defaults) and its mapping to the
// get_fast and papers/get requests. Every id filter is a string; '0' means 全部, as the spec's
// default filter ids do, and the request carries it as '0' (the server reads '0' as "any").

/** Spec §9: the default filter id string, i.e. 全部. */
export const ALL = '0';
/** Spec §9: question page size default 10; paper list page size 50. */
export const QUESTION_PAGE_SIZE = 10;
export const PAPER_PAGE_SIZE = 50;
export const QUESTION_PAGE_SIZES = [10, 20, 50] as const;

export interface QuestionFilters {
  questionTypeId: string;
  diffGradeId: string;
  paperTypeId: string;
  year: string;
  areaId: string;
  gradeId: string;
  keyword: string;
  /** 1 最新, 2 使用最多, 3 由易到难, 4 由难到易. */
  orderId: number;
  currentPage: number;
  pageSize: number;
}

/** Which tree narrows the list: a knowledge point (know-topic) or a textbook chapter (chapter-topic). */
export type TreeKind = 'knowledge' | 'chapter';
export interface TreeSelection {
  kind: TreeKind;
  /** The chosen node; undefined = the whole course. */
  nodeId?: string;
}

export function initialQuestionFilters(): QuestionFilters {
  return {
    questionTypeId: ALL,
    diffGradeId: ALL,
    paperTypeId: ALL,
    year: ALL,
    areaId: ALL,
    gradeId: ALL,
    keyword: '',
    orderId: 1,
    currentPage: 1,
    pageSize: QUESTION_PAGE_SIZE,
  };
}

/** Any change other than the page itself starts again at page 1. */
export function changeFilters(current: QuestionFilters, change: Partial<QuestionFilters>): QuestionFilters {
  const pageOnly = Object.keys(change).every((key) => key === 'currentPage');
  return { ...current, ...change, currentPage: pageOnly ? (change.currentPage ?? current.currentPage) : 1 };
}

export type QuestionRequest = ParamsOf<typeof questionBankApi.getFast>;

export function toQuestionRequest(courseId: string, tree: TreeSelection, filters: QuestionFilters): QuestionRequest {
  const keyword = filters.keyword.trim();
  const node = tree.nodeId ?? ALL;
  return {
    courseId,
    knowledgePointId: tree.kind === 'knowledge' ? node : ALL,
    tbCatalogNodesId: tree.kind === 'chapter' ? node : ALL,
    questionTypeId: filters.questionTypeId,
    diffGradeId: filters.diffGradeId,
    paperTypeId: filters.paperTypeId,
    year: filters.year,
    areaId: filters.areaId,
    gradeId: filters.gradeId,
    ...(keyword ? { keyword } : {}),
    orderId: filters.orderId,
    currentPage: filters.currentPage,
    pageSize: filters.pageSize,
  };
}

/** The paperTopic filters (spec §3); the keyword, paging and order come from the DataTable. */
export interface PaperFilters {
  gradeId: string;
  paperType: string;
  year: string;
  areaId: string;
  /** 1 最新, 2 使用最多. */
  orderId: number;
}

export function initialPaperFilters(): PaperFilters {
  return { gradeId: ALL, paperType: ALL, year: ALL, areaId: ALL, orderId: 1 };
}

export type PaperRequest = ParamsOf<typeof questionBankApi.getPapers>;

export function toPaperRequest(
  courseId: string,
  filters: PaperFilters,
  table: { keyword: string; currentPage: number; pageSize: number },
): PaperRequest {
  const keyword = table.keyword.trim();
  return {
    courseId,
    gradeId: filters.gradeId,
    paperType: filters.paperType,
    year: filters.year,
    areaId: filters.areaId,
    ...(keyword ? { keyword } : {}),
    orderId: filters.orderId,
    currentPage: table.currentPage,
    pageSize: table.pageSize,
  };
}
