import {
  type AnalysisSettings,
  examsApi,
  type MultiExam,
  type ParamsOf,
  type SchoolClass,
  type SchoolGrade,
  type ScoreConfig,
  schoolBaseApi,
} from '@huikao/contracts';
import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callUpload } from '../../lib/api-client.ts';
import { readStoredUser } from '../../lib/session.ts';

// Server state of the analysis-manager (成绩管理) and exam-doc (考试文档) screens: one key factory
// under ['exams-manager', schoolId, …], one query builder per call, and hooks for every change,
// each invalidating what it changes.

/** roles-and-permissions.md: a type 5 administrator changes settings; a type 1 teacher reads them. */
export function useManagerContext() {
  const user = readStoredUser();
  return { schoolId: user?.schoolId ?? '', canEdit: user?.type === 5 };
}

export interface ExamListParams {
  schyId?: string;
  gradeId?: string;
  status?: number;
  keyword?: string;
  currentPage: number;
  pageSize: number;
}
export interface RecordListParams {
  seId?: string;
  status?: number;
  currentPage: number;
  pageSize: number;
}
export interface DocListParams {
  meId?: string;
  keyword?: string;
  currentPage: number;
  pageSize: number;
}

export const managerKeys = {
  all: (schoolId: string) => ['exams-manager', schoolId] as const,
  exams: (schoolId: string, params?: ExamListParams) =>
    params === undefined
      ? ([...managerKeys.all(schoolId), 'exams'] as const)
      : ([...managerKeys.all(schoolId), 'exams', params] as const),
  grades: (schoolId: string) => [...managerKeys.all(schoolId), 'grades'] as const,
  classes: (schoolId: string, termId: string) => [...managerKeys.all(schoolId), 'classes', termId] as const,
  examClasses: (schoolId: string, meId: string) => [...managerKeys.all(schoolId), 'exam-classes', meId] as const,
  ssc: (schoolId: string) => [...managerKeys.all(schoolId), 'ssc'] as const,
  ela: (schoolId: string) => [...managerKeys.all(schoolId), 'ela'] as const,
  records: (schoolId: string, params?: RecordListParams) =>
    params === undefined
      ? ([...managerKeys.all(schoolId), 'records'] as const)
      : ([...managerKeys.all(schoolId), 'records', params] as const),
  docs: (schoolId: string, params?: DocListParams) =>
    params === undefined
      ? ([...managerKeys.all(schoolId), 'docs'] as const)
      : ([...managerKeys.all(schoolId), 'docs', params] as const),
  papers: (schoolId: string, seId?: string) =>
    seId === undefined
      ? ([...managerKeys.all(schoolId), 'papers'] as const)
      : ([...managerKeys.all(schoolId), 'papers', seId] as const),
};

const emptyToUndefined = (value: string | undefined) => (value ? value : undefined);

