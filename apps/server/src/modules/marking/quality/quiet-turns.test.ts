import { describe, expect, it } from 'vitest';
import { due, nextDue, QUIET_MS, quietTurnsOf } from './quiet-turns.ts';

describe('nextDue', () => {
  it('is the first blind count from `done` at which the item is due, for whole and fractional shares', () => {
    for (const percent of [1, 2, 2.5, 3, 7, 20, 33.3]) {
      for (const seed of ['self:1:2', 'seeded:9:41', 'self:77:1003']) {
        for (const served of [0, 1, 4]) {
          for (const done of [0, 5, 49, 120]) {
            let first = done;
            while (!due(first, served, percent, seed)) first += 1;
            expect(nextDue(done, served, percent, seed), `${percent} ${seed} ${served} ${done}`).toBe(first);
          }
        }
      }
    }
  });

  it('never comes for a share of 0', () => {
    expect(nextDue(10, 0, 0, 'self:1:1')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the quiet-turn memory', () => {
  it('stays quiet until the marker has marked up to the count, or for QUIET_MS at most', () => {
    const turns = quietTurnsOf({});
    turns.remember(7, 3, 10, 12, 0);
    expect(turns.quiet(7, 3, 1)).toBe(true);
    expect(turns.quiet(7, 4, 1)).toBe(false);
    turns.marked(7, 3);
    expect(turns.quiet(7, 3, 2)).toBe(true);
    turns.marked(7, 3);
    expect(turns.quiet(7, 3, 3)).toBe(false);
    turns.remember(7, 3, 10, 50, 0);
    expect(turns.quiet(7, 3, QUIET_MS - 1)).toBe(true);
    expect(turns.quiet(7, 3, QUIET_MS)).toBe(false);
  });

  it('forgets a 题块 whose 标准卷 or shares changed, and is kept apart per database', () => {
    const db = {};
    quietTurnsOf(db).remember(7, 3, 0, 40, 0);
    quietTurnsOf(db).remember(70, 3, 0, 40, 0);
    expect(quietTurnsOf({}).quiet(7, 3, 1)).toBe(false);
    quietTurnsOf(db).forgetBlock(7);
    expect(quietTurnsOf(db).quiet(7, 3, 1)).toBe(false);
    expect(quietTurnsOf(db).quiet(70, 3, 1)).toBe(true);
  });
});
