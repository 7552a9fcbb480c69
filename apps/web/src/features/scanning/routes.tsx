import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-kit.ts';

export { type HandedInTab, handInMakingTabs } from './making-tabs.ts';

// Answer cards are the scanning domain's first screens (issue #15). Every page is its own lazily
// loaded chunk; /answerSheet is opened without a session, through a signed link (the guard lets
// it through, spec §2).

function page(path: string, title: string, lazy: () => Promise<{ Component: React.ComponentType }>): RouteObject {
  const name = path.replace(/^\//, '');
  return { path, handle: { name, title } satisfies RouteHandle, lazy };
}

/** 我的答题卡, a page of the teacher's 考试阅卷 section (router.tsx hands it to that section). */
export const myCardRoute: RouteObject = page('my-card', '我的答题卡', async () => ({
  Component: (await import('./pages/my-card-page.tsx')).MyCardPage,
}));

/** The answer-card detail pages of spec §2, opened from 我的答题卡, 我的考试 and 我的试卷. */
export const cardDetailRoutes: RouteObject[] = [
  page('/makeExamDetailInfo', '试卷制作', async () => ({
    Component: (await import('./pages/make-exam-page.tsx')).MakeExamPage,
  })),
  page('/answerSheet', '答题卡', async () => ({
    Component: (await import('./pages/answer-sheet-page.tsx')).AnswerSheetPage,
  })),
  page('/examTemplateInfo', '答题卡信息', async () => ({
    Component: (await import('./pages/template-info-page.tsx')).TemplateInfoPage,
  })),
];
