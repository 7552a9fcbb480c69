import { scanningScansApi as api, type ExceptionResolution } from '@huikao/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readStoredUser } from '../../../lib/session.ts';

// 扫描's server state (issue #16): the exam's batches and their recognition progress, the
// exception queues with their counts, and the reconciliation per exam room. Recognition runs in
// background jobs, so whatever can still change is polled while pages are waiting.

/** How often progress is asked for while pages are still queued or being recognised. */
export const SCAN_POLL_MS = 1500;

export function useScanContext() {
  const user = readStoredUser();
  return { schoolId: user?.schoolId ?? '', canScan: user?.type === 5 };
}

export const scanKeys = {
  all: (schoolId: string, seId: string) => ['scans', schoolId, seId] as const,
  batches: (schoolId: string, seId: string) => [...scanKeys.all(schoolId, seId), 'batches'] as const,
  batch: (schoolId: string, seId: string, batchId: string) =>
    [...scanKeys.all(schoolId, seId), 'batch', batchId] as const,
  summary: (schoolId: string, seId: string) => [...scanKeys.all(schoolId, seId), 'summary'] as const,
  exceptions: (schoolId: string, seId: string, query: object) =>
    [...scanKeys.all(schoolId, seId), 'exceptions', query] as const,
  reconcile: (schoolId: string, seId: string) => [...scanKeys.all(schoolId, seId), 'reconcile'] as const,
  page: (schoolId: string, pageId: string) => ['scan-page', schoolId, pageId] as const,
};

const stillRecognising = (pages: { queued: number; recognising: number } | undefined) =>
  pages !== undefined && pages.queued + pages.recognising > 0;

export const scanQueries = {
  batches: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: scanKeys.batches(schoolId, seId),
      queryFn: ({ signal }) => call(api.batchHistory, { schoolId, seId }, { signal }),
      enabled: schoolId !== '' && seId !== '',
      refetchInterval: (query) => (query.state.data?.some((b) => stillRecognising(b.pages)) ? SCAN_POLL_MS : false),
    }),
  batch: (schoolId: string, seId: string, batchId: string) =>
    queryOptions({
      queryKey: scanKeys.batch(schoolId, seId, batchId),
      queryFn: ({ signal }) => call(api.batchStatus, { schoolId, batchId }, { signal }),
      enabled: schoolId !== '' && batchId !== '',
      refetchInterval: (query) => (stillRecognising(query.state.data?.pages) ? SCAN_POLL_MS : false),
    }),
  summary: (schoolId: string, seId: string, polling: boolean) =>
    queryOptions({
      queryKey: scanKeys.summary(schoolId, seId),
      queryFn: ({ signal }) => call(api.exceptionSummary, { schoolId, seId }, { signal }),
      enabled: schoolId !== '' && seId !== '',
      refetchInterval: polling ? SCAN_POLL_MS : false,
    }),
  exceptions: (schoolId: string, seId: string, query: { kind: number; status: number; currentPage: number }) =>
    queryOptions({
      queryKey: scanKeys.exceptions(schoolId, seId, query),
      queryFn: ({ signal }) => call(api.findExceptionsBySeId, { schoolId, seId, ...query, pageSize: 50 }, { signal }),
      enabled: schoolId !== '' && seId !== '',
      placeholderData: keepPreviousData,
    }),
  reconcile: (schoolId: string, seId: string, polling: boolean) =>
    queryOptions({
      queryKey: scanKeys.reconcile(schoolId, seId),
      queryFn: ({ signal }) => call(api.syncExamRoomScanInfo, { schoolId, seId }, { signal }),
      enabled: schoolId !== '' && seId !== '',
      refetchInterval: polling ? SCAN_POLL_MS : false,
    }),
  page: (schoolId: string, pageId: string) =>
    queryOptions({
      queryKey: scanKeys.page(schoolId, pageId),
      queryFn: ({ signal }) => call(api.findPage, { schoolId, pageId }, { signal }),
      enabled: schoolId !== '' && pageId !== '',
    }),
};

/** Resolving an exception: every count, queue and the reconciliation may change with it. */
export function useResolveException(seId: string) {
  const { schoolId } = useScanContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { exceptionId: string; resolution: ExceptionResolution }) =>
      call(api.updateException, { schoolId, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: scanKeys.all(schoolId, seId) }),
  });
}

export function useDeleteBatch(seId: string) {
  const { schoolId } = useScanContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { batchId: string; reason: string }) => call(api.deleteBatch, { schoolId, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: scanKeys.all(schoolId, seId) }),
  });
}
