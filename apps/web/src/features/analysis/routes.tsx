import type { RouteObject } from 'react-router';
import { type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

/** A screen of this feature, its page loaded lazily (each its own chunk). */
export function page(
  path: string,
  title: string,
  lazy: () => Promise<{ Component: React.ComponentType }>,
  menuGroup?: string,
): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title, ...(menuGroup ? { menuGroup } : {}) } satisfies RouteHandle, lazy };
}

/**
 * The teacher menu's 21 reports under four headings (#22): what the grade sees, what a class
 * sees, a course's paper and questions, and the lists of single students.
 */
export const TEACHER_MENU_GROUPS: Record<string, '年级' | '班级' | '学科' | '学生'> = {
  'grade-whole-analysis': '年级',
  'grade-report-card': '年级',
  'grade-attention-card': '年级',
  'grade-class-analysis': '年级',
  'grade-trend-analysis': '年级',
  'grade-report-file': '年级',
  'report-card': '班级',
  'class-analysis': '班级',
  'class-whole-analysis': '班级',
  'class-level-analysis': '班级',
  'class-attention-analysis': '班级',
  'grade-subject-analysis': '学科',
  'teacher-analysis': '学科',
  'question-analysis': '学科',
  'class-single-level-analysis': '学科',
  'class-single-attention-analysis': '学科',
  'class-single-paper-analysis': '学科',
  'class-single-question-analysis': '学科',
  'attention-card': '学生',
  'trend-analysis': '学生',
  'mis-recommend': '学生',
};

const teacherPage = (path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>) =>
  page(path, title, lazy, TEACHER_MENU_GROUPS[path]);

/** Teacher 学情分析 (spec §2 teacher-analysis-main): grade-level and class-level reports. */
export const teacherAnalysisRoutes: RouteObject = sectionRoute(
  'teacher-analysis-main',
  '学情分析',
  '/teacher/teacher-analysis-main/grade-whole-analysis',
  [
    teacherPage('grade-whole-analysis', '年级整体分析', async () => ({
      Component: (await import('./pages/grade-whole-analysis-page.tsx')).GradeWholeAnalysisPage,
    })),
    teacherPage('grade-report-card', '年级成绩单', async () => ({
      Component: (await import('./pages/grade-report-card-page.tsx')).GradeReportCardPage,
    })),
    teacherPage('grade-attention-card', '年级关注学生', async () => ({
      Component: (await import('./pages/grade-attention-card-page.tsx')).GradeAttentionCardPage,
    })),
    teacherPage('grade-class-analysis', '班级对比分析', async () => ({
      Component: (await import('./pages/grade-class-analysis-page.tsx')).GradeClassAnalysisPage,
    })),
    teacherPage('grade-trend-analysis', '年级趋势分析', async () => ({
      Component: (await import('./pages/grade-trend-analysis-page.tsx')).GradeTrendAnalysisPage,
    })),
    teacherPage('grade-report-file', '年级报告文件', async () => ({
      Component: (await import('./pages/grade-report-file-page.tsx')).GradeReportFilePage,
    })),
    teacherPage('report-card', '班级成绩单', async () => ({
      Component: (await import('./pages/report-card-page.tsx')).ReportCardPage,
    })),
    teacherPage('class-analysis', '班级分析', async () => ({
      Component: (await import('./pages/class-analysis-page.tsx')).ClassAnalysisPage,
    })),
    teacherPage('class-whole-analysis', '班级整体分析', async () => ({
      Component: (await import('./pages/class-whole-analysis-page.tsx')).ClassWholeAnalysisPage,
    })),
    teacherPage('class-level-analysis', '班级分层分析', async () => ({
      Component: (await import('./pages/class-level-analysis-page.tsx')).ClassLevelAnalysisPage,
    })),
    teacherPage('class-attention-analysis', '班级关注分析', async () => ({
      Component: (await import('./pages/class-attention-analysis-page.tsx')).ClassAttentionAnalysisPage,
    })),
    teacherPage('grade-subject-analysis', '学科分析', async () => ({
      Component: (await import('./pages/grade-subject-analysis-page.tsx')).GradeSubjectAnalysisPage,
    })),
    teacherPage('teacher-analysis', '教师教学分析', async () => ({
      Component: (await import('./pages/teacher-analysis-page.tsx')).TeacherAnalysisPage,
    })),
    teacherPage('question-analysis', '试题分析', async () => ({
      Component: (await import('./pages/question-analysis-page.tsx')).QuestionAnalysisPage,
    })),
    teacherPage('class-single-level-analysis', '单科分层分析', async () => ({
      Component: (await import('./pages/class-single-level-analysis-page.tsx')).ClassSingleLevelAnalysisPage,
    })),
    teacherPage('class-single-attention-analysis', '单科关注分析', async () => ({
      Component: (await import('./pages/class-single-attention-analysis-page.tsx')).ClassSingleAttentionAnalysisPage,
    })),
    teacherPage('class-single-paper-analysis', '单科试卷分析', async () => ({
      Component: (await import('./pages/class-single-paper-analysis-page.tsx')).ClassSinglePaperAnalysisPage,
    })),
    teacherPage('class-single-question-analysis', '单科小题分析', async () => ({
      Component: (await import('./pages/class-single-question-analysis-page.tsx')).ClassSingleQuestionAnalysisPage,
    })),
    teacherPage('attention-card', '班级关注学生', async () => ({
      Component: (await import('./pages/attention-card-page.tsx')).AttentionCardPage,
    })),
    teacherPage('trend-analysis', '趋势分析', async () => ({
      Component: (await import('./pages/trend-analysis-page.tsx')).TrendAnalysisPage,
    })),
    teacherPage('mis-recommend', '错题推荐', async () => ({
      Component: (await import('./pages/mis-recommend-page.tsx')).MisRecommendPage,
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

/**
 * Top-level analysis detail pages of spec §2: none of this feature's own. 单科成绩详情
 * (/analysis-manager-single-detail-info) is opened from 成绩管理 and lives in features/exams.
 */
export const analysisDetailRoutes: RouteObject[] = [];
