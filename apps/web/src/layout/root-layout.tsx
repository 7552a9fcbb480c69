import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { pageTitle, useAppConfig } from '../lib/app-config.ts';
import { routeHandle } from '../lib/route-kit.ts';
import { BackToTop } from './back-to-top.tsx';
import { RouteGuard } from './route-guard.tsx';

/** The root route: the guard around every page, the page title and the back-to-top button. */
export function RootLayout() {
  return (
    <RouteGuard>
      <DocumentTitle />
      <Outlet />
      <BackToTop />
    </RouteGuard>
  );
}

function DocumentTitle() {
  const { platformName } = useAppConfig();
  const title = useMatches()
    .map(routeHandle)
    .findLast((handle) => handle !== undefined)?.title;
  useEffect(() => {
    document.title = pageTitle(platformName, title);
  }, [platformName, title]);
  return null;
}
