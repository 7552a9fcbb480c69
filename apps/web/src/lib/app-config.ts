import { type AppConfig, platformApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

export const PLATFORM_NAME = '慧考云';
/** Spec §9; the server's app-config says the same, this is only shown until it answers. */
export const APP_VERSION = '7.0.203';

/** What the shell shows before /app-config answers (or if it cannot): no footer text rather than a wrong one. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  platformName: PLATFORM_NAME,
  versionLabel: APP_VERSION,
  versionType: 2,
  footer: { copyright: '', filing: null, filingUrl: null },
};

export const appConfigQueryKey = ['platform', 'app-config'] as const;

/** Platform name, version and footer texts (spec §1, §9), fetched once per page load. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => call(platformApi.appConfig, {}, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? DEFAULT_APP_CONFIG;
}

/** Spec §1: the page title is the platform name plus the route title. */
export function pageTitle(platformName: string, routeTitle: string | undefined): string {
  return routeTitle ? `${platformName} - ${routeTitle}` : platformName;
}
