import { createBrowserRouter, type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import { ErrorPage, RouteErrorPage } from './components/error-page.tsx';
import { PageSpinner } from './components/page-spinner.tsx';
import { providePaperActions } from './components/paper-actions.tsx';
import {
  analysisDetailRoutes,
  schoolAnalysisRoutes,
  studentAnalysisRoutes,
  teacherAnalysisRoutes,
} from './features/analysis/routes.tsx';
import { authRoutes } from './features/auth/routes.tsx';
import { curriculumRoute } from './features/curriculum/routes.tsx';
import { docToolsRoute } from './features/documents/routes.tsx';
import { examDetailRoutes, examMarkRoutes, studentExamRoutes } from './features/exams/routes.tsx';
import { markDetailRoute, myMarkTaskRoute } from './features/marking/desk/routes.tsx';
import {
  courseMonitorRoute,
  markCensorRoute,
  markMonitorRoute,
  quesMonitorRoute,
} from './features/marking/monitor/routes.tsx';
import { markSetupTab } from './features/marking/setup/routes.tsx';
import {
  OnlineExamFromPaperAction,
  onlineExamPages,
  onlineExamsRoute,
  StudentOnlineExams,
} from './features/online-exam/routes.tsx';
import { questionBankRoutes } from './features/question-bank/routes.tsx';
import { cardDetailRoutes, handInMakingTabs, myCardRoute } from './features/scanning/routes.tsx';
import { initDataRoutes } from './features/school-base/routes.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { areaRoute, flattenRoutes, type RouteHandle, redirectIndex } from './lib/route-kit.ts';

/** Spec §2 error pages; in the main chunk because the error boundary (e.g. a failed chunk load) needs them anyway. */
const errorRoutes: RouteObject[] = [
  { path: '/403', handle: { name: '403', title: '无权访问' } satisfies RouteHandle, element: <ErrorPage kind="403" /> },
  {
    path: '/404',
    handle: { name: '404', title: '页面不存在' } satisfies RouteHandle,
    element: <ErrorPage kind="404" />,
  },
  {
    path: '/500',
    handle: { name: '500', title: '服务器出错' } satisfies RouteHandle,
    element: <ErrorPage kind="500" />,
  },
  {
    path: '/noexam',
    handle: { name: 'noexam', title: '暂无考试' } satisfies RouteHandle,
    element: <ErrorPage kind="noexam" />,
  },
];

// 阅卷设置 (#17) is marking's screen shown as a tab of scanning's 试卷制作.
handInMakingTabs([markSetupTab]);
// 建在线考试 (#18) is online-exam's action shown on question-bank's 我的试卷 rows.
providePaperActions([OnlineExamFromPaperAction]);
/** A section with one more page from another feature (features never import each other). */
function withPage(section: RouteObject, page: RouteObject): RouteObject {
  const parent = section as NonIndexRouteObject;
  return { ...parent, children: [...(parent.children ?? []), page] };
}

/** The spec §2 route table. Each area's layout is its own lazily loaded chunk; every page is lazy too. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageSpinner,
    children: [
      redirectIndex('/login'),
      ...authRoutes,
      areaRoute({
        area: 'teacher',
        title: '教师中心',
        home: '/teacher/examMark',
        lazy: async () => ({ Component: (await import('./layout/teacher-layout.tsx')).TeacherLayout }),
        // Spec §1 order: exam marking, learning analysis, question selection and paper assembly, personal centre.
        sections: [
          examMarkRoutes({
            myCard: myCardRoute,
            docTools: docToolsRoute,
            onlineExams: onlineExamsRoute,
            myMarkTask: myMarkTaskRoute,
            markMonitor: markMonitorRoute,
            courseMonitor: courseMonitorRoute,
            quesMonitor: quesMonitorRoute,
          }),
          teacherAnalysisRoutes,
          questionBankRoutes,
          // 专业课程 is its own feature; it sits in 个人中心 beside the base data.
          withPage(initDataRoutes, curriculumRoute),
        ],
      }),
      areaRoute({
        area: 'student',
        title: '学生中心',
        home: '/student/student-analysis-main',
        lazy: async () => ({ Component: (await import('./layout/student-layout.tsx')).StudentLayout }),
        sections: [studentAnalysisRoutes, studentExamRoutes({ above: StudentOnlineExams, pages: onlineExamPages })],
      }),
      areaRoute({
        area: 'school',
        title: '管理中心',
        home: '/school/school-analysis-main',
        lazy: async () => ({ Component: (await import('./layout/school-layout.tsx')).SchoolLayout }),
        sections: [schoolAnalysisRoutes],
      }),
      ...examDetailRoutes(markDetailRoute),
      markCensorRoute,
      ...cardDetailRoutes,
      ...analysisDetailRoutes,
      ...errorRoutes,
      // Spec §2: any other path redirects to /404, so the address bar shows /404.
      { path: '*', loader: () => redirect('/404'), element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

/**
 * Full paths of the screens still rendering the shared ComingSoon page. coming-soon.test.ts pins
 * this list: it may only shrink as real screens land.
 */
export function comingSoonPaths(routes: RouteObject[] = appRoutes): string[] {
  return flattenRoutes(routes)
    .filter((entry) => entry.handle?.comingSoon)
    .map((entry) => entry.fullPath);
}
