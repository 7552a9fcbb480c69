import { authApi, type StoredUser } from '@huikao/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import { makeArea, makeSchool, makeUser, relateManager } from '../../test/factories.ts';

// Issue #21 item 3: a login ticket is a session of its target, so an administrator may only issue
// one for an account whose reach is within their own (the school's teachers and students).

let t: TestApp;
let schoolId: number;
let otherSchoolId: number;
let adminSession: StoredUser;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const area = await makeArea(t.database.db, '东城区');
  schoolId = (await makeSchool(t.database.db, { name: '第一中学', areaId: area.id })).id;
  otherSchoolId = (await makeSchool(t.database.db, { name: '第二中学', areaId: area.id })).id;
  admin = await makeUser(t.database.db, { schoolId, type: 5 });
  adminSession = await login(t.app, admin.loginName, admin.password);
});
afterAll(() => t.close());

const issue = (loginName: string) =>
  call<{ ticket: string }>(t.app, authApi.issueLoginTicket, { loginName }, { session: adminSession });

describe('issueLoginTicket', () => {
  it('refuses a manager of the same school with 403, audited, and no ticket can become a type-4 session', async () => {
    const manager = await makeUser(t.database.db, { schoolId, type: 4 });
    await relateManager(t.database.db, manager.id, otherSchoolId, 1);
    const refused = await issue(manager.loginName);
    expect(refused).toMatchObject({ http: 403, message: '只能为本校教师和学生账号签发登录票据' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`action = 'permission.refused' and actor_login_name = ${admin.loginName}`);
    expect(audit.some((row) => JSON.stringify(row.after).includes('只能为本校教师和学生账号签发登录票据'))).toBe(true);
  });

  it('refuses another administrator of the same school', async () => {
    const otherAdmin = await makeUser(t.database.db, { schoolId, type: 5 });
    expect((await issue(otherAdmin.loginName)).http).toBe(403);
    expect((await issue(admin.loginName)).http).toBe(403);
  });

  it("refuses another school's student", async () => {
    const stranger = await makeUser(t.database.db, { schoolId: otherSchoolId, type: 2 });
    expect((await issue(stranger.loginName)).http).toBe(403);
  });

  it('refuses a disabled account', async () => {
    const gone = await makeUser(t.database.db, { schoolId, type: 2 });
    await t.database.db.update(users).set({ disabled: true }).where(sql`id = ${gone.id}`);
    expect(await issue(gone.loginName)).toMatchObject({ status: 422 });
  });

  it("issues for the school's teachers and students, whose ticket logs in as them", async () => {
    for (const type of [1, 2] as const) {
      const person = await makeUser(t.database.db, { schoolId, type });
      const issued = await issue(person.loginName);
      expect(issued.status).toBe(200);
      const session = await call<StoredUser>(t.app, authApi.autoLogin, { ticket: issued.data.ticket });
      expect(session.data).toMatchObject({ loginName: person.loginName, type });
    }
  });
});