export const managerQueries = {
  exams: (schoolId: string, params: ExamListParams) =>
    queryOptions({
      queryKey: managerKeys.exams(schoolId, params),
      queryFn: ({ signal }) =>
        call(
          examsApi.findMultiExamBySchoolIdYear,
          {
            schoolId,
            schyId: emptyToUndefined(params.schyId),
            gradeId: emptyToUndefined(params.gradeId),
            status: params.status,
            keyword: emptyToUndefined(params.keyword),
            currentPage: params.currentPage,
            pageSize: params.pageSize,
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  grades: (schoolId: string) =>
    queryOptions({
      queryKey: managerKeys.grades(schoolId),
      // The contracts type school-base query responses as unknown; this is the schema's type.
      queryFn: ({ signal }) => call(schoolBaseApi.gradeCourses, { schoolId }, { signal }) as Promise<SchoolGrade[]>,
    }),
  classes: (schoolId: string, termId: string) =>
    queryOptions({
      queryKey: managerKeys.classes(schoolId, termId),
      queryFn: ({ signal }) => call(schoolBaseApi.classes, { schoolId, termId }, { signal }) as Promise<SchoolClass[]>,
      enabled: termId !== '',
    }),
  /** The classes sitting an exam: those of its exam students (every subject is sat by the same classes). */
  examClasses: (schoolId: string, exam: MultiExam | null) =>
    queryOptions({
      queryKey: managerKeys.examClasses(schoolId, exam?.meId ?? ''),
      queryFn: async ({ signal }) => {
        const classes = new Map<string, string>();
        for (const single of exam?.singleExams ?? []) {
          for (let currentPage = 1; ; currentPage++) {
            const page = await call(
              examsApi.findExamStudentsBySeId,
              { schoolId, seId: single.seId, currentPage, pageSize: 500 },
              { signal },
            );
            for (const student of page.list) classes.set(student.classId, student.className);
            if (page.list.length === 0 || currentPage * 500 >= page.total) break;
          }
          // The first subject with students names the classes.
          if (classes.size > 0) break;
        }
        return [...classes].map(([classId, name]) => ({ classId, name }));
      },
      enabled: exam !== null,
    }),
  ssc: (schoolId: string) =>
    queryOptions({
      queryKey: managerKeys.ssc(schoolId),
      queryFn: ({ signal }) => call(examsApi.getSSCBySchoolId, { schoolId }, { signal }),
    }),
  ela: (schoolId: string) =>
    queryOptions({
      queryKey: managerKeys.ela(schoolId),
      queryFn: ({ signal }) => call(examsApi.getELABySchoolId, { schoolId }, { signal }),
    }),
  records: (schoolId: string, params: RecordListParams) =>
    queryOptions({
      queryKey: managerKeys.records(schoolId, params),
      queryFn: ({ signal }) => call(examsApi.findScoreRecords, { schoolId, ...params }, { signal }),
      placeholderData: keepPreviousData,
    }),
  docs: (schoolId: string, params: DocListParams) =>
    queryOptions({
      queryKey: managerKeys.docs(schoolId, params),
      queryFn: ({ signal }) =>
        call(
          examsApi.getExamDocListBySchoolId,
          { schoolId, ...params, meId: emptyToUndefined(params.meId), keyword: emptyToUndefined(params.keyword) },
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  papers: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: managerKeys.papers(schoolId, seId),
      queryFn: ({ signal }) => call(examsApi.findStandardPaperBySeId, { schoolId, seId }, { signal }),
      enabled: seId !== '',
    }),
};

type Without<E> = Omit<ParamsOf<E>, 'schoolId'>;
type Keys = typeof managerKeys;

function useManagerMutation<Variables, Result>(
  run: (schoolId: string, variables: Variables) => Promise<Result>,
  affected: (keys: Keys, schoolId: string) => QueryKey[],
) {
  const queryClient = useQueryClient();
  const { schoolId } = useManagerContext();
  return useMutation({
    mutationFn: (variables: Variables) => run(schoolId, variables),
    onSuccess: () =>
      Promise.all(affected(managerKeys, schoolId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// Publishing (考试发布).
export const usePublishExam = () =>
  useManagerMutation(
    (schoolId, v: { meId: string; toStudents: boolean; settings: AnalysisSettings }) =>
      call(examsApi.publishMultiExam, { schoolId, ...v }),
    (k, s) => [k.exams(s)],
  );
export const useWithdrawExam = () =>
  useManagerMutation(
    (schoolId, meId: string) => call(examsApi.updateMultiExamStatus, { schoolId, meId, status: 3 }),
    (k, s) => [k.exams(s)],
  );
export const useSaveExamSettings = () =>
  useManagerMutation(
    (schoolId, v: { meId: string; settings: AnalysisSettings; hiddenStudentOrder: string }) =>
      call(examsApi.saveExamAnalysisSettings, { schoolId, ...v }),
    (k, s) => [k.exams(s)],
  );

// Score corrections (成绩更正).
export const useApproveRecords = () =>
  useManagerMutation(
    (schoolId, recordIds: string[]) => call(examsApi.updateSESQRecordToStuScoreByIds, { schoolId, recordIds }),
    (k, s) => [k.records(s)],
  );
export const useRejectRecord = () =>
  useManagerMutation(
    (schoolId, recordId: string) => call(examsApi.updateScoreRecord, { schoolId, recordId, status: 3 }),
    (k, s) => [k.records(s)],
  );

// School settings (SSC, ELA).
export const useSaveSSC = () =>
  useManagerMutation(
    (schoolId, config: ScoreConfig) => call(examsApi.saveOrUpdateSSC, { schoolId, config }),
    (k, s) => [k.ssc(s)],
  );
export const useSaveELA = () =>
  useManagerMutation(
    (schoolId, v: Without<typeof examsApi.saveOrUpdateELA>) => call(examsApi.saveOrUpdateELA, { schoolId, ...v }),
    (k, s) => [k.ela(s)],
  );
export const useDeleteELA = () =>
  useManagerMutation(
    (schoolId, elaId: string) => call(examsApi.deleteELA, { schoolId, elaId }),
    (k, s) => [k.ela(s)],
  );

// Exam documents and standard papers.
export const useUploadDoc = () =>
  useManagerMutation(
    (schoolId, v: { meId: string; seId?: string; kind: number; file: File }) =>
      callUpload(examsApi.uploadExamDoc, { schoolId, meId: v.meId, seId: v.seId, kind: v.kind }, v.file),
    (k, s) => [k.docs(s)],
  );
export const useDeleteDoc = () =>
  useManagerMutation(
    (schoolId, docId: string) => call(examsApi.deleteExamDoc, { schoolId, docId }),
    // A paper linked to the document shows its file name.
    (k, s) => [k.docs(s), k.papers(s)],
  );
export type PaperFields = Without<typeof examsApi.saveStandardPaper> & { spId?: string };
export const useSavePaper = () =>
  useManagerMutation(
    (schoolId, { spId, seId, kind, ...fields }: PaperFields) =>
      spId
        ? call(examsApi.updateStandardPaper, { schoolId, spId, ...fields })
        : call(examsApi.saveStandardPaper, { schoolId, seId, kind, ...fields }),
    (k, s) => [k.papers(s)],
  );
export const useDeletePaper = () =>
  useManagerMutation(
    (schoolId, spId: string) => call(examsApi.deleteStandardPaper, { schoolId, spId }),
    (k, s) => [k.papers(s)],
  );
