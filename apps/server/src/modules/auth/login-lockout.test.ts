import { authApi } from '@huikao/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call } from '../../test/client.ts';
import { makeSchool, makeUser } from '../../test/factories.ts';

// Issue #21 item 4: failures are counted before the hash check, atomically, so a burst of wrong
// passwords gets exactly five argon2 checks and a right password inside the burst is refused once
// the account is locked. Run it on PostgreSQL (TEST_DATABASE_URL) for real concurrent connections.

const verifier = vi.hoisted(() => ({
  calls: [] as string[],
  /** While set, every check waits for it: the attempts stay in flight together. */
  gate: null as Promise<void> | null,
}));

vi.mock('./password-hash.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./password-hash.ts')>();
  return {
    ...actual,
    verifyPassword: async (passwordHash: string, password: string) => {
      verifier.calls.push(passwordHash);
      if (verifier.gate) await verifier.gate;
      return actual.verifyPassword(passwordHash, password);
    },
  };
});

let t: TestApp;
let schoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  schoolId = (await makeSchool(t.database.db)).id;
});
afterAll(() => t.close());
beforeEach(() => {
  verifier.calls.length = 0;
  verifier.gate = null;
});

const WRONG = 'Wrong@2026x';
const attempt = (loginName: string, password: string) => call(t.app, authApi.userLogin, { loginName, password });

describe('lockout under concurrent attempts', () => {
  it('checks exactly five hashes for 30 wrong passwords sent at once, and locks', async () => {
    const user = await makeUser(t.database.db, { schoolId, type: 1, password: 'Burst@2026a' });
    const results = await Promise.all(Array.from({ length: 30 }, () => attempt(user.loginName, WRONG)));

    expect(verifier.calls.filter((hash) => hash === user.passwordHash)).toHaveLength(5);
    expect(results.every((r) => r.status === 422)).toBe(true);
    const messages = results.map((r) => r.message);
    expect(messages.filter((m) => m === '账号或密码错误')).toHaveLength(4);
    expect(messages.filter((m) => m.startsWith('密码连续错误5次，账号已锁定15分钟'))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith('密码错误次数过多，账号已锁定'))).toHaveLength(25);

    const right = await attempt(user.loginName, user.password);
    expect(right.message).toMatch(/^密码错误次数过多，账号已锁定/);
  });

  it('refuses the right password sent while five wrong ones are still being checked', async () => {
    const user = await makeUser(t.database.db, { schoolId, type: 1, password: 'Burst@2026b' });
    let release!: () => void;
    verifier.gate = new Promise((resolve) => {
      release = resolve;
    });
    const wrong = Array.from({ length: 5 }, () => attempt(user.loginName, WRONG));
    await vi.waitFor(() => expect(verifier.calls).toHaveLength(5), { timeout: 20_000 });

    const right = await attempt(user.loginName, user.password);
    expect(right).toMatchObject({ status: 422 });
    expect(right.message).toMatch(/^密码错误次数过多，账号已锁定/);
    expect(verifier.calls).toHaveLength(5);

    release();
    const messages = (await Promise.all(wrong)).map((r) => r.message);
    expect(messages.filter((m) => m === '账号或密码错误')).toHaveLength(4);
    expect(messages.filter((m) => m.startsWith('密码连续错误5次'))).toHaveLength(1);
  });

  it('lets the right password in when it is among the first five, and starts counting afresh', async () => {
    const user = await makeUser(t.database.db, { schoolId, type: 1, password: 'Burst@2026c' });
    for (let i = 0; i < 4; i++) await attempt(user.loginName, WRONG);
    expect((await attempt(user.loginName, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(user.loginName, WRONG)).message).toBe('账号或密码错误');
  });

  it('answers an unknown account with the same message after the same hash work', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('nobody-at-all', WRONG)));
    expect(results.map((r) => r.message)).toEqual(Array(8).fill('账号或密码错误'));
    expect(verifier.calls).toHaveLength(8);
  });
});
