import type { RouteObject } from 'react-router';
import { comingSoonPage, sectionRoute } from '../../lib/route-kit.ts';

/** Teacher 选题组卷 (spec §2 questionBank): question selection, paper assembly, own and school resources. */
export const questionBankRoutes: RouteObject = sectionRoute(
  'questionBank',
  '选题组卷',
  '/teacher/questionBank/know-topic',
  [
    comingSoonPage('know-topic', '知识点选题'),
    comingSoonPage('chapter-topic', '章节选题'),
    comingSoonPage('paper-topic', '试卷选题'),
    comingSoonPage('wisdom-topic', '智能组卷'),
    comingSoonPage('my-paper', '我的试卷'),
    comingSoonPage('my-collection', '我的收藏'),
    comingSoonPage('school-paper', '校本试卷'),
    comingSoonPage('school-question', '校本试题'),
    comingSoonPage('school-paper-manage', '校本试卷管理'),
    comingSoonPage('school-question-manage', '校本试题管理'),
  ],
);
