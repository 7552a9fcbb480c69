import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-kit.ts';

// The documents feature's screens (issue #19 part 1). 文档工具 sits in the teacher's 考试阅卷
// section beside 考试文档 (router.tsx hands it to that section).

/** 文档工具: Word preview and print, workbook print, attachment links, Word paper cutting, 拍照识题. */
export const docToolsRoute: RouteObject = {
  path: 'doc-tools',
  handle: { name: 'doc-tools', title: '文档工具' } satisfies RouteHandle,
  lazy: async () => ({ Component: (await import('./pages/doc-tools-page.tsx')).DocToolsPage }),
};
