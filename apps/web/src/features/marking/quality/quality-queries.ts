import { markingQualityApi as api } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { REFRESH_MS } from '../monitor/monitor-queries.ts';

// Marker quality (marking.md "Quality"): per-marker 回评抽检 and 标准卷 figures refreshing with the
// monitor, the 题块's 标准卷 and the 题组长's actions on them.

export const useMarkerQuality = (blockId: string | undefined) =>
  useQuery({
    queryKey: ['markQuality', 'figures', blockId],
    queryFn: () => call(api.markerQuality, { blockId: blockId! }),
    enabled: blockId !== undefined,
    refetchInterval: REFRESH_MS,
  });

export const useSeededPapers = (blockId: string | undefined) =>
  useQuery({
    queryKey: ['markQuality', 'seeded', blockId],
    queryFn: () => call(api.seededPapers, { blockId: blockId! }),
    enabled: blockId !== undefined,
  });

export function useSetSeeded(blockId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperId: string) => call(api.setSeeded, { blockId, paperId }),
    onSuccess: (paper) => {
      notifySuccess(`已设为标准卷（参考分 ${paper.total}）`);
      return client.invalidateQueries({ queryKey: ['markQuality', 'seeded', blockId] });
    },
  });
}

export function useUnsetSeeded(blockId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperId: string) => call(api.unsetSeeded, { blockId, paperId }),
    onSuccess: () => {
      notifySuccess('已移出标准卷');
      return client.invalidateQueries({ queryKey: ['markQuality', 'seeded', blockId] });
    },
  });
}
