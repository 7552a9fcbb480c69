import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth-context.ts';
import { accountsChanged, createSessionCache } from './session-cache.ts';

const actor: Actor = {
  userId: 7,
  loginName: 'teacher07',
  name: '王老师',
  type: 1,
  schoolId: 1,
  userCode: 'T007',
  sessionId: 70,
  token: 'k'.repeat(32),
  schoolIds: [1],
};

describe('session cache', () => {
  const t0 = 1_000_000;

  it('answers from memory within its time, then forgets', () => {
    const cache = createSessionCache(5_000);
    cache.remember('jwt-a', actor, t0 + 3_600_000, cache.generation(), t0);
    expect(cache.get('jwt-a', t0 + 4_999)).toBe(actor);
    expect(cache.get('jwt-b', t0 + 1)).toBeUndefined();
    expect(cache.get('jwt-a', t0 + 5_000)).toBeUndefined();
    // Forgotten for good, not only hidden.
    expect(cache.get('jwt-a', t0 + 1)).toBeUndefined();
  });

  it('never answers past the session’s or the temporary account’s expiry', () => {
    const cache = createSessionCache(5_000);
    cache.remember('jwt-a', actor, t0 + 1_000, cache.generation(), t0);
    expect(cache.get('jwt-a', t0 + 999)).toBe(actor);
    expect(cache.get('jwt-a', t0 + 1_000)).toBeUndefined();
  });

  it('forgets everything when an account or session changes (logout, password, disable)', () => {
    const cache = createSessionCache(5_000);
    cache.remember('jwt-a', actor, t0 + 3_600_000, cache.generation(), t0);
    accountsChanged();
    expect(cache.get('jwt-a', t0 + 1)).toBeUndefined();
  });

  it('does not keep a session read while an account changed', () => {
    const cache = createSessionCache(5_000);
    const before = cache.generation();
    accountsChanged();
    cache.remember('jwt-a', actor, t0 + 3_600_000, before, t0);
    expect(cache.get('jwt-a', t0 + 1)).toBeUndefined();
  });
});
