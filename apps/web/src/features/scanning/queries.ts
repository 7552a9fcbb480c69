import { type CardStatus, type ExamQuestion, examsApi, type QuestionGroup, scanningCardsApi } from '@huikao/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, callFile } from '../../lib/api-client.ts';
import { readStoredUser } from '../../lib/session.ts';

// Server state of the answer-card screens: one key factory under ['scanning', schoolId, …], one
// query builder per call.

export interface CardListFilter {
  meId?: string;
  status?: CardStatus;
  keyword?: string;
}

export const cardKeys = {
  all: (schoolId: string) => ['scanning', schoolId] as const,
  lists: (schoolId: string) => [...cardKeys.all(schoolId), 'cards'] as const,
  list: (schoolId: string, filter: CardListFilter) => [...cardKeys.lists(schoolId), filter] as const,
  /** Everything of one single exam's card and making page. */
  subject: (schoolId: string, seId: string) => [...cardKeys.all(schoolId), 'subject', seId] as const,
  template: (schoolId: string, seId: string) => [...cardKeys.subject(schoolId, seId), 'template'] as const,
  pdf: (schoolId: string, templateId: string, version: number, revision: number) =>
    [...cardKeys.all(schoolId), 'pdf', templateId, version, revision] as const,
};

/** Who is asking, and whether they may change cards (the server decides; the browser only hides). */
export interface CardContext {
  schoolId: string;
  type: number;
  /**
   * Works on the cards it is shown: the administrator (type 5) every card of the school, a teacher
   * (type 1) those of exams they created or teach (the server lists only those, decisions.md
   * 2026-11-26).
   */
  canManage: boolean;
  /** Changes the exam itself (its questions, standard papers): the administrator only. */
  canEditExam: boolean;
}

export function useCardContext(): CardContext {
  const user = readStoredUser();
  const type = user?.type ?? 0;
  return { schoolId: user?.schoolId ?? '', type, canManage: type === 5 || type === 1, canEditExam: type === 5 };
}

export const cardQueries = {
  list: (schoolId: string, filter: CardListFilter) =>
    queryOptions({
      queryKey: cardKeys.list(schoolId, filter),
      queryFn: ({ signal }) => call(scanningCardsApi.findExamTemplateList, { schoolId, ...filter }, { signal }),
      placeholderData: keepPreviousData,
      enabled: schoolId !== '',
    }),
  template: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: cardKeys.template(schoolId, seId),
      queryFn: ({ signal }) => call(scanningCardsApi.getExamTemplate, { schoolId, seId }, { signal }),
      enabled: seId !== '',
    }),
  parent: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: [...cardKeys.subject(schoolId, seId), 'parent'] as const,
      queryFn: ({ signal }) => call(scanningCardsApi.findTemplateParent, { schoolId, seId }, { signal }),
      enabled: seId !== '',
    }),
  info: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: [...cardKeys.subject(schoolId, seId), 'info'] as const,
      queryFn: ({ signal }) => call(scanningCardsApi.findWriterCollegeInfo, { schoolId, seId }, { signal }),
      enabled: seId !== '',
    }),
  courses: (schoolId: string, meId: string) =>
    queryOptions({
      queryKey: [...cardKeys.all(schoolId), 'courses', meId] as const,
      queryFn: ({ signal }) => call(scanningCardsApi.findTemplateCourses, { schoolId, meId }, { signal }),
      enabled: meId !== '',
    }),
  structure: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: [...cardKeys.subject(schoolId, seId), 'structure'] as const,
      queryFn: ({ signal }) =>
        call(examsApi.findExamQuestionAndGroup, { schoolId, seId }, { signal }) as Promise<{
          groups: QuestionGroup[];
          questions: ExamQuestion[];
        }>,
      enabled: seId !== '',
    }),
  standardPapers: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: [...cardKeys.subject(schoolId, seId), 'standard-papers'] as const,
      queryFn: ({ signal }) => call(scanningCardsApi.findStandardPaperBySeId, { schoolId, seId }, { signal }),
      enabled: seId !== '',
    }),
  /**
   * The blank card's PDF at one version and revision: the designer's live preview. Quiet (no
   * 拼命加载中 overlay over the page being designed); its failure is shown in the preview itself.
   */
  pdf: (schoolId: string, templateId: string, version: number, revision: number) =>
    queryOptions({
      queryKey: cardKeys.pdf(schoolId, templateId, version, revision),
      queryFn: ({ signal }) =>
        callFile(
          scanningCardsApi.downloadBlankCard,
          { schoolId, templateId, version },
          { signal, loading: false, silent: true },
        ),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
    }),
};
