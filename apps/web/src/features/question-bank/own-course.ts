import { authApi, type UserInfo } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { readStoredUser } from '../../lib/session.ts';

// The course a teacher teaches, so question search opens on it rather than on the stage's first
// course (#22): the first class link of the current term that names a course, at its grade's stage.

export interface OwnCourse {
  stageCode: number;
  courseId: string;
}

export function ownCourseOf(info: Pick<UserInfo, 'schoolClassTeachers' | 'schoolGradeCourses'>): OwnCourse | null {
  const stageOf = new Map(info.schoolGradeCourses.map((grade) => [grade.gradeId, grade.stage]));
  for (const link of info.schoolClassTeachers) {
    const stageCode = stageOf.get(link.gradeId);
    if (link.courseId !== null && stageCode !== undefined) return { stageCode, courseId: link.courseId };
  }
  return null;
}

/** The signed-in teacher's own course; undefined while findUserInfo is on its way, null without one. */
export function useOwnCourse(): OwnCourse | null | undefined {
  const loginName = readStoredUser()?.loginName ?? '';
  const info = useQuery({
    queryKey: ['auth', 'user-info', loginName],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    staleTime: 10 * 60 * 1000,
  });
  if (info.isError) return null;
  return info.data ? ownCourseOf(info.data) : undefined;
}
