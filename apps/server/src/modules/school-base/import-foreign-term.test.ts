import { schoolBaseApi as api } from '@huikao/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students, users } from '../../db/schema.ts';
import { makeClass, makeGrade } from '../../test/factories.ts';
import { expectOk, type SchoolBaseSetup, setUpSchoolBase } from '../../test/school-base-fixture.ts';
import { batchRows } from '../../test/sheets.ts';

// Only the class-teacher import uses a term, but another school's `termId` sent with any batch add
// is refused with 403, audited, and adds nothing (issue #21 item 9), rather than ignored.

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2]);
  await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id, name: '八年级(1)班' });
});
afterAll(() => s.t.close());

const STUDENT_HEADER = ['姓名', '性别', '学号', '考号', '班级'];
const ROWS = batchRows(STUDENT_HEADER, [['张一', '男', 'S2025001', '', '八年级(1)班']]);

async function refusals(): Promise<number> {
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'permission.refused'), eq(auditLog.actorLoginName, s.sessions.admin.loginName)));
  return Number(row?.n ?? 0);
}

const people = async () => ({
  students: await s.db.select().from(students).orderBy(asc(students.id)),
  users: await s.db.select().from(users).orderBy(asc(users.id)),
});

describe('batch adds', () => {
  it("refuse another school's termId whatever the kind", async () => {
    const before = { audited: await refusals(), people: await people() };
    const result = await s.call(api.batchAddStudents, {
      schoolId: s.sid,
      termId: String(s.other.terms[0]!.id),
      rows: ROWS,
    });
    expect(result.http, result.message).toBe(403);
    expect(result.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await refusals()).toBe(before.audited + 1);
    expect(await people()).toEqual(before.people);
    // The school's own term is accepted (and unused by a student import).
    expect(
      expectOk(await s.call(api.batchAddStudents, { schoolId: s.sid, termId: String(s.terms[0]!.id), rows: ROWS })),
    ).toMatchObject({ created: 1 });
  });
});
