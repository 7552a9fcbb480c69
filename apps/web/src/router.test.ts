import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { flattenRoutes, groupedPages, routeHandle } from './lib/route-kit.ts';
import { appRoutes } from './router.tsx';

/** Every named screen of spec §2: full path → route name (the spec's own name). */
const SPEC_SCREENS: Record<string, string> = {
  '/login': 'login',
  '/autoLogin': 'autoLogin',
  '/setup': 'setup',
  '/findStudentDetailPaper': 'findStudentDetailPaper',
  '/markDetail': 'markDetail',
  '/makeExamDetailInfo': 'makeExamDetailInfo',
  '/answerSheet': 'answerSheet',
  '/markCensorInfo': 'markCensorInfo',
  '/analysis-manager-single-detail-info': 'analysis-manager-single-detail-info',
  '/examTemplateInfo': 'examTemplateInfo',
  '/403': '403',
  '/404': '404',
  '/500': '500',
  '/noexam': 'noexam',
  '/student': 'student',
  '/student/student-analysis-main': 'student-analysis-main',
  '/student/student-exam-main': 'student-exam-main',
  '/school': 'school',
  '/school/school-analysis-main': 'school-analysis-main',
  '/teacher': 'teacher',
  '/teacher/initData': 'initData',
  '/teacher/examMark': 'examMark',
  '/teacher/questionBank': 'questionBank',
  '/teacher/teacher-analysis-main': 'teacher-analysis-main',
};

const CHILDREN: Record<string, string[]> = {
  '/student/student-analysis-main': ['student-subject-analysis', 'student-single-analysis'],
  '/student/student-exam-main': ['student-exam-list'],
  '/school/school-analysis-main': [
    'school-grade-whole',
    'school-grade-area',
    'school-grade-school',
    'school-grade-class',
    'school-grade-student-attention',
    'school-course-whole',
    'school-course-area',
    'school-course-school',
    'school-course-class',
    'school-course-student-attention',
    'school-course-question',
  ],
  '/teacher/initData': [
    'user-info',
    'school-grade',
    'school-grade-term',
    'school-class-student',
    'school-class-teacher',
    'school-organ-leader',
    // ★ issue #19: not in spec §2; listed only for schools that run majors.
    'curriculum',
  ],
  '/teacher/examMark': [
    'my-mark-task',
    'mark-monitor',
    'my-card',
    'my-exam',
    // ★ issue #18: not in spec §2; the teachers' 在线考试 page.
    'online-exam',
    'course-monitor',
    'ques-monitor',
    'analysis-manager',
    'exam-doc',
    'doc-tools',
  ],
  '/teacher/questionBank': [
    'know-topic',
    'chapter-topic',
    'paper-topic',
    'wisdom-topic',
    'my-paper',
    'my-collection',
    'school-paper',
    'school-question',
    'school-paper-manage',
    'school-question-manage',
  ],
  '/teacher/teacher-analysis-main': [
    // 年级
    'grade-whole-analysis',
    'grade-report-card',
    'grade-attention-card',
    'grade-class-analysis',
    'grade-trend-analysis',
    'grade-report-file',
    // 班级
    'report-card',
    'class-analysis',
    'class-whole-analysis',
    'class-level-analysis',
    'class-attention-analysis',
    // 学科
    'grade-subject-analysis',
    'teacher-analysis',
    'question-analysis',
    'class-single-level-analysis',
    'class-single-attention-analysis',
    'class-single-paper-analysis',
    'class-single-question-analysis',
    // 学生
    'attention-card',
    'trend-analysis',
    'mis-recommend',
  ],
};

