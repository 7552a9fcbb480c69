// Shared by this feature's unit tests only (nothing in the app imports it): a small school as the
// server would answer for it, a fetch that answers each school base call, and a render helper.
import type {
  ClassTeacher,
  OrganLeader,
  SchoolClass,
  SchoolGrade,
  SchoolYearWithTerms,
  Student,
  Teacher,
} from '@huikao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { UiConfigProvider } from '../../components/ui-config-provider.tsx';
import { envelopeResponse } from '../../lib/test-fakes.ts';

export const YEARS: SchoolYearWithTerms[] = [
  {
    schyId: '91',
    name: '2025-2026学年',
    startDate: '2025-09-01',
    endDate: '2026-08-31',
    terms: [
      {
        termId: '81',
        schyId: '91',
        schoolYearName: '2025-2026学年',
        termNo: 1,
        name: '上学期',
        startDate: '2025-09-01',
        endDate: '2026-01-31',
      },
      {
        termId: '82',
        schyId: '91',
        schoolYearName: '2025-2026学年',
        termNo: 2,
        name: '下学期',
        startDate: '2026-02-01',
        endDate: '2026-08-31',
      },
    ],
  },
  {
    schyId: '92',
    name: '2026-2027学年',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    terms: [
      {
        termId: '83',
        schyId: '92',
        schoolYearName: '2026-2027学年',
        termNo: 1,
        name: '上学期',
        startDate: '2026-09-01',
        endDate: '2027-01-31',
      },
    ],
  },
];

export const CLASSES: SchoolClass[] = [
  {
    classId: '11',
    name: '八年级(1)班',
    gradeId: '8',
    gradeName: '八年级',
    enterYear: 2025,
    classType: 1,
    classTypeName: '行政班',
    studentCount: 1,
    headTeacherName: '李明华',
    graduated: false,
  },
];

export const STUDENTS: Student[] = [
  {
    studentId: '21',
    name: '张子涵',
    gender: 1,
    studentNo: '2025080101',
    examNo: '080101',
    classId: '11',
    className: '八年级(1)班',
    gradeId: '8',
    gradeName: '八年级',
    loginName: 'hksy2025080101',
    status: 1,
  },
];

export const TEACHERS: Teacher[] = [
  {
    teacherId: '31',
    name: '李明华',
    phone: '13800000002',
    gender: 2,
    loginName: 'teacher01',
    type: 1,
    status: 1,
  },
];

export const LINKS: ClassTeacher[] = [
  {
    scteaId: '41',
    termId: '83',
    classId: '11',
    className: '八年级(1)班',
    gradeId: '8',
    gradeName: '八年级',
    courseId: '2',
    courseName: '数学',
    teacherId: '31',
    teacherName: '李明华',
    isHead: true,
  },
];

export const LEADERS: OrganLeader[] = [
  {
    solId: '51',
    teacherId: '31',
    teacherName: '李明华',
    role: 3,
    roleName: '年级主任',
    gradeId: '8',
    gradeName: '八年级',
    courseId: null,
    courseName: null,
  },
];

export const GRADES: SchoolGrade[] = [
  {
    sgId: '68',
    gradeId: '8',
    gradeName: '八年级',
    stage: 2,
    schoolGradeCourses: [{ sgcId: '71', courseId: '2', courseName: '数学' }],
  },
];

const page = <T,>(list: T[]) => ({ list, total: list.length, currentPage: 1, pageSize: 20 });

/** What each call answers; a test may replace any of them. */
export function schoolAnswers(): Record<string, () => unknown> {
  return {
    '/schoolbase/api/school_year/get': () => YEARS,
    '/analysis/api/user/findSGTByDate': () => {
      const year = YEARS[1]!;
      const { schoolYearName: _name, ...term } = year.terms[0]!;
      return {
        schoolYear: { schyId: year.schyId, name: year.name, startDate: year.startDate, endDate: year.endDate },
        term,
      };
    },
    '/schoolbase/api/grade_course/get': () => GRADES,
    '/schoolbase/api/education/get': () => ({ grades: [], courses: [] }),
    '/schoolbase/api/class/get': () => CLASSES,
    '/schoolbase/api/student/get': () => page(STUDENTS),
    '/schoolbase/api/teacher/get': () => page(TEACHERS),
    '/schoolbase/api/class_teacher/get': () => LINKS,
    '/schoolbase/api/organ_leader/get': () => LEADERS,
  };
}

/** Stubs fetch with the answers; returns the paths asked for, in order. */
export function stubSchoolServer(answers = schoolAnswers()): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? url;
      asked.push(path);
      const answer = answers[path];
      return answer ? envelopeResponse(200, '成功', answer()) : envelopeResponse(404, `no answer for ${path}`, null);
    }),
  );
  return asked;
}

export function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiConfigProvider>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </UiConfigProvider>,
  );
}
