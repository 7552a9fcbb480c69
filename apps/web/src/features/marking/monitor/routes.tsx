import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../../lib/route-kit.ts';

// The marking monitors (issue #17, marking.md "Monitors") and 抽查, handed to the exams feature's
// 考试阅卷 section and detail routes by router.tsx. Each page is its own lazily loaded chunk.

function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title } satisfies RouteHandle, lazy };
}

export const markMonitorRoute = page('mark-monitor', '阅卷监控', async () => ({
  Component: (await import('./pages/mark-monitor-page.tsx')).MarkMonitorPage,
}));
export const courseMonitorRoute = page('course-monitor', '学科监控', async () => ({
  Component: (await import('./pages/course-monitor-page.tsx')).CourseMonitorPage,
}));
export const quesMonitorRoute = page('ques-monitor', '题目监控', async () => ({
  Component: (await import('./pages/ques-monitor-page.tsx')).QuesMonitorPage,
}));
/** /markCensorInfo, a top-level page opened from 题目监控. */
export const markCensorRoute = page('/markCensorInfo', '试卷抽查', async () => ({
  Component: (await import('./pages/censor-page.tsx')).CensorPage,
}));
