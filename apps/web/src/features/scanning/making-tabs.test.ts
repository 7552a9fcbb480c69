import { describe, expect, it } from 'vitest';
import { availableTabs, chosenTab, type MakingTabDefinition } from './making-tabs.ts';

const TABS: MakingTabDefinition[] = [
  { key: 'structure', label: '题目结构' },
  { key: 'standard', label: '标准答卷' },
  { key: 'card', label: '答题卡' },
  { key: 'scan', label: '扫描', available: (context) => context.canEdit && context.hasQuestions },
];

describe('试卷制作 tabs', () => {
  it('offers a tab only where its condition holds, keeping the order', () => {
    expect(availableTabs(TABS, { canEdit: true, hasQuestions: true }).map((tab) => tab.key)).toEqual([
      'structure',
      'standard',
      'card',
      'scan',
    ]);
    expect(availableTabs(TABS, { canEdit: false, hasQuestions: true }).map((tab) => tab.key)).toEqual([
      'structure',
      'standard',
      'card',
    ]);
  });

  it('shows the tab from the address, or the first one for a missing or unknown key', () => {
    expect(chosenTab(TABS, 'card')?.label).toBe('答题卡');
    expect(chosenTab(TABS, null)?.key).toBe('structure');
    expect(chosenTab(TABS, 'nope')?.key).toBe('structure');
    expect(chosenTab([], 'card')).toBeUndefined();
  });
});
