import type { OverviewReport, ReportExam, SubjectRef } from '@huikao/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { reportQuery } from '../../queries.ts';
import { offeredSubjects } from '../../url-state.ts';
import type { ReportContext } from '../report-page.tsx';

// Reads shared by the class views: the class's and the grade's overview of every subject the
// caller may read for the class, and the class's students with the one a page is about.

/** The subjects of the exam the caller may read for the class (总分 first when readable). */
export function classSubjects(exam: ReportExam, classId: string): SubjectRef[] {
  return offeredSubjects(exam.subjects, 'any', exam.scope, classId);
}

export interface ClassOverviews {
  classReports: Map<string, OverviewReport>;
  gradeReports: Map<string, OverviewReport>;
  loading: boolean;
  error: Error | null;
}

/** findOverviewReport of the class and of the grade (its aggregate), for each subject. */
export function useClassOverviews(
  context: ReportContext,
  classId: string,
  subjects: readonly SubjectRef[],
): ClassOverviews {
  const { schoolId, meId } = context;
  const queries = useQueries({
    queries: subjects.flatMap((subject) => [
      reportQuery('findOverviewReport', meId, { schoolId, meId, subjectKey: subject.subjectKey, classId }),
      reportQuery('findOverviewReport', meId, { schoolId, meId, subjectKey: subject.subjectKey }),
    ]),
  });
  const classReports = new Map<string, OverviewReport>();
  const gradeReports = new Map<string, OverviewReport>();
  subjects.forEach((subject, index) => {
    const own = queries[index * 2]?.data;
    const grade = queries[index * 2 + 1]?.data;
    if (own) classReports.set(subject.subjectKey, own);
    if (grade) gradeReports.set(subject.subjectKey, grade);
  });
  return {
    classReports,
    gradeReports,
    loading: queries.some((query) => query.isLoading),
    error: queries.find((query) => query.error)?.error ?? null,
  };
}

/** The class's students with their stored rows (a class is well under the 500 a page holds). */
export function useClassStudents(context: ReportContext, classId: string) {
  const { schoolId, meId } = context;
  return useQuery({
    ...reportQuery('getMultiExamStudentScorePage', meId, { schoolId, meId, classId, currentPage: 1, pageSize: 500 }),
    // Another class's list never stands in for this one's.
    placeholderData: undefined,
  });
}

/**
 * The class's students and the one the page is about (?studentId=, kept in the address beside the shell's selection). A student
 * named in the address who is not in the class's list counts as none; `ready` says the list has
 * answered, so a page asks for a student's report only once it knows the student is the class's.
 */
export function useStudentChoice(context: ReportContext, classId: string) {
  const students = useClassStudents(context, classId);
  const [params, setParams] = useSearchParams();
  const list = students.data?.list;
  const asked = params.get('studentId') ?? undefined;
  const studentId = asked && list?.some((student) => student.studentId === asked) ? asked : undefined;
  const choose = (next: string | undefined) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('studentId', next);
    else updated.delete('studentId');
    setParams(updated);
  };
  return {
    students: list,
    loading: students.isLoading,
    ready: students.data !== undefined || students.error !== null,
    studentId,
    student: list?.find((student) => student.studentId === studentId),
    choose,
  };
}

export type StudentChoice = ReturnType<typeof useStudentChoice>;
