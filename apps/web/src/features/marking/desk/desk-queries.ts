import { markingApi, markingDeskApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const useMyTasks = () =>
  useQuery({ queryKey: ['markDesk', 'myTasks'], queryFn: () => call(markingApi.myTasks, {}) });

export const useDeskProgress = (blockId: string) =>
  useQuery({
    queryKey: ['markDesk', 'progress', blockId],
    queryFn: () => call(markingDeskApi.progress, { blockId }),
  });

export const useReviewList = (blockId: string, open: boolean) =>
  useQuery({
    queryKey: ['markDesk', 'review', blockId],
    queryFn: () => call(markingDeskApi.reviewList, { blockId }),
    enabled: open,
  });

export const useProblems = (blockId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['markDesk', 'problems', blockId],
    queryFn: () => call(markingDeskApi.problems, { blockId }),
    enabled,
  });
