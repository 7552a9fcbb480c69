import type { RouteObject } from 'react-router';
import { comingSoonPage } from '../../components/coming-soon-route.ts';
import { type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

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
    page('report-card', '班级成绩单', async () => ({
      Component: (await import('./pages/report-card-page.tsx')).ReportCardPage,
    })),
    page('attention-card', '班级关注学生', async () => ({
      Component: (await import('./pages/attention-card-page.tsx')).AttentionCardPage,
    })),
    page('class-analysis', '班级分析', async () => ({
      Component: (await import('./pages/class-analysis-page.tsx')).ClassAnalysisPage,
    })),
    page('teacher-analysis', '教师教学分析', async () => ({
      Component: (await import('./pages/teacher-analysis-page.tsx')).TeacherAnalysisPage,
    })),
    page('trend-analysis', '趋势分析', async () => ({
      Component: (await import('./pages/trend-analysis-page.tsx')).TrendAnalysisPage,
    })),
    page('question-analysis', '试题分析', async () => ({
      Component: (await import('./pages/question-analysis-page.tsx')).QuestionAnalysisPage,
    })),
    page('mis-recommend', '错题推荐', async () => ({
      Component: (await import('./pages/mis-recommend-page.tsx')).MisRecommendPage,
    })),
    page('class-whole-analysis', '班级整体分析', async () => ({
      Component: (await import('./pages/class-whole-analysis-page.tsx')).ClassWholeAnalysisPage,
    })),
    page('class-level-analysis', '班级分层分析', async () => ({
      Component: (await import('./pages/class-level-analysis-page.tsx')).ClassLevelAnalysisPage,
    })),
    page('class-attention-analysis', '班级关注分析', async () => ({
      Component: (await import('./pages/class-attention-analysis-page.tsx')).ClassAttentionAnalysisPage,
    })),
    page('class-single-level-analysis', '单科分层分析', async () => ({
      Component: (await import('./pages/class-single-level-analysis-page.tsx')).ClassSingleLevelAnalysisPage,
    })),
    page('class-single-attention-analysis', '单科关注分析', async () => ({
      Component: (await import('./pages/class-single-attention-analysis-page.tsx')).ClassSingleAttentionAnalysisPage,
    })),
    page('class-single-paper-analysis', '单科试卷分析', async () => ({
      Component: (await import('./pages/class-single-paper-analysis-page.tsx')).ClassSinglePaperAnalysisPage,
    })),
    page('class-single-question-analysis', '单科小题分析', async () => ({
      Component: (await import('./pages/class-single-question-analysis-page.tsx')).ClassSingleQuestionAnalysisPage,
    })),
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
