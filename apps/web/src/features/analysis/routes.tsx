import type { RouteObject } from 'react-router';
import { comingSoonPage, type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

/** A screen of this feature, its page loaded lazily (each its own chunk). */
export function page(
  path: string,
  title: string,
  lazy: () => Promise<{ Component: React.ComponentType }>,
): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title } satisfies RouteHandle, lazy };
}

/** Teacher 学情分析 (spec §2 teacher-analysis-main): grade-level and class-level reports. */
export const teacherAnalysisRoutes: RouteObject = sectionRoute(
  'teacher-analysis-main',
  '学情分析',
  '/teacher/teacher-analysis-main/grade-whole-analysis',
  [
    page('grade-whole-analysis', '年级整体分析', async () => ({
      Component: (await import('./pages/grade-whole-analysis-page.tsx')).GradeWholeAnalysisPage,
    })),
    page('grade-report-card', '年级成绩单', async () => ({
      Component: (await import('./pages/grade-report-card-page.tsx')).GradeReportCardPage,
    })),
    page('grade-attention-card', '年级关注学生', async () => ({
      Component: (await import('./pages/grade-attention-card-page.tsx')).GradeAttentionCardPage,
    })),
    page('grade-class-analysis', '班级对比分析', async () => ({
      Component: (await import('./pages/grade-class-analysis-page.tsx')).GradeClassAnalysisPage,
    })),
    page('grade-trend-analysis', '年级趋势分析', async () => ({
      Component: (await import('./pages/grade-trend-analysis-page.tsx')).GradeTrendAnalysisPage,
    })),
    page('grade-report-file', '年级报告文件', async () => ({
      Component: (await import('./pages/grade-report-file-page.tsx')).GradeReportFilePage,
    })),
    page('grade-subject-analysis', '学科分析', async () => ({
      Component: (await import('./pages/grade-subject-analysis-page.tsx')).GradeSubjectAnalysisPage,
    })),
    comingSoonPage('report-card', '成绩单'),
    comingSoonPage('attention-card', '关注学生'),
    comingSoonPage('class-analysis', '班级分析'),
    comingSoonPage('teacher-analysis', '教师分析'),
    comingSoonPage('trend-analysis', '趋势分析'),
    comingSoonPage('question-analysis', '试题分析'),
    comingSoonPage('mis-recommend', '错题推荐'),
    comingSoonPage('class-whole-analysis', '班级总体分析'),
    comingSoonPage('class-level-analysis', '班级等级分析'),
    comingSoonPage('class-attention-analysis', '班级关注学生'),
    comingSoonPage('class-single-level-analysis', '班级单科等级分析'),
    comingSoonPage('class-single-attention-analysis', '班级单科关注学生'),
    comingSoonPage('class-single-paper-analysis', '班级单科试卷分析'),
    comingSoonPage('class-single-question-analysis', '班级单科试题分析'),
  ],
);

/** Student 学情分析 (spec §2 student-analysis-main). */
export const studentAnalysisRoutes: RouteObject = sectionRoute(
  'student-analysis-main',
  '学情分析',
  '/student/student-analysis-main/student-subject-analysis',
  [
    page('student-subject-analysis', '学科分析', async () => ({
      Component: (await import('./pages/student-subject-analysis-page.tsx')).StudentSubjectAnalysisPage,
    })),
    page('student-single-analysis', '单科分析', async () => ({
      Component: (await import('./pages/student-single-analysis-page.tsx')).StudentSingleAnalysisPage,
    })),
  ],
);

/** School or district manager 学情分析 (spec §2 school-analysis-main): grade level, then course level. */
export const schoolAnalysisRoutes: RouteObject = sectionRoute(
  'school-analysis-main',
  '学情分析',
  '/school/school-analysis-main/school-grade-whole',
  [
    page('school-grade-whole', '年级总体分析', async () => ({
      Component: (await import('./pages/school-grade-whole-page.tsx')).SchoolGradeWholePage,
    })),
    page('school-grade-area', '年级区域对比', async () => ({
      Component: (await import('./pages/school-grade-area-page.tsx')).SchoolGradeAreaPage,
    })),
    page('school-grade-school', '年级学校对比', async () => ({
      Component: (await import('./pages/school-grade-school-page.tsx')).SchoolGradeSchoolPage,
    })),
    page('school-grade-class', '年级班级对比', async () => ({
      Component: (await import('./pages/school-grade-class-page.tsx')).SchoolGradeClassPage,
    })),
    page('school-grade-student-attention', '年级关注学生', async () => ({
      Component: (await import('./pages/school-grade-student-attention-page.tsx')).SchoolGradeStudentAttentionPage,
    })),
    page('school-course-whole', '学科总体分析', async () => ({
      Component: (await import('./pages/school-course-whole-page.tsx')).SchoolCourseWholePage,
    })),
    page('school-course-area', '学科区域对比', async () => ({
      Component: (await import('./pages/school-course-area-page.tsx')).SchoolCourseAreaPage,
    })),
    page('school-course-school', '学科学校对比', async () => ({
      Component: (await import('./pages/school-course-school-page.tsx')).SchoolCourseSchoolPage,
    })),
    page('school-course-class', '学科班级对比', async () => ({
      Component: (await import('./pages/school-course-class-page.tsx')).SchoolCourseClassPage,
    })),
    page('school-course-student-attention', '学科关注学生', async () => ({
      Component: (await import('./pages/school-course-student-attention-page.tsx')).SchoolCourseStudentAttentionPage,
    })),
    page('school-course-question', '学科试题分析', async () => ({
      Component: (await import('./pages/school-course-question-page.tsx')).SchoolCourseQuestionPage,
    })),
  ],
);

/** Top-level analysis detail page of spec §2. */
export const analysisDetailRoutes: RouteObject[] = [
  comingSoonPage('/analysis-manager-single-detail-info', '单科成绩详情'),
];
