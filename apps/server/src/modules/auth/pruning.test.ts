import { randomUUID } from 'node:crypto';
import { authApi } from '@huikao/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures, loginTickets, requestNonces, sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import { makeSchool, makeUser } from '../../test/factories.ts';

// Issue #21 item 9: no replay-nonce row before a session is verified; expired sessions, nonces,
// failures and tickets pruned every minute (app.ts's timer) and a user's dead sessions at login.

let t: TestApp;
let schoolId: number;

beforeAll(async () => {
  // Only the prune timer is faked: the test moves it on by a minute.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
  schoolId = (await makeSchool(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const nonceCount = async () => (await t.database.db.select({ n: count() }).from(requestNonces))[0]!.n;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('replay memory', () => {
  it('writes no nonce for a call without a verified session, nor for a login', async () => {
    const user = await makeUser(t.database.db, { schoolId, type: 1 });
    const session = await login(t.app, user.loginName, user.password);
    const before = await nonceCount();

    expect((await call(t.app, authApi.findUserInfo, {}, { session, jwtToken: null })).http).toBe(401);
    expect((await call(t.app, authApi.findUserInfo, {}, { session, jwtToken: 'a.b.c' })).http).toBe(401);
    await call(t.app, authApi.userLogin, { loginName: 'nobody-here', password: 'Wrong@2026x' });
    expect(await nonceCount()).toBe(before);

    const guid = randomUUID();
    expect((await call(t.app, authApi.findUserInfo, {}, { session, guid })).status).toBe(200);
    expect(await nonceCount()).toBe(before + 1);
    expect((await call(t.app, authApi.findUserInfo, {}, { session, guid })).http).toBe(409);
  });
});

describe('pruning', () => {
  it('removes expired sessions, old nonces, old failures and expired tickets every minute', async () => {
    const db = t.database.db;
    const user = await makeUser(t.database.db, { schoolId, type: 1 });
    await db.insert(sessions).values({ userId: user.id, token: 'x'.repeat(32), expiresAt: minutesAgo(1) });
    const [live] = await db
      .insert(sessions)
      .values({ userId: user.id, token: 'y'.repeat(32), expiresAt: minutesAgo(-60) })
      .returning();
    await db.insert(requestNonces).values([
      { loginName: user.loginName, guid: 'old', seenAt: minutesAgo(11) },
      { loginName: user.loginName, guid: 'recent', seenAt: minutesAgo(1) },
    ]);
    await db.insert(loginFailures).values([
      { userId: user.id, at: minutesAgo(16) },
      { userId: user.id, at: minutesAgo(1) },
    ]);
    await db.insert(loginTickets).values([
      { jti: 'expired', userId: user.id, issuedBy: 'admin', expiresAt: minutesAgo(1) },
      { jti: 'valid', userId: user.id, issuedBy: 'admin', expiresAt: minutesAgo(-1) },
    ]);

    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(
      async () => {
        const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
        expect(left.map((s) => s.id)).toEqual([live!.id]);
      },
      { timeout: 10_000 },
    );
    await vi.waitFor(async () => {
      const nonces = await db.select().from(requestNonces).where(eq(requestNonces.loginName, user.loginName));
      expect(nonces.map((n) => n.guid)).toEqual(['recent']);
      expect(await db.select().from(loginFailures).where(eq(loginFailures.userId, user.id))).toHaveLength(1);
      const tickets = await db.select().from(loginTickets).where(eq(loginTickets.userId, user.id));
      expect(tickets.map((ticket) => ticket.jti)).toEqual(['valid']);
    });
  });

  it("removes the user's own expired sessions at login", async () => {
    const db = t.database.db;
    const user = await makeUser(db, { schoolId, type: 1 });
    await db.insert(sessions).values({ userId: user.id, token: 'z'.repeat(32), expiresAt: minutesAgo(5) });
    await login(t.app, user.loginName, user.password);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});
