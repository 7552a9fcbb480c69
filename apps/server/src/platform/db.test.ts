import { describe, expect, it } from 'vitest';
import { inTurn } from './db.ts';

// inTurn takes functions that start each query, so none starts before the one ahead has finished,
// and a failure leaves nothing running unobserved (issue #21 item 1).
describe('inTurn', () => {
  it('starts each query after the one ahead has finished, and answers in order', async () => {
    const started: string[] = [];
    const query = (name: string, value: number) => async () => {
      started.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      started.push(`end ${name}`);
      return value;
    };
    expect(await inTurn([query('a', 1), query('b', 2)])).toEqual([1, 2]);
    expect(started).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('starts nothing after a query that fails', async () => {
    let laterStarted = false;
    const failing = async () => {
      throw new Error('invalid input syntax for type bigint');
    };
    const later = async () => {
      laterStarted = true;
      throw new Error('would be unobserved');
    };
    await expect(inTurn([failing, later])).rejects.toThrow('bigint');
    expect(laterStarted).toBe(false);
  });
});
