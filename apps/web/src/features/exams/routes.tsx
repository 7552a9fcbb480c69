import type { RouteObject } from 'react-router';
import { type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

/** A screen of this feature, its page loaded lazily (each its own chunk). */
function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title } satisfies RouteHandle, lazy };
}

/** Pages of the 考试阅卷 section that other features build (router.tsx hands them in). */
export interface ExamMarkPages {
  /** 我的答题卡 (features/scanning). */
  myCard: RouteObject;
  /** 文档工具 (features/documents), after 考试文档. */
  docTools: RouteObject;
  /** 在线考试 (features/online-exam). */
  onlineExams: RouteObject;
  /** 我的阅卷任务 (features/marking/desk). */
  myMarkTask: RouteObject;
  /** 阅卷监控, 学科监控, 题目监控 (features/marking/monitor). */
  markMonitor: RouteObject;
  courseMonitor: RouteObject;
  quesMonitor: RouteObject;
}

/**
 * Teacher 考试阅卷 (spec §2 examMark): exams, answer cards, scanning and marking set-up, monitoring.
 * The section keeps the spec's menu order; pages of other features are given, since a feature
 * never imports another.
 */
export const examMarkRoutes = ({
  myCard,
  docTools,
  onlineExams,
  myMarkTask,
  markMonitor,
  courseMonitor,
  quesMonitor,
}: ExamMarkPages): RouteObject =>
  sectionRoute('examMark', '考试阅卷', '/teacher/examMark/my-mark-task', [
    myMarkTask,
    markMonitor,
    myCard,
    page('my-exam', '我的考试', async () => ({
      Component: (await import('./pages/my-exam-page.tsx')).MyExamPage,
    })),
    onlineExams,
    courseMonitor,
    quesMonitor,
    page('analysis-manager', '成绩管理', async () => ({
      Component: (await import('./pages/analysis-manager-page.tsx')).AnalysisManagerPage,
    })),
    page('exam-doc', '考试文档', async () => ({
      Component: (await import('./pages/exam-doc-page.tsx')).ExamDocPage,
    })),
    docTools,
  ]);

/** What other features add to the student's 我的考试 (router.tsx hands them in). */
export interface StudentExamParts {
  /** Shown above the published exams (the online exams of features/online-exam). */
  above: React.ComponentType;
  /** Pages under student-exam-main without a menu entry (sitting an online exam, its result). */
  pages: RouteObject[];
}

/** Student 我的考试 (spec §2 student-exam-main). */
export const studentExamRoutes = ({ above: Above, pages }: StudentExamParts): RouteObject =>
  sectionRoute('student-exam-main', '我的考试', '/student/student-exam-main/student-exam-list', [
    page('student-exam-list', '我的考试', async () => {
      const { StudentExamListPage } = await import('./pages/student-exam-list-page.tsx');
      return { Component: () => <StudentExamListPage above={<Above />} /> };
    }),
    ...pages,
  ]);

/** Top-level exam and marking detail pages of spec §2, opened from the area pages (often in a new tab). */
export const examDetailRoutes = (markDetail: RouteObject): RouteObject[] => [
  page('/findStudentDetailPaper', '考试详情', async () => ({
    Component: (await import('./pages/student-paper-page.tsx')).StudentPaperPage,
  })),
  markDetail,
  // 单科成绩详情 (#17 item 8): opened per subject from 成绩管理, read with the exams' score calls.
  page('/analysis-manager-single-detail-info', '单科成绩详情', async () => ({
    Component: (await import('./pages/single-score-detail-page.tsx')).SingleScoreDetailPage,
  })),
];
