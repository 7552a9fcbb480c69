import { schoolBaseApi as api, type ImportResult, type Student } from '@huikao/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { login } from '../../../test/client.ts';
import { makeClass, makeGrade } from '../../../test/factories.ts';
import { expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../../test/school-base-fixture.ts';
import { batchRows } from '../../../test/sheets.ts';
import { INITIAL_PASSWORD } from './initial-password.ts';

// Issue #21 item 9: accounts opened on the initial password never share a hash (each its own salt),
// whether a batch opens them together or the school adds them one by one.

let s: SchoolBaseSetup;
let classId: number;
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2]);
  const cls = await makeClass(s.db, {
    schoolId: s.school.id,
    gradeId: 8,
    schoolYearId: s.year.id,
    name: '八年级(1)班',
  });
  classId = cls.id;
});
afterAll(() => s.t.close());

const hashesOf = async (loginNames: string[]) =>
  (await s.db.select({ hash: users.passwordHash }).from(users).where(inArray(users.loginName, loginNames))).map(
    (row) => row.hash,
  );

describe('initial password hashes', () => {
  it('gives every account of one import batch its own hash, and each logs in with the initial password', async () => {
    const header = ['姓名', '性别', '学号', '考号', '班级'];
    const rows = Array.from({ length: 6 }, (_, i) => [`学生${i}`, '男', `H00${i}`, '', '八年级(1)班']);
    const result = expectOk(
      await s.call<ImportResult>(api.batchAddStudents, { schoolId: s.sid, rows: batchRows(header, rows) }),
    );
    expect(result.created).toBe(6);

    const loginNames = rows.map((row) => `${s.school.code.toLowerCase()}${row[2]}`);
    const hashes = await hashesOf(loginNames);
    expect(hashes).toHaveLength(6);
    expect(new Set(hashes).size).toBe(6);
    for (const loginName of loginNames.slice(0, 2)) {
      expect((await login(s.t.app, loginName, INITIAL_PASSWORD)).mustChangePsw).toBe(true);
    }
  });

  it('gives accounts added one by one their own hash too', async () => {
    const add = async (studentNo: string) =>
      expectOk(
        await s.call<Student>(api.editStudent, {
          schoolId: s.sid,
          name: '单个学生',
          gender: 1,
          studentNo,
          classId: String(classId),
        }),
      ).loginName;
    const loginNames = [await add('P001'), await add('P002')];
    const hashes = await hashesOf(loginNames);
    expect(new Set(hashes).size).toBe(2);
    expect((await login(s.t.app, loginNames[1]!, INITIAL_PASSWORD)).mustChangePsw).toBe(true);
  });
});
