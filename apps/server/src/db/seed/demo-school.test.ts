import { authApi } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, login } from '../../test/client.ts';
import { users } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoSchool } from './demo-school.ts';

describe('demo school seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the four demo accounts once and changes nothing when run again', async () => {
    expect((await seedDemoSchool(t.database.db)).created).toEqual(['admin01', 'teacher01', 'student01', 'manager01']);
    const before = await t.database.db.select().from(users);
    expect((await seedDemoSchool(t.database.db)).created).toEqual([]);
    expect(await t.database.db.select().from(users)).toEqual(before);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.loginName, a.type] as const))(
    '%s logs in as type %i',
    async (loginName, type) => {
      const session = await login(t.app, loginName, DEMO_PASSWORD);
      expect(session.type).toBe(type);
      const info = await call<{ user: { schoolName: string } }>(t.app, authApi.findUserInfo, {}, { session });
      expect(info.data.user.schoolName).toBe('慧考实验中学');
    },
  );

  it('gives manager01 the demo area and today a school year and term', async () => {
    const manager = await login(t.app, 'manager01', DEMO_PASSWORD);
    const info = await call<{ schoolRelations: { relationName: string }[] }>(
      t.app,
      authApi.findUserInfo,
      {},
      {
        session: manager,
      },
    );
    expect(info.data.schoolRelations.map((r) => r.relationName)).toEqual(['慧考示范区']);
    const teacher = await login(t.app, 'teacher01', DEMO_PASSWORD);
    const sgt = await call(
      t.app,
      authApi.findSGTByDate,
      { schoolId: teacher.schoolId, date: '2026-11-21' },
      {
        session: teacher,
      },
    );
    expect(sgt.data).toMatchObject({ schoolYear: { name: '2026-2027学年' }, term: { name: '上学期' } });
  });
});
