import * as contracts from '@huikao/contracts';
import {
  markingTempUsersApi as api,
  authApi,
  type Endpoint,
  markingApi,
  markingSetupApi,
  type StoredUser,
  type TempUserRow,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBlockMarkers, users } from '../../../db/schema.ts';
import { call } from '../../../test/client.ts';
import { makeBlock, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// 临时阅卷账号 (tempUsers): created in bulk for a 联考 and seated on the chosen 题块, passwords
// returned once; refused after disabling or expiry with a clear message; and reaching nothing but
// its own tasks, the desk, its user info, password change and logout (every other route → 403).

let s: Awaited<ReturnType<typeof setUpMarking>>;
let blockId: number;
let created: { accounts: { userId: string; loginName: string; password: string }[]; expiresAt: string };

const future = () => {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return d.toISOString().slice(0, 10);
};
/** Refused (any non-200 status) with exactly this message. */
function refusedWith(result: { status: number; message: string }, message: string | RegExp) {
  expect(result.status).not.toBe(200);
  if (typeof message === 'string') expect(result.message).toBe(message);
  else expect(result.message).toMatch(message);
}
const loginAs = (loginName: string, password: string) =>
  call<StoredUser>(s.t.app, authApi.userLogin, { loginName, password });

/** A started 题块 of the 数学 exam with no markers and no papers. */
const emptyBlock = () =>
  makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    mode: 'single',
    tolerance: 3,
    markers: [],
    examStudentIds: [],
  });

beforeAll(async () => {
  s = await setUpMarking();
  blockId = (await emptyBlock()).id;
});
afterAll(() => s?.t.close());

