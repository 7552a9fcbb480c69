import { markingMonitorApi as api } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

// The monitors refresh live: every 5 s while the page is open, without a reload.
export const REFRESH_MS = 5_000;

export const useMonitorExams = () =>
  useQuery({ queryKey: ['markMonitor', 'exams'], queryFn: () => call(api.exams, {}) });

export const useExamSummary = (meId: string | undefined) =>
  useQuery({
    queryKey: ['markMonitor', 'exam', meId],
    queryFn: () => call(api.examSummary, { meId: meId! }),
    enabled: meId !== undefined,
    refetchInterval: REFRESH_MS,
  });

export const useSubjectSummary = (seId: string | undefined) =>
  useQuery({
    queryKey: ['markMonitor', 'subject', seId],
    queryFn: () => call(api.subjectSummary, { seId: seId! }),
    enabled: seId !== undefined,
    refetchInterval: REFRESH_MS,
  });

export const useBlockDetails = (blockId: string | undefined) =>
  useQuery({
    queryKey: ['markMonitor', 'block', blockId],
    queryFn: () => call(api.blockDetails, { blockId: blockId! }),
    enabled: blockId !== undefined,
    refetchInterval: REFRESH_MS,
  });

export function usePauseMarker(blockId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { userId: string; paused: boolean }) => call(api.pauseMarker, { blockId, ...p }),
    onSuccess: (result) => {
      notifySuccess(result.paused ? `已暂停，收回 ${result.releasedLeases} 份未完成的试卷` : '已恢复阅卷');
      return client.invalidateQueries({ queryKey: ['markMonitor', 'block', blockId] });
    },
  });
}
