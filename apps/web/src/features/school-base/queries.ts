import {
  authApi,
  type ClassTeacher,
  type OrganLeader,
  type SchoolClass,
  type SchoolGrade,
  type Student,
  schoolBaseApi,
  type Teacher,
} from '@huikao/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { schoolYearsKey, schoolYearsQuery } from '../../lib/current-selection.ts';

// Server state of the school base screens: one key factory, one query builder per call. The
// contracts' query/json helpers type responses as unknown, so each query names the response's type
// (the contracts' own model types) once, here.

export interface EducationCatalogue {
  grades: Array<{ gradeId: string; name: string; stage: number }>;
  courses: Array<{ courseId: string; name: string; stages: number[] }>;
}

export interface Page<Row> {
  list: Row[];
  total: number;
  currentPage: number;
  pageSize: number;
}

export interface PageParams {
  keyword?: string;
  currentPage: number;
  pageSize: number;
}

export const schoolBaseKeys = {
  all: (schoolId: string) => ['school-base', schoolId] as const,
  education: (schoolId: string) => [...schoolBaseKeys.all(schoolId), 'education'] as const,
  gradeCourses: (schoolId: string) => [...schoolBaseKeys.all(schoolId), 'grade-courses'] as const,
  /** Shared with the current selection (lib/current-selection.ts). */
  schoolYears: schoolYearsKey,
  classes: (schoolId: string, termId?: string) =>
    termId === undefined
      ? ([...schoolBaseKeys.all(schoolId), 'classes'] as const)
      : ([...schoolBaseKeys.all(schoolId), 'classes', termId] as const),
  students: (schoolId: string, params?: PageParams & { classId?: string }) =>
    params === undefined
      ? ([...schoolBaseKeys.all(schoolId), 'students'] as const)
      : ([...schoolBaseKeys.all(schoolId), 'students', params] as const),
  teachers: (schoolId: string, params?: PageParams) =>
    params === undefined
      ? ([...schoolBaseKeys.all(schoolId), 'teachers'] as const)
      : ([...schoolBaseKeys.all(schoolId), 'teachers', params] as const),
  classTeachers: (schoolId: string, termId?: string) =>
    termId === undefined
      ? ([...schoolBaseKeys.all(schoolId), 'class-teachers'] as const)
      : ([...schoolBaseKeys.all(schoolId), 'class-teachers', termId] as const),
  organLeaders: (schoolId: string) => [...schoolBaseKeys.all(schoolId), 'organ-leaders'] as const,
  userInfo: (loginName: string) => ['auth', 'user-info', loginName] as const,
};

export const schoolBaseQueries = {
  education: (schoolId: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.education(schoolId),
      queryFn: ({ signal }) => call(schoolBaseApi.education, { schoolId }, { signal }) as Promise<EducationCatalogue>,
      // The platform catalogue changes with a release, not during a session.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  gradeCourses: (schoolId: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.gradeCourses(schoolId),
      queryFn: ({ signal }) => call(schoolBaseApi.gradeCourses, { schoolId }, { signal }) as Promise<SchoolGrade[]>,
    }),
  schoolYears: schoolYearsQuery,
  classes: (schoolId: string, termId: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.classes(schoolId, termId),
      queryFn: ({ signal }) => call(schoolBaseApi.classes, { schoolId, termId }, { signal }) as Promise<SchoolClass[]>,
      enabled: termId !== '',
    }),
  students: (schoolId: string, params: PageParams & { classId?: string }) =>
    queryOptions({
      queryKey: schoolBaseKeys.students(schoolId, params),
      queryFn: ({ signal }) =>
        call(schoolBaseApi.students, { schoolId, ...params }, { signal }) as Promise<Page<Student>>,
      placeholderData: keepPreviousData,
    }),
  teachers: (schoolId: string, params: PageParams) =>
    queryOptions({
      queryKey: schoolBaseKeys.teachers(schoolId, params),
      queryFn: ({ signal }) =>
        call(schoolBaseApi.teachers, { schoolId, ...params }, { signal }) as Promise<Page<Teacher>>,
      placeholderData: keepPreviousData,
    }),
  classTeachers: (schoolId: string, termId: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.classTeachers(schoolId, termId),
      queryFn: ({ signal }) =>
        call(schoolBaseApi.classTeachers, { schoolId, termId }, { signal }) as Promise<ClassTeacher[]>,
      enabled: termId !== '',
    }),
  organLeaders: (schoolId: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.organLeaders(schoolId),
      queryFn: ({ signal }) => call(schoolBaseApi.organLeaders, { schoolId }, { signal }) as Promise<OrganLeader[]>,
    }),
  userInfo: (loginName: string) =>
    queryOptions({
      queryKey: schoolBaseKeys.userInfo(loginName),
      queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    }),
};
