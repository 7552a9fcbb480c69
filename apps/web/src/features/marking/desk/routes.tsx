import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../../lib/route-kit.ts';

// 我的阅卷任务 and the marking desk (issue #17, marking.md "The marking desk"), handed to the exams
// feature's 考试阅卷 section and detail routes by router.tsx. Each page is its own lazy chunk.

function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title } satisfies RouteHandle, lazy };
}

export const myMarkTaskRoute = page('my-mark-task', '我的阅卷任务', async () => ({
  Component: (await import('./pages/my-mark-task-page.tsx')).MyMarkTaskPage,
}));
/** /markDetail?blockId=…, a top-level page opened from 我的阅卷任务. */
export const markDetailRoute = page('/markDetail', '阅卷详情', async () => ({
  Component: (await import('./pages/desk-page.tsx')).DeskPage,
}));