describe('临时阅卷账号', () => {
  it('creates accounts seated on the 题块, with readable passwords returned once', async () => {
    created = expectOk(
      await s.call(api.createTempUsers, {
        meId: String(s.exam.id),
        count: 3,
        prefix: 'lk',
        expiresOn: future(),
        blockIds: [String(blockId)],
      }),
    );
    expect(created.accounts.map((a) => a.loginName)).toEqual(['lk001', 'lk002', 'lk003']);
    for (const a of created.accounts) expect(a.password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{10}$/);
    const seats = await s.db.select().from(markBlockMarkers).where(eq(markBlockMarkers.blockId, blockId));
    expect(seats.map((m) => String(m.userId)).sort()).toEqual(created.accounts.map((a) => a.userId).sort());

    const list = expectOk(await s.call<TempUserRow[]>(api.tempLoginUsers, { meId: String(s.exam.id) }));
    expect(list.map((r) => [r.loginName, r.status, r.blockIds])).toEqual(
      created.accounts.map((a) => [a.loginName, 'active', [String(blockId)]]),
    );
    expect(JSON.stringify(list)).not.toContain(created.accounts[0]!.password);
  });

  it('refuses bad input and teachers', async () => {
    refusedWith(
      await s.call(api.createTempUsers, {
        meId: String(s.exam.id),
        count: 501,
        prefix: 'lk',
        blockIds: [String(blockId)],
      }),
      '一次最多创建 500 个临时账号',
    );
    expectForbidden(
      await s.as(s.sessions.teacher, api.createTempUsers, {
        meId: String(s.exam.id),
        count: 1,
        prefix: 'zz',
        blockIds: [String(blockId)],
      }),
    );
  });

  it('lets a temporary account reach only its tasks, the desk, its user info and password change', async () => {
    const a = created.accounts[0]!;
    const session = expectOk(await loginAs(a.loginName, a.password));
    const tasks = expectOk(await call<unknown[]>(s.t.app, markingApi.myTasks, {}, { session }));
    expect(tasks.length).toBe(1);

    const open = new Set(
      [
        authApi.findUserInfo,
        authApi.updatePsw,
        authApi.logout,
        markingApi.myTasks,
        markingApi.claim,
        markingApi.claimQueue,
        markingApi.renew,
        markingApi.release,
        markingApi.submit,
        contracts.markingDeskApi.flagProblem,
        contracts.markingDeskApi.reviewList,
        contracts.markingDeskApi.remark,
        contracts.markingDeskApi.progress,
        contracts.markingDeskApi.paperImage,
        contracts.markingAnswersApi.standardAnswer,
      ].map((e) => e.path),
    );
    const registered = new Map<string, Endpoint>();
    for (const group of Object.values(contracts)) {
      if (typeof group !== 'object' || group === null) continue;
      for (const e of Object.values(group as Record<string, Partial<Endpoint>>)) {
        if (!e || typeof e !== 'object' || typeof e.path !== 'string' || !e.kind || !e.params) continue;
        const method = e.kind === 'get' ? 'GET' : 'POST';
        if (e.access === 'session' && s.t.app.hasRoute({ method, url: e.path })) registered.set(e.path, e as Endpoint);
      }
    }
    expect(registered.size).toBeGreaterThan(100);
    const wronglyOpen: string[] = [];
    for (const [path, endpoint] of registered) {
      if (path === authApi.logout.path) continue;
      const result = await call(s.t.app, endpoint, {}, { session });
      const refused = result.http === 403 && result.message === '临时阅卷账号只能使用阅卷任务相关功能';
      if (open.has(path) ? refused : !refused) wronglyOpen.push(`${path} ${result.http} ${result.message}`);
    }
    expect(wronglyOpen).toEqual([]);
    expectOk(await call(s.t.app, authApi.logout, {}, { session }));
  });

  it('refuses a disabled account and an expired one with a clear message', async () => {
    const [, b, c] = created.accounts;
    expectOk(await s.call(api.disableTempUser, { userId: b!.userId }));
    refusedWith(await loginAs(b!.loginName, b!.password), '该临时阅卷账号已停用，请联系阅卷管理员');
    refusedWith(await loginAs(b!.loginName, 'wrong-password'), '账号或密码错误');

    const session = expectOk(await loginAs(c!.loginName, c!.password));
    await s.db
      .update(users)
      .set({ tempExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, Number(c!.userId)));
    refusedWith(await loginAs(c!.loginName, c!.password), /该临时阅卷账号已于 .* 过期，请联系阅卷管理员/);
    refusedWith(await call(s.t.app, markingApi.myTasks, {}, { session }), '临时阅卷账号已过期，请联系阅卷管理员');

    const list = expectOk(await s.call<TempUserRow[]>(api.tempLoginUsers, { meId: String(s.exam.id) }));
    expect(list.map((r) => r.status)).toEqual(['active', 'disabled', 'expired']);
  });

  it("offers the exam's valid temporary accounts as 阅卷教师 (临时), and takes one as a marker", async () => {
    const [a, b, c] = created.accounts;
    const other = await emptyBlock();
    // Another 联考's temporary account of the same school: not a candidate here.
    const [stranger] = await s.db
      .insert(users)
      .values({
        loginName: 'other-exam-001',
        passwordHash: 'x',
        type: 1,
        schoolId: s.school.id,
        userCode: 'other-exam-001',
        name: '临时阅卷other-exam-001',
        tempExpiresAt: new Date(Date.now() + 86_400_000),
        tempForExamId: s.exam.id + 1000,
      })
      .returning();
    type Candidate = { userId: string; name: string; loginName: string; temporary: boolean };
    const candidates = expectOk(
      await s.call<Candidate[]>(markingSetupApi.markerCandidates, { blockId: String(other.id) }),
    );
    const temporary = candidates.filter((u) => u.temporary).map((u) => u.loginName);
    expect(temporary).toEqual([a!.loginName]); // b disabled, c expired, the stranger another exam's
    expect(candidates.some((u) => u.loginName === stranger!.loginName)).toBe(false);
    expect(candidates.filter((u) => !u.temporary).map((u) => u.name)).toContain(s.adminTeacher.name);
    expect(candidates.findIndex((u) => u.temporary)).toBe(candidates.length - 1);

    const saved = expectOk(
      await s.call<{ userId: string }[]>(markingApi.saveTasks, {
        blockId: String(other.id),
        markers: [{ userId: a!.userId, quota: 20 }],
      }),
    );
    expect(saved.map((m) => m.userId)).toEqual([a!.userId]);
    const session = expectOk(await loginAs(a!.loginName, a!.password));
    const tasks = expectOk(await call<unknown[]>(s.t.app, markingApi.myTasks, {}, { session }));
    expect(tasks.length).toBe(2);

    const save = (userId: string) =>
      s.call(markingApi.saveTasks, { blockId: String(other.id), markers: [{ userId: a!.userId }, { userId }] });
    refusedWith(await save(String(stranger!.id)), '临时阅卷账号只能阅本考试的试卷');
    refusedWith(await save(c!.userId), '临时阅卷账号已停用或已过期');
    refusedWith(await save(b!.userId), '临时阅卷账号已停用或已过期');
    // Seated before it expired: c keeps its seat when the 题块's markers are saved again.
    expectOk(
      await s.call(markingApi.saveTasks, {
        blockId: String(blockId),
        markers: created.accounts.map((x) => ({ userId: x.userId })),
      }),
    );
  });

  it('deletes: off the 题块 and disabled', async () => {
    const a = created.accounts[0]!;
    expectOk(await s.call(api.deleteTempUser, { userId: a.userId }));
    const seats = await s.db
      .select()
      .from(markBlockMarkers)
      .where(eq(markBlockMarkers.userId, Number(a.userId)));
    expect(seats).toEqual([]);
    refusedWith(await loginAs(a.loginName, a.password), '该临时阅卷账号已停用，请联系阅卷管理员');
  });
});
