import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. No retries: the api-client already told the user about the failure, and a
 * retry would repeat the notification (and re-run the 600 s timeout). Reports are heavy, so no
 * refetch on window focus either.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
