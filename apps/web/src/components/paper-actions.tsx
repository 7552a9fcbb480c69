import type { ComponentType } from 'react';

// Actions other features offer on a teacher's 我的试卷 paper (issue #18: 建在线考试). Features never
// import each other, so router.tsx hands them in here and question-bank shows them on its rows.

export interface PaperActionProps {
  paper: { paperId: string; title: string };
}

let actions: readonly ComponentType<PaperActionProps>[] = [];

/** Called once by router.tsx with the actions of the other features. */
export function providePaperActions(list: readonly ComponentType<PaperActionProps>[]): void {
  actions = list;
}

/** The handed-in actions for one paper (none when no feature offered any). */
export function PaperActions({ paper }: PaperActionProps) {
  return (
    <>
      {actions.map((Action, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list handed in once
        <Action key={i} paper={paper} />
      ))}
    </>
  );
}
