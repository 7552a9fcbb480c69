import { schoolSetupApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** Whether the platform has a school yet; until it has, /login sends visitors to /setup. */
export function useSetupStatus() {
  return useQuery({
    queryKey: ['setup', 'status'],
    queryFn: () => call(schoolSetupApi.setupStatus, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
