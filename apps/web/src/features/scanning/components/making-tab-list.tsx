import { type ReactNode, Suspense } from 'react';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { handedInTabs, type MakingContext, type MakingTabDefinition } from '../making-tabs.ts';
import { ExamRoomsTab } from '../rooms/exam-rooms-tab.tsx';
import { ScanTab } from '../scan/scan-tab.tsx';
import { CardTab } from './card-tab.tsx';
import { StandardPaperTab } from './standard-paper-tab.tsx';
import { StructureTab } from './structure-tab.tsx';

/** What every tab of 试卷制作 is given. */
export interface MakingTabProps extends MakingContext {
  seId: string;
  meId: string;
}

export interface MakingTab extends MakingTabDefinition {
  render: (props: MakingTabProps) => ReactNode;
}

/** Scanning's own tabs, then those handed in. */
export function makingTabs(): MakingTab[] {
  return [
    ...MAKING_TABS,
    ...handedInTabs().map(({ Component, ...tab }) => ({
      ...tab,
      render: ({ seId, meId }: MakingTabProps) => (
        <Suspense fallback={<PageSpinner />}>
          <Component seId={seId} meId={meId} />
        </Suspense>
      ),
    })),
  ];
}

/** The tabs of 试卷制作, in the order an administrator walks them. */
export const MAKING_TABS: MakingTab[] = [
  { key: 'structure', label: '题目结构', render: ({ seId, meId }) => <StructureTab seId={seId} meId={meId} /> },
  { key: 'standard', label: '标准答卷', render: ({ seId }) => <StandardPaperTab seId={seId} /> },
  {
    key: 'card',
    label: '答题卡',
    render: ({ seId, hasQuestions }) => <CardTab seId={seId} hasQuestions={hasQuestions} />,
  },
  { key: 'rooms', label: '考场编排', render: ({ seId, meId }) => <ExamRoomsTab seId={seId} meId={meId} /> },
  // Scanning is the school administrator's work (roles-and-permissions.md): others are not offered it.
  {
    key: 'scan',
    label: '扫描',
    available: ({ canEdit }) => canEdit,
    render: ({ seId, meId }) => <ScanTab seId={seId} meId={meId} />,
  },
];
