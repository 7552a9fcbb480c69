import { questionBankApi } from '@huikao/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import type { PaperRequest, QuestionRequest } from './filters.ts';

// Server state of the question screens: one key factory under ['question-bank', …], one query
// builder per call. Catalogue data (courses, base data, trees) changes rarely: kept 10 minutes.

const CATALOGUE_STALE_MS = 10 * 60 * 1000;

export const questionBankKeys = {
  all: ['question-bank'] as const,
  courses: (stageCode: number) => [...questionBankKeys.all, 'courses', stageCode] as const,
  base: (courseId: string) => [...questionBankKeys.all, 'base', courseId] as const,
  nodes: (courseId: string, type: number) => [...questionBankKeys.all, 'nodes', courseId, type] as const,
  editions: (courseId: string) => [...questionBankKeys.all, 'ctv', courseId] as const,
  chapters: (rootId: string) => [...questionBankKeys.all, 'ccn-by-root', rootId] as const,
  questions: (request: QuestionRequest) => [...questionBankKeys.all, 'questions', request] as const,
  similar: (quesId: string) => [...questionBankKeys.all, 'similar', quesId] as const,
  papers: (request: PaperRequest) => [...questionBankKeys.all, 'papers', request] as const,
  paper: (paperId: string) => [...questionBankKeys.all, 'paper', paperId] as const,
};

export const questionBankQueries = {
  courses: (stageCode: number) =>
    queryOptions({
      queryKey: questionBankKeys.courses(stageCode),
      queryFn: ({ signal }) => call(questionBankApi.getCourses, { stageCode }, { signal }),
      staleTime: CATALOGUE_STALE_MS,
    }),
  base: (courseId: string | null) =>
    queryOptions({
      queryKey: questionBankKeys.base(courseId ?? ''),
      queryFn: ({ signal }) => call(questionBankApi.getBase, { courseId: courseId ?? '' }, { signal }),
      staleTime: CATALOGUE_STALE_MS,
      enabled: !!courseId,
    }),
  /** type 1 知识点, 2 教材章节. */
  nodes: (courseId: string | null, type: 1 | 2) =>
    queryOptions({
      queryKey: questionBankKeys.nodes(courseId ?? '', type),
      queryFn: ({ signal }) => call(questionBankApi.getNodes, { courseId: courseId ?? '', type }, { signal }),
      staleTime: CATALOGUE_STALE_MS,
      enabled: !!courseId,
    }),
  editions: (courseId: string | null) =>
    queryOptions({
      queryKey: questionBankKeys.editions(courseId ?? ''),
      queryFn: ({ signal }) => call(questionBankApi.getCtv, { courseId: courseId ?? '' }, { signal }),
      staleTime: CATALOGUE_STALE_MS,
      enabled: !!courseId,
    }),
  /** The chapters and sections under one volume. */
  chapters: (rootId: string | undefined) =>
    queryOptions({
      queryKey: questionBankKeys.chapters(rootId ?? ''),
      queryFn: ({ signal }) => call(questionBankApi.getCcnByRoot, { rootId: rootId ?? '' }, { signal }),
      staleTime: CATALOGUE_STALE_MS,
      enabled: !!rootId,
    }),
  questions: (request: QuestionRequest | null) =>
    queryOptions({
      queryKey: questionBankKeys.questions(request ?? ({} as QuestionRequest)),
      queryFn: ({ signal }) => call(questionBankApi.getFast, request as QuestionRequest, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  similar: (quesId: string | null) =>
    queryOptions({
      queryKey: questionBankKeys.similar(quesId ?? ''),
      queryFn: ({ signal }) => call(questionBankApi.getSimilar, { quesId: quesId ?? '' }, { signal }),
      enabled: !!quesId,
    }),
  papers: (request: PaperRequest | null) =>
    queryOptions({
      queryKey: questionBankKeys.papers(request ?? ({} as PaperRequest)),
      queryFn: ({ signal }) => call(questionBankApi.getPapers, request as PaperRequest, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  paper: (paperId: string | null) =>
    queryOptions({
      queryKey: questionBankKeys.paper(paperId ?? ''),
      queryFn: ({ signal }) => call(questionBankApi.getPaperDetail, { paperId: paperId ?? '' }, { signal }),
      enabled: !!paperId,
    }),
};
