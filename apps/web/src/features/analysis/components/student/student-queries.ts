import { examsApi, type StudentExam } from '@huikao/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { analysisKeys } from '../../queries.ts';

/**
 * The student's published exams (getUserMultiExamByStudentIdAndSchoolId, the call 我的考试 uses):
 * the exams a student's report pages offer. The server answers for the session's student only.
 */
export const studentExamsQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...analysisKeys.all(schoolId), 'student-exams'] as const,
    queryFn: ({ signal }) =>
      call(examsApi.getUserMultiExamByStudentIdAndSchoolId, { schoolId }, { signal }) as Promise<StudentExam[]>,
    enabled: schoolId !== '',
  });
