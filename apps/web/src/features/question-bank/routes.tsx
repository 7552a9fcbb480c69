import type { RouteObject } from 'react-router';
import { type RouteHandle, sectionRoute } from '../../lib/route-kit.ts';

/** A screen of this feature, its page loaded lazily (each its own chunk). */
function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  return { path, handle: { name: path, title } satisfies RouteHandle, lazy };
}

/** Teacher 选题组卷 (spec §2 questionBank): question selection, paper assembly, own and school resources. */
export const questionBankRoutes: RouteObject = sectionRoute(
  'questionBank',
  '选题组卷',
  '/teacher/questionBank/know-topic',
  [
    page('know-topic', '知识点选题', async () => ({
      Component: (await import('./pages/know-topic-page.tsx')).KnowTopicPage,
    })),
    page('chapter-topic', '章节选题', async () => ({
      Component: (await import('./pages/chapter-topic-page.tsx')).ChapterTopicPage,
    })),
    page('paper-topic', '试卷选题', async () => ({
      Component: (await import('./pages/paper-topic-page.tsx')).PaperTopicPage,
    })),
    // The paper editor (组卷): not a screen of spec §2, so no handle (not in the menu); see editor-route.ts.
    {
      path: 'paper-editor',
      lazy: async () => ({ Component: (await import('./pages/paper-editor-page.tsx')).PaperEditorPage }),
    },
    page('wisdom-topic', '智能组卷', async () => ({
      Component: (await import('./pages/wisdom-topic-page.tsx')).WisdomTopicPage,
    })),
    page('my-paper', '我的试卷', async () => ({
      Component: (await import('./pages/my-paper-page.tsx')).MyPaperPage,
    })),
    page('my-collection', '我的收藏', async () => ({
      Component: (await import('./pages/my-collection-page.tsx')).MyCollectionPage,
    })),
    page('school-paper', '校本试卷', async () => ({
      Component: (await import('./pages/school-paper-page.tsx')).SchoolPaperPage,
    })),
    page('school-question', '校本试题', async () => ({
      Component: (await import('./pages/school-question-page.tsx')).SchoolQuestionPage,
    })),
    page('school-paper-manage', '校本试卷管理', async () => ({
      Component: (await import('./pages/school-paper-manage-page.tsx')).SchoolPaperManagePage,
    })),
    page('school-question-manage', '校本试题管理', async () => ({
      Component: (await import('./pages/school-question-manage-page.tsx')).SchoolQuestionManagePage,
    })),
  ],
);
