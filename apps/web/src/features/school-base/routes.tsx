import type { RouteObject } from 'react-router';
import { type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

/** A screen of this feature, its page loaded lazily (each its own chunk). */
function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  return { path, handle: { name: path, title } satisfies RouteHandle, lazy };
}

/** Teacher 个人中心 (spec §2 initData): the user's own data and the school base data. */
export const initDataRoutes: RouteObject = sectionRoute('initData', '个人中心', '/teacher/initData/user-info', [
  page('user-info', '个人信息', async () => ({
    Component: (await import('./pages/user-info-page.tsx')).UserInfoPage,
  })),
  page('school-grade', '年级管理', async () => ({
    Component: (await import('./pages/school-grade-page.tsx')).SchoolGradePage,
  })),
  page('school-grade-term', '学年学期', async () => ({
    Component: (await import('./pages/school-grade-term-page.tsx')).SchoolGradeTermPage,
  })),
  page('school-class-student', '班级学生', async () => ({
    Component: (await import('./pages/school-class-student-page.tsx')).SchoolClassStudentPage,
  })),
  page('school-class-teacher', '任课教师', async () => ({
    Component: (await import('./pages/school-class-teacher-page.tsx')).SchoolClassTeacherPage,
  })),
  page('school-organ-leader', '组织领导', async () => ({
    Component: (await import('./pages/school-organ-leader-page.tsx')).SchoolOrganLeaderPage,
  })),
]);
