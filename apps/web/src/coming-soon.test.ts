import { describe, expect, it } from 'vitest';
import { comingSoonPaths } from './router.tsx';

/**
 * The screens that still render the shared ComingSoon (即将上线) page. This list may only SHRINK:
 * when a screen lands, delete its path here in the same change. Adding a path is forbidden: a
 * route of spec §2 that loses its page is a regression, not a placeholder.
 */
const COMING_SOON: string[] = [];

describe('ComingSoon placeholders', () => {
  it('are exactly the committed list, which may only shrink', () => {
    const actual = [...comingSoonPaths()].sort();
    const committed = [...COMING_SOON].sort();
    const added = actual.filter((path) => !committed.includes(path));
    const landed = committed.filter((path) => !actual.includes(path));
    expect(
      added,
      'These routes render ComingSoon but are not in the committed list. Adding placeholders is forbidden: ' +
        'the list may only shrink as screens land.',
    ).toEqual([]);
    expect(
      landed,
      'These screens no longer render ComingSoon: remove them from COMING_SOON in coming-soon.test.ts.',
    ).toEqual([]);
    expect(actual).toEqual(committed);
  });
});
