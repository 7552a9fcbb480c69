import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-kit.ts';

/** /login and /autoLogin (spec §2, no guard), and the first-run /setup; their pages are the auth chunk. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    handle: { name: 'login', title: '登录' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
  },
  {
    path: '/setup',
    handle: { name: 'setup', title: '初始化学校' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/setup-page.tsx')).SetupPage }),
  },
  {
    path: '/autoLogin',
    handle: { name: 'autoLogin', title: '自动登录' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/auto-login-page.tsx')).AutoLoginPage }),
  },
];
