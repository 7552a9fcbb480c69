import type { RouteObject } from 'react-router';
import { comingSoonPage, sectionRoute } from '../../lib/route-kit.ts';

/** Teacher 个人中心 (spec §2 initData): the user's own data and the school base data. */
export const initDataRoutes: RouteObject = sectionRoute('initData', '个人中心', '/teacher/initData/user-info', [
  comingSoonPage('user-info', '个人信息'),
  comingSoonPage('school-grade', '年级管理'),
  comingSoonPage('school-grade-term', '学年学期'),
  comingSoonPage('school-class-student', '班级学生'),
  comingSoonPage('school-class-teacher', '任课教师'),
  comingSoonPage('school-organ-leader', '组织领导'),
]);
