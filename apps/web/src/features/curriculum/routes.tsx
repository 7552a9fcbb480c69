import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-kit.ts';

/** 专业课程 under 个人中心: listed only when the school runs majors (menu-flags.ts). */
export const curriculumRoute: RouteObject = {
  path: 'curriculum',
  handle: { name: 'curriculum', title: '专业课程', menuFlag: 'majors' } satisfies RouteHandle,
  lazy: async () => ({ Component: (await import('./pages/curriculum-page.tsx')).CurriculumPage }),
};
