import { describe, expect, it } from 'vitest';
import { type PaperEditorSource, paperEditorPath, sourceOf } from './editor-route.ts';

describe('paper editor route', () => {
  it('writes and reads back each source', () => {
    const sources: PaperEditorSource[] = [
      { from: 'basket', courseId: '2' },
      { from: 'library', paperId: '15' },
      { from: 'mine', paperId: '7' },
    ];
    for (const source of sources) {
      const url = new URL(paperEditorPath(source), 'http://localhost');
      expect(url.pathname).toBe('/teacher/questionBank/paper-editor');
      expect(sourceOf(url.searchParams)).toEqual(source);
    }
    expect(paperEditorPath({ from: 'mine', paperId: '7' })).toBe('/teacher/questionBank/paper-editor?paperId=7');
  });

  it('opens nothing without what it needs', () => {
    expect(sourceOf(new URLSearchParams('from=basket'))).toBeNull();
    expect(sourceOf(new URLSearchParams('from=library'))).toBeNull();
    expect(sourceOf(new URLSearchParams(''))).toBeNull();
  });
});
