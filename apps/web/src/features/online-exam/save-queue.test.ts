import { afterEach, describe, expect, it } from 'vitest';
import { createSaveQueue, type QueuedAnswer } from './save-queue.ts';

// The sitting's save queue: versions per question, debounced sends, nothing lost while the
// network is down (kept in localStorage, sent again by the next page).

const KEY = 'online-exam:test:1';
afterEach(() => localStorage.clear());

describe('save queue', () => {
  it('numbers each question’s changes and sends only the last of a burst', async () => {
    const sent: QueuedAnswer[] = [];
    const queue = createSaveQueue(
      KEY,
      async (e) => {
        sent.push(e);
        return { version: e.version };
      },
      { debounceMs: 10 },
    );
    queue.know({ q1: 4 });
    queue.change('q1', 'A', false);
    queue.change('q1', 'AB', false);
    queue.change('q2', '3', true);
    expect(await queue.flush()).toBe(true);
    expect(sent).toEqual([
      { questionId: 'q1', answer: 'AB', flagged: false, version: 6 },
      { questionId: 'q2', answer: '3', flagged: true, version: 1 },
    ]);
    expect(localStorage.getItem(KEY)).toBeNull();
    queue.dispose();
  });

  it('keeps unsent changes in localStorage for the next page, which sends them', async () => {
    const down = createSaveQueue(
      KEY,
      async () => {
        throw new Error('offline');
      },
      { debounceMs: 10, retryMs: 60_000 },
    );
    down.change('q1', '设 y=kx+b', false);
    expect(await down.flush()).toBe(false);
    down.dispose();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ q1: { answer: '设 y=kx+b', version: 1 } });

    const sent: QueuedAnswer[] = [];
    const back = createSaveQueue(
      KEY,
      async (e) => {
        sent.push(e);
        return { version: e.version };
      },
      { debounceMs: 10 },
    );
    expect(back.pending()).toHaveLength(1);
    back.change('q1', '设 y=kx+b，则 k=2', false);
    expect(await back.flush()).toBe(true);
    expect(sent.at(-1)).toEqual({ questionId: 'q1', answer: '设 y=kx+b，则 k=2', flagged: false, version: 2 });
    expect(back.pending()).toEqual([]);
    back.dispose();
  });
});
