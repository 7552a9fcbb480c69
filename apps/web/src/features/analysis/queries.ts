import { analysisApi, examsApi, type ParamsOf, type ResultOf } from '@huikao/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

// Server state of the analysis centre: one key factory under ['analysis', schoolId, …] and one
// query per report call. Every report of an exam sits under analysisKeys.exam(…), so a finished
// recomputation refreshes the exam's pages with one invalidation.

type Api = typeof analysisApi;
type CallName = Exclude<keyof Api, 'exportReportWorkbook' | 'exportReportSummary' | 'recomputeReports'>;

export const analysisKeys = {
  all: (schoolId: string) => ['analysis', schoolId] as const,
  exams: (schoolId: string, source: 'teacher' | 'mine' | 'area', extra: object = {}) =>
    [...analysisKeys.all(schoolId), 'exams', source, extra] as const,
  /** Every report of one multi-exam. */
  exam: (schoolId: string, meId: string) => [...analysisKeys.all(schoolId), 'me', meId] as const,
  status: (schoolId: string, meId: string) => [...analysisKeys.exam(schoolId, meId), 'status'] as const,
  report: <N extends CallName>(schoolId: string, meId: string, name: N, params: ParamsOf<Api[N]>) =>
    [...analysisKeys.exam(schoolId, meId), name, params] as const,
};

/** A report call's query; `meId` files it under its exam (for a single exam's call, its multi-exam). */
export function reportQuery<N extends CallName>(name: N, meId: string, params: ParamsOf<Api[N]>, enabled = true) {
  const schoolId = String((params as { schoolId?: string }).schoolId ?? '');
  return queryOptions({
    queryKey: analysisKeys.report(schoolId, meId, name, params),
    // The endpoint of `name` takes `params`; the union of every endpoint is too wide for TS to follow.
    queryFn: ({ signal }) =>
      call(analysisApi[name] as Api[N], params as never, { signal }) as Promise<ResultOf<Api[N]>>,
    placeholderData: keepPreviousData,
    enabled: enabled && meId !== '',
  });
}

/** One report call of the page's exam, cached per parameters. */
export function useReport<N extends CallName>(name: N, meId: string, params: ParamsOf<Api[N]>, enabled = true) {
  return useQuery(reportQuery(name, meId, params, enabled));
}

export const analysisQueries = {
  /** The teacher area's exams with the caller's scope (a type 1 teacher's list holds only what they may read). */
  teacherExams: (schoolId: string, schoolYearId?: string) =>
    queryOptions({
      queryKey: analysisKeys.exams(schoolId, 'teacher', { schoolYearId }),
      queryFn: ({ signal }) =>
        call(analysisApi.getUserMultiExamByTeacherIdAndSchoolId, { schoolId, schoolYearId }, { signal }),
      enabled: schoolId !== '',
    }),
  /** A manager's exams (school area). */
  areaExams: (schoolId: string) =>
    queryOptions({
      queryKey: analysisKeys.exams(schoolId, 'area'),
      queryFn: ({ signal }) => call(analysisApi.findSchoolReportMe, {}, { signal }),
    }),
  status: (schoolId: string, meId: string, polling: boolean) =>
    queryOptions({
      queryKey: analysisKeys.status(schoolId, meId),
      queryFn: ({ signal }) => call(analysisApi.getReportStatus, { schoolId, meId }, { signal, silent: true }),
      enabled: meId !== '' && schoolId !== '' && polling,
      refetchInterval: polling ? STATUS_POLL_MS : false,
    }),
};

/** How often a computing report's progress is asked for. */
export const STATUS_POLL_MS = 2000;

/**
 * An exam's analysis settings (rank rule, lines, thresholds) for display choices; the exams feature's
 * key, so the 口径说明 drawer shares the answer. Quiet: without them the page uses the defaults.
 */
export function useExamSettings(schoolId: string, meId: string, enabled = true) {
  const exam = useQuery({
    queryKey: ['exams', schoolId, 'exam', meId],
    queryFn: ({ signal }) => call(examsApi.getMultiExamByMeId, { schoolId, meId }, { signal, silent: true }),
    enabled: enabled && schoolId !== '' && meId !== '',
    retry: false,
    staleTime: 60_000,
  });
  return exam.data?.settings;
}
