import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import type { PaperActionProps } from '../../components/paper-actions.tsx';
import type { RouteHandle } from '../../lib/route-kit.ts';

// Online exams (issue #18): the teachers' 在线考试 page in 考试阅卷, the student's sitting and
// result pages under student-exam-main (no menu entry: reached from 我的考试), and the online
// exams shown on 我的考试 itself. router.tsx hands them to the exams feature's sections.

export const onlineExamsRoute: RouteObject = {
  path: 'online-exam',
  handle: { name: 'online-exam', title: '在线考试' } satisfies RouteHandle,
  lazy: async () => ({ Component: (await import('./pages/online-exam-manage-page.tsx')).OnlineExamManagePage }),
};

export const onlineExamPages: RouteObject[] = [
  {
    path: 'online-exam/:id',
    lazy: async () => ({ Component: (await import('./pages/sitting-page.tsx')).OnlineSittingPage }),
  },
  {
    path: 'online-exam-result/:id',
    lazy: async () => ({ Component: (await import('./pages/result-page.tsx')).OnlineResultPage }),
  },
];

const Panel = lazy(async () => ({
  default: (await import('./components/student-online-exams.tsx')).StudentOnlineExams,
}));

/** The online exams on 我的考试, loaded with its own chunk. */
export function StudentOnlineExams() {
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}

const FromPaper = lazy(async () => ({
  default: (await import('./components/online-exam-from-paper.tsx')).OnlineExamFromPaper,
}));

/** 建在线考试 on a 我的试卷 row (handed to question-bank by router.tsx), loaded with its own chunk. */
export function OnlineExamFromPaperAction(props: PaperActionProps) {
  return (
    <Suspense fallback={null}>
      <FromPaper {...props} />
    </Suspense>
  );
}
