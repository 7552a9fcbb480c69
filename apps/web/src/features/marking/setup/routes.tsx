import { lazy } from 'react';

// What marking's set-up hands to other features through router.tsx (features never import each
// other): the 阅卷设置 tab of 试卷制作, loaded with its own chunk when it is opened.

export const markSetupTab = {
  key: 'mark-setup',
  label: '阅卷设置',
  // Setting up marking is the school administrator's work (marking.md "Roles").
  available: ({ canEdit }: { canEdit: boolean }) => canEdit,
  Component: lazy(async () => ({ default: (await import('./mark-setup-tab.tsx')).MarkSetupTab })),
};
