import { markingAnswersApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/**
 * The 题块's standard answers, read when the desk opens so the A key shows them at once; they
 * change rarely (an administrator's edit), so five minutes fresh is fresh enough.
 */
export const useStandardAnswer = (blockId: string) =>
  useQuery({
    queryKey: ['markDesk', 'standardAnswer', blockId],
    queryFn: () => call(markingAnswersApi.standardAnswer, { blockId }),
    enabled: blockId !== '',
    staleTime: 5 * 60_000,
  });
