import type { ComponentType } from 'react';

// 试卷制作 (/makeExamDetailInfo) is one page an administrator walks from the exam's structure to
// its marking: its tabs are a list of definitions, so the 扫描 (#16) and 阅卷设置 (#17) tabs slot in
// by adding an entry, and the page never shows a placeholder for a tab that is not built.

/** What a tab may depend on to be offered. */
export interface MakingContext {
  /** Type 5 manages the exam; others read what they may. */
  canEdit: boolean;
  /** Whether the single exam has a question structure (the card needs one). */
  hasQuestions: boolean;
}

export interface MakingTabDefinition {
  /** In the address (?tab=…), so a reload or a shared link comes back to the same tab. */
  key: string;
  label: string;
  /** Offered only when this says so; absent: always. */
  available?: (context: MakingContext) => boolean;
}

/** A tab another feature hands in through router.tsx (features never import each other). */
export interface HandedInTab extends MakingTabDefinition {
  Component: ComponentType<{ seId: string; meId: string }>;
}

const handedIn: HandedInTab[] = [];

/** Called once by router.tsx: 阅卷设置 (#17) is marking's screen, shown after 扫描. */
export function handInMakingTabs(tabs: readonly HandedInTab[]): void {
  for (const tab of tabs) if (!handedIn.some((t) => t.key === tab.key)) handedIn.push(tab);
}

export function handedInTabs(): readonly HandedInTab[] {
  return handedIn;
}

/** The tabs offered in this context, in their order. */
export function availableTabs<T extends MakingTabDefinition>(tabs: readonly T[], context: MakingContext): T[] {
  return tabs.filter((tab) => tab.available?.(context) ?? true);
}

/** The tab to show: the one asked for when it is offered, else the first offered one. */
export function chosenTab<T extends MakingTabDefinition>(tabs: readonly T[], requested: string | null): T | undefined {
  return tabs.find((tab) => tab.key === requested) ?? tabs[0];
}
