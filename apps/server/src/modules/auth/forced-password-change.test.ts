import { authApi, type StoredUser, schoolBaseApi } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import { makeSchool, makeSchoolYear, makeUser } from '../../test/factories.ts';

// Issue #21 item 5: an account on its initial (or reset) password may only change it, log out and
// read its own user info until it does; every other call answers 403 「请先修改初始密码」.

let t: TestApp;
let schoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  schoolId = (await makeSchool(t.database.db)).id;
  await makeSchoolYear(t.database.db, schoolId, 2026);
});
afterAll(() => t.close());

async function forcedUser(type: 1 | 2 | 5) {
  const user = await makeUser(t.database.db, { schoolId, type });
  await t.database.db.update(users).set({ mustChangePassword: true }).where(sql`id = ${user.id}`);
  return user;
}

describe('an account that must change its initial password', () => {
  it('is refused every other call with 403, audited', async () => {
    const user = await forcedUser(5);
    const session = await login(t.app, user.loginName, user.password);
    expect(session.mustChangePsw).toBe(true);

    const term = await call(t.app, authApi.findSGTByDate, { schoolId: session.schoolId }, { session });
    expect(term).toMatchObject({ http: 403, message: '请先修改初始密码' });
    const grades = await call(t.app, schoolBaseApi.gradeCourses, { schoolId: session.schoolId }, { session });
    expect(grades).toMatchObject({ http: 403, message: '请先修改初始密码' });
    const ticket = await call(t.app, authApi.issueLoginTicket, { loginName: user.loginName }, { session });
    expect(ticket).toMatchObject({ http: 403, message: '请先修改初始密码' });

    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`action = 'permission.refused' and actor_login_name = ${user.loginName}`);
    expect(refusals).toHaveLength(3);
  });

  it('reads its own user info, changes the password, and is then served as usual', async () => {
    const user = await forcedUser(1);
    const session = await login(t.app, user.loginName, user.password);
    const info = await call<{ user: { mustChangePsw: boolean } }>(t.app, authApi.findUserInfo, {}, { session });
    expect(info.status).toBe(200);
    expect(info.data.user.mustChangePsw).toBe(true);

    const changed = await call(
      t.app,
      authApi.updatePsw,
      {
        schoolId: session.schoolId,
        userCode: session.userCode,
        type: session.type,
        oldPsw: user.password,
        newPsw: 'Fresh@2026x',
      },
      { session },
    );
    expect(changed.status).toBe(200);

    const fresh: StoredUser = await login(t.app, user.loginName, 'Fresh@2026x');
    expect(fresh.mustChangePsw).toBe(false);
    const term = await call(
      t.app,
      authApi.findSGTByDate,
      { schoolId: fresh.schoolId, date: '2026-11-21' },
      { session: fresh },
    );
    expect(term.status).toBe(200);
  });

  it('may log out', async () => {
    const user = await forcedUser(2);
    const session = await login(t.app, user.loginName, user.password);
    expect((await call(t.app, authApi.logout, {}, { session })).status).toBe(200);
    expect((await call(t.app, authApi.findUserInfo, {}, { session })).http).toBe(401);
  });
});
