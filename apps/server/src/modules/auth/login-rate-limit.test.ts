import { authApi, type StoredUser } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call } from '../../test/client.ts';
import { makeSchool, makeUser } from '../../test/factories.ts';

// Issue #21 item 4: logins are limited per address (LOGIN_RATE_PER_MINUTE, here 6 to keep the test
// short), userLogin and autoLogin together; other calls are not limited.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_PER_MINUTE: '6' });
});
afterAll(() => t.close());

describe('login rate limit per address', () => {
  it('answers the attempt past the limit with 429 and a Chinese message in the envelope', async () => {
    const schoolId = (await makeSchool(t.database.db)).id;
    const user = await makeUser(t.database.db, { schoolId, type: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, authApi.userLogin, { loginName: `guess${i}`, password: 'Wrong@2026x' })).http).toBe(
        200,
      );
    }
    const session = await call<StoredUser>(t.app, authApi.userLogin, {
      loginName: user.loginName,
      password: user.password,
    });
    expect(session.status).toBe(200);

    const refused = await call(t.app, authApi.userLogin, { loginName: user.loginName, password: user.password });
    expect(refused).toMatchObject({ http: 429, status: 429, data: null });
    expect(refused.message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    const ticket = await call(t.app, authApi.autoLogin, { ticket: 'a.b.c' });
    expect(ticket.http).toBe(429);

    // Signed-in calls are not limited.
    for (let i = 0; i < 8; i++) {
      expect((await call(t.app, authApi.findUserInfo, {}, { session: session.data })).http).toBe(200);
    }
  });
});
