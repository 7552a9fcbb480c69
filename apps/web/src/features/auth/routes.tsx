import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-kit.ts';

/** /login and /autoLogin (spec §2, no guard); their pages are the auth chunk. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    handle: { name: 'login', title: '登录' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
  },
  {
    path: '/autoLogin',
    handle: { name: 'autoLogin', title: '自动登录' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/auto-login-page.tsx')).AutoLoginPage }),
  },
];
