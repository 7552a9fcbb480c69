import { type ParamsOf, questionBankSchoolApi, questionBankUserApi } from '@huikao/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import type { Owner } from './owner.ts';
import { questionBankKeys } from './queries.ts';

// Server state of the school bank, the teacher's papers, collections, downloads and own questions,
// under the feature's ['question-bank', …] keys so a write can invalidate a whole group.

type SchoolQuestionRequest = ParamsOf<typeof questionBankSchoolApi.getSchoolQuestions>;
type SchoolPaperRequest = ParamsOf<typeof questionBankSchoolApi.getSchoolPapers>;
type UserPaperRequest = ParamsOf<typeof questionBankUserApi.getUserPapers>;
type DownloadRequest = ParamsOf<typeof questionBankUserApi.getUserDownloadPapers>;
type OwnQuestionRequest = ParamsOf<typeof questionBankSchoolApi.getOwnQuestions>;

export const schoolBankKeys = {
  schoolQuestions: [...questionBankKeys.all, 'school-questions'] as const,
  schoolPapers: [...questionBankKeys.all, 'school-papers'] as const,
  userPapers: [...questionBankKeys.all, 'user-papers'] as const,
  downloads: [...questionBankKeys.all, 'downloads'] as const,
  ownQuestions: [...questionBankKeys.all, 'own-questions'] as const,
  collection: [...questionBankKeys.all, 'collection'] as const,
};

export const schoolBankQueries = {
  schoolQuestions: (request: SchoolQuestionRequest | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.schoolQuestions, 'list', request] as const,
      queryFn: ({ signal }) => call(questionBankSchoolApi.getSchoolQuestions, request!, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  schoolPapers: (request: SchoolPaperRequest | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.schoolPapers, 'list', request] as const,
      queryFn: ({ signal }) => call(questionBankSchoolApi.getSchoolPapers, request!, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  schoolPaper: (schoolId: string, paperId: string | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.schoolPapers, 'detail', paperId ?? ''] as const,
      queryFn: ({ signal }) =>
        call(questionBankSchoolApi.getSchoolPaperDetail, { schoolId, paperId: paperId ?? '' }, { signal }),
      enabled: !!paperId,
    }),
  userPapers: (request: UserPaperRequest | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.userPapers, 'list', request] as const,
      queryFn: ({ signal }) => call(questionBankUserApi.getUserPapers, request!, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  userPaper: (owner: Owner | null, paperId: string | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.userPapers, 'detail', paperId ?? ''] as const,
      queryFn: ({ signal }) =>
        call(questionBankUserApi.getUserPaperDetail, { ...owner!, paperId: paperId ?? '' }, { signal }),
      enabled: !!owner && !!paperId,
    }),
  downloads: (request: DownloadRequest | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.downloads, request] as const,
      queryFn: ({ signal }) => call(questionBankUserApi.getUserDownloadPapers, request!, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  ownQuestions: (request: OwnQuestionRequest | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.ownQuestions, request] as const,
      queryFn: ({ signal }) => call(questionBankSchoolApi.getOwnQuestions, request!, { signal }),
      placeholderData: keepPreviousData,
      enabled: request !== null,
    }),
  collectionNodes: (owner: Owner | null, courseId: string | null) =>
    queryOptions({
      queryKey: [...schoolBankKeys.collection, 'nodes', courseId ?? ''] as const,
      queryFn: ({ signal }) =>
        call(questionBankUserApi.getCollectionNodes, { ...owner!, courseId: courseId ?? '' }, { signal }),
      enabled: !!owner && !!courseId,
    }),
  collectionItems: (owner: Owner | null, nodeId: string | null, pageIndex: number, limit: number) =>
    queryOptions({
      queryKey: [...schoolBankKeys.collection, 'items', nodeId ?? '', pageIndex, limit] as const,
      queryFn: ({ signal }) =>
        call(questionBankUserApi.getCollectionItems, { ...owner!, nodeId: nodeId ?? '', pageIndex, limit }, { signal }),
      placeholderData: keepPreviousData,
      enabled: !!owner && !!nodeId,
    }),
};
