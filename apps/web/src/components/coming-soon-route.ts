import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-kit.ts';

// Beside the page it loads, not in lib/route-kit.ts: lib is the bottom of the web and imports no
// component (route-kit and coming-soon.tsx used to import each other).
const loadComingSoon = async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoon });

/** A screen of spec §2 whose page has not landed: the shared ComingSoon page, lazily loaded. */
export function comingSoonPage(path: string, title: string): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title, comingSoon: true } satisfies RouteHandle, lazy: loadComingSoon };
}
