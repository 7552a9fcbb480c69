import {
  type ExamQuestion,
  type ExamStudent,
  examsApi,
  type MultiExam,
  markingSetupApi,
  type QuestionGroup,
  type SchoolClass,
  type SchoolGrade,
  type SingleExam,
  type StudentExam,
  type StudentPaper,
  type StudentScore,
  schoolBaseApi,
} from '@huikao/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import type { ExamWithScope } from './score-reading.ts';

// Server state of my-exam, the student's exam list and the paper page: one key factory under
// ['exams', schoolId, …], one query builder per call. The contracts type responses as unknown, so
// each query names its response's model type once, here.

export interface Page<Row> {
  list: Row[];
  total: number;
  currentPage: number;
  pageSize: number;
}

export interface ExamListParams {
  schyId?: string;
  gradeId?: string;
  status?: number;
  keyword?: string;
  currentPage: number;
  pageSize: number;
}

export const examKeys = {
  all: (schoolId: string) => ['exams', schoolId] as const,
  lists: (schoolId: string) => [...examKeys.all(schoolId), 'list'] as const,
  list: (schoolId: string, params: ExamListParams) => [...examKeys.lists(schoolId), params] as const,
  exam: (schoolId: string, meId: string | number) => [...examKeys.all(schoolId), 'exam', String(meId)] as const,
  /** Everything of one single exam: students, structure, scores. */
  subject: (schoolId: string, seId: string | number) => [...examKeys.all(schoolId), 'subject', String(seId)] as const,
  students: (schoolId: string, seId: string, classId?: string) =>
    [...examKeys.subject(schoolId, seId), 'students', classId ?? 'all'] as const,
  structure: (schoolId: string, seId: string) => [...examKeys.subject(schoolId, seId), 'structure'] as const,
  scores: (schoolId: string, seId: string, classId: string) =>
    [...examKeys.subject(schoolId, seId), 'scores', classId] as const,
  grades: (schoolId: string) => [...examKeys.all(schoolId), 'grades'] as const,
  classes: (schoolId: string, termId: string) => [...examKeys.all(schoolId), 'classes', termId] as const,
  studentExams: (schoolId: string) => [...examKeys.all(schoolId), 'student-exams'] as const,
  paper: (schoolId: string, seId: string, studentId: string) =>
    [...examKeys.all(schoolId), 'paper', seId, studentId] as const,
};

/** The largest page the contracts allow: a class or a subject's students in one answer. */
export const WHOLE_LIST = 500;

export const examQueries = {
  list: (schoolId: string, params: ExamListParams) =>
    queryOptions({
      queryKey: examKeys.list(schoolId, params),
      queryFn: ({ signal }) =>
        call(examsApi.findMultiExamBySchoolIdYear, { schoolId, ...params }, { signal }) as Promise<Page<MultiExam>>,
      placeholderData: keepPreviousData,
      enabled: schoolId !== '',
    }),
  /** A type 1 teacher's exams (findMyMultiExam: the grades and classes they teach), filtered in the browser. */
  myList: (schoolId: string, schyId: string | undefined) =>
    queryOptions({
      queryKey: [...examKeys.lists(schoolId), 'mine', schyId ?? 'all'] as const,
      queryFn: ({ signal }) =>
        call(
          examsApi.findMyMultiExam,
          { schoolId, schyId, currentPage: 1, pageSize: WHOLE_LIST },
          { signal },
        ) as Promise<Page<MultiExam>>,
      enabled: schoolId !== '',
    }),
  exam: (schoolId: string, meId: string) =>
    queryOptions({
      queryKey: examKeys.exam(schoolId, meId),
      queryFn: ({ signal }) =>
        call(examsApi.getMultiExamByMeId, { schoolId, meId }, { signal }) as Promise<ExamWithScope>,
      enabled: meId !== '',
    }),
  students: (schoolId: string, seId: string, classId?: string) =>
    queryOptions({
      queryKey: examKeys.students(schoolId, seId, classId),
      queryFn: ({ signal }) =>
        call(
          examsApi.findExamStudentsBySeId,
          { schoolId, seId, classId, currentPage: 1, pageSize: WHOLE_LIST },
          { signal },
        ) as Promise<Page<ExamStudent>>,
      enabled: seId !== '',
    }),
  structure: (schoolId: string, seId: string) =>
    queryOptions({
      queryKey: examKeys.structure(schoolId, seId),
      queryFn: ({ signal }) =>
        call(examsApi.findExamQuestionAndGroup, { schoolId, seId }, { signal }) as Promise<{
          groups: QuestionGroup[];
          questions: ExamQuestion[];
        }>,
      enabled: seId !== '',
    }),
  scores: (schoolId: string, seId: string, classId: string) =>
    queryOptions({
      queryKey: examKeys.scores(schoolId, seId, classId),
      queryFn: ({ signal }) =>
        call(
          examsApi.findStuScoresBySeId,
          { schoolId, seId, classId, currentPage: 1, pageSize: WHOLE_LIST },
          { signal },
        ) as Promise<Page<StudentScore>>,
      enabled: seId !== '' && classId !== '',
    }),
  grades: (schoolId: string) =>
    queryOptions({
      queryKey: examKeys.grades(schoolId),
      queryFn: ({ signal }) => call(schoolBaseApi.gradeCourses, { schoolId }, { signal }) as Promise<SchoolGrade[]>,
      enabled: schoolId !== '',
    }),
  classes: (schoolId: string, termId: string) =>
    queryOptions({
      queryKey: examKeys.classes(schoolId, termId),
      queryFn: ({ signal }) => call(schoolBaseApi.classes, { schoolId, termId }, { signal }) as Promise<SchoolClass[]>,
      enabled: termId !== '',
    }),
  studentExams: (schoolId: string) =>
    queryOptions({
      queryKey: examKeys.studentExams(schoolId),
      queryFn: ({ signal }) =>
        call(examsApi.getUserMultiExamByStudentIdAndSchoolId, { schoolId }, { signal }) as Promise<StudentExam[]>,
    }),
  /** A student reads their own paper (student/exam); a teacher any student's of the school. */
  paper: (schoolId: string, seId: string, studentId: string, asStudent: boolean) =>
    queryOptions({
      queryKey: examKeys.paper(schoolId, seId, asStudent ? 'self' : studentId),
      queryFn: ({ signal }) =>
        (asStudent
          ? call(examsApi.getStuExamDetailInfo, { schoolId, seId }, { signal })
          : call(examsApi.findStudentDetailPaper, { schoolId, seId, studentId }, { signal })) as Promise<StudentPaper>,
      enabled: seId !== '' && (asStudent || studentId !== ''),
    }),
  /** The scanned sheet (signed page links, an hour): shown wherever the paper is readable. */
  sheet: (schoolId: string, seId: string, studentId: string, asStudent: boolean) =>
    queryOptions({
      queryKey: [...examKeys.paper(schoolId, seId, asStudent ? 'self' : studentId), 'sheet'] as const,
      queryFn: ({ signal }) =>
        call(markingSetupApi.studentSheet, { seId, ...(asStudent ? {} : { studentId }) }, { signal }),
      enabled: seId !== '' && (asStudent || studentId !== ''),
      // The links expire after an hour: fetched again well before.
      staleTime: 30 * 60_000,
    }),
};

export type { SingleExam };
