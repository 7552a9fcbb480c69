import { authApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { readStoredUser } from '../../lib/session.ts';

/**
 * roles-and-permissions.md and issue #4 item 8: a school administrator (type 5) creates and edits
 * exams; a teacher (type 1) reads them and enters the scores of the classes they teach that course
 * to, while the exam is 进行中. The browser only hides what the server would refuse anyway.
 */
export interface ExamContext {
  schoolId: string;
  loginName: string;
  type: number;
  canEdit: boolean;
}

export function useExamContext(): ExamContext {
  const user = readStoredUser();
  return {
    schoolId: user?.schoolId ?? '',
    loginName: user?.loginName ?? '',
    type: user?.type ?? 0,
    canEdit: user?.type === 5,
  };
}

/** The class and course links of a type 1 teacher (findUserInfo: the current term's). */
export function useTaughtClasses() {
  const { loginName, type } = useExamContext();
  const info = useQuery({
    queryKey: ['auth', 'user-info', loginName],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    enabled: type === 1,
  });
  return info.data?.schoolClassTeachers ?? [];
}

/**
 * Whether this user may change the scores of a class for a course: an administrator while the exam
 * is not locked; a teacher while exam and subject are 进行中, for the classes they teach it to.
 */
export function canEnterScores(
  context: Pick<ExamContext, 'type'>,
  examStatus: number,
  subjectStatus: number,
  taught: ReadonlyArray<{ classId: string; courseId: string | null; termId: string }>,
  exam: { termId: string; courseId: string; classId: string },
): boolean {
  if (context.type === 5) return examStatus < 3 && subjectStatus < 3;
  if (context.type !== 1 || examStatus !== 2 || subjectStatus !== 2) return false;
  return taught.some(
    (link) => link.classId === exam.classId && link.courseId === exam.courseId && link.termId === exam.termId,
  );
}
