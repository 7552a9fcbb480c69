import { type MarkBlock, markingApi, markingSetupApi } from '@huikao/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Server state of 阅卷设置: the single exam's 题块, a 题块's markers, who may mark (the school's
// teachers and the exam's 临时阅卷账号).

export const setupKeys = {
  root: ['marking', 'setup'] as const,
  all: (seId: string) => [...setupKeys.root, seId] as const,
  blocks: (seId: string) => [...setupKeys.all(seId), 'blocks'] as const,
  markers: (seId: string, blockId: string) => [...setupKeys.all(seId), 'markers', blockId] as const,
  teachers: (seId: string, blockId: string) => [...setupKeys.all(seId), 'teachers', blockId] as const,
};

export interface Marker {
  userId: string;
  name: string;
  quota: number | null;
  leader: boolean;
  paused: boolean;
  done: number;
}

export const setupQueries = {
  blocks: (seId: string) =>
    queryOptions({
      queryKey: setupKeys.blocks(seId),
      queryFn: ({ signal }) => call(markingApi.findBlocks, { seId }, { signal }) as Promise<MarkBlock[]>,
      enabled: seId !== '',
    }),
  markers: (seId: string, blockId: string) =>
    queryOptions({
      queryKey: setupKeys.markers(seId, blockId),
      queryFn: ({ signal }) => call(markingApi.getExamTasks, { blockId }, { signal }) as Promise<Marker[]>,
    }),
  teachers: (seId: string, blockId: string) =>
    queryOptions({
      queryKey: setupKeys.teachers(seId, blockId),
      queryFn: ({ signal }) =>
        call(markingSetupApi.markerCandidates, { blockId }, { signal }) as Promise<
          { userId: string; name: string; loginName: string; temporary: boolean }[]
        >,
    }),
};

/** Every write refreshes the whole set-up of the exam (题块, counts, versions). */
export function useSetupWrite<P, R>(seId: string, write: (params: P) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: setupKeys.all(seId) }),
  });
}
