import { describe, expect, it } from 'vitest';
import { createLeaveCounter } from './leave-counter.ts';

describe('createLeaveCounter', () => {
  it('counts blur and hidden of one leave once, and each later leave again', () => {
    let t = 0;
    let reported = 0;
    const c = createLeaveCounter(
      () => reported++,
      1000,
      () => t,
    );
    c.left(); // blur
    c.left(); // visibilitychange hidden
    expect(reported).toBe(1);
    t += 5000;
    c.back();
    c.back();
    c.left();
    expect(reported).toBe(2);
  });

  it('does not count a flicker right after a reported leave', () => {
    let t = 0;
    let reported = 0;
    const c = createLeaveCounter(
      () => reported++,
      1000,
      () => t,
    );
    c.left();
    t += 200;
    c.back();
    t += 100;
    c.left();
    expect(reported).toBe(1);
    c.back();
    t += 2000;
    c.left();
    expect(reported).toBe(2);
  });
});