/** Spec §2 redirects: path → where its index route sends the user. */
const REDIRECTS: Record<string, string> = {
  '/': '/login',
  '/teacher': '/teacher/examMark',
  '/teacher/examMark': '/teacher/examMark/my-mark-task',
  '/teacher/initData': '/teacher/initData/user-info',
  '/teacher/questionBank': '/teacher/questionBank/know-topic',
  '/teacher/teacher-analysis-main': '/teacher/teacher-analysis-main/grade-whole-analysis',
  '/student': '/student/student-analysis-main',
  '/student/student-analysis-main': '/student/student-analysis-main/student-subject-analysis',
  '/student/student-exam-main': '/student/student-exam-main/student-exam-list',
  '/school': '/school/school-analysis-main',
  '/school/school-analysis-main': '/school/school-analysis-main/school-grade-whole',
};

const expectedScreens: Record<string, string> = { ...SPEC_SCREENS };
for (const [parent, names] of Object.entries(CHILDREN)) {
  for (const name of names) expectedScreens[`${parent}/${name}`] = name;
}

const flat = flattenRoutes(appRoutes);

async function redirectOf(route: RouteObject, url: string): Promise<string | null> {
  if (typeof route.loader !== 'function') return null;
  const args = {
    request: new Request(url),
    url: new URL(url),
    pattern: route.path ?? '',
    params: {},
    context: undefined,
  };
  const result = await route.loader(args, undefined);
  if (!(result instanceof Response)) return null;
  return result.headers.get('Location');
}

describe('route table (spec §2)', () => {
  it('has exactly the spec screens, each with its spec name and a Chinese title', () => {
    const named = flat.filter((entry) => entry.handle);
    const table = Object.fromEntries(named.map((entry) => [entry.fullPath, entry.handle?.name]));
    expect(table).toEqual(expectedScreens);
    for (const entry of named) {
      expect(entry.handle?.title, entry.fullPath).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
    // The spec's 83 screens, plus 专业课程 and 文档工具 (issue #19) and 在线考试 (issue #18).
    expect(Object.keys(expectedScreens)).toHaveLength(86);
  });

  it('redirects exactly as the spec says, keeping the query', async () => {
    const indexRoutes = flat.filter((entry) => entry.route.index);
    const redirects: Record<string, string | null> = {};
    for (const entry of indexRoutes) {
      redirects[entry.fullPath] = await redirectOf(entry.route, `http://localhost${entry.fullPath}`);
    }
    expect(redirects).toEqual(REDIRECTS);
    const teacher = indexRoutes.find((entry) => entry.fullPath === '/teacher');
    expect(teacher && (await redirectOf(teacher.route, 'http://localhost/teacher?from=mail'))).toBe(
      '/teacher/examMark?from=mail',
    );
  });

  it('sends any other path to /404', async () => {
    const catchAll = flat.find((entry) => entry.route.path === '*');
    expect(catchAll).toBeDefined();
    expect(catchAll && (await redirectOf(catchAll.route, 'http://localhost/no/such/page'))).toBe('/404');
  });

  it('loads each area layout and every page lazily', () => {
    for (const area of ['/teacher', '/student', '/school']) {
      const entry = flat.find((candidate) => candidate.fullPath === area && candidate.handle);
      expect(typeof entry?.route.lazy, area).toBe('function');
    }
    const pages = flat.filter(
      (entry) => entry.handle && !entry.route.children && !/^\/(403|404|500|noexam)$/.test(entry.fullPath),
    );
    for (const page of pages) expect(typeof page.route.lazy, page.fullPath).toBe('function');
  });

  it("groups the teacher's 21 analysis reports under 年级 / 班级 / 学科 / 学生", () => {
    const teacher = flat.find((entry) => entry.fullPath === '/teacher' && entry.handle);
    const section = routeHandle(teacher!.route)?.menu?.find((m) => m.path === '/teacher/teacher-analysis-main');
    const groups = groupedPages(section!.pages).map(({ group, pages }) => [group, pages.length]);
    expect(groups).toEqual([
      ['年级', 6],
      ['班级', 5],
      ['学科', 7],
      ['学生', 3],
    ]);
  });
});
