import { schoolBaseApi as api, type UpgradePlan } from '@huikao/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classes, classYears, students } from '../../../db/schema.ts';
import { makeClass, makeGrade, makeSchoolYear, makeStudent } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';
import { nextGrade } from './plan.ts';

let s: SchoolBaseSetup;
let target: { id: number; name: string };
let classIds: number[];
beforeAll(async () => {
  s = await setUpSchoolBase();
  for (const gradeId of [6, 7, 9, 10, 11, 12]) await makeGrade(s.db, s.school.id, gradeId, [1]);
  target = (await makeSchoolYear(s.db, s.school.id, s.startYear + 1)).year;
  const spec = [
    [7, '七1班', 3],
    [9, '九1班', 2],
    [10, '高一1班', 2],
    [12, '高三1班', 1],
    [6, '六1班', 1],
  ] as const;
  classIds = [];
  for (const [gradeId, name, count] of spec) {
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId, schoolYearId: s.year.id, name });
    classIds.push(cls.id);
    for (let i = 0; i < count; i++) await makeStudent(s.db, { schoolId: s.school.id, classId: cls.id });
  }
  // A student who left (转出) stays 转出 when the class graduates.
  await makeStudent(s.db, { schoolId: s.school.id, classId: classIds[1]!, status: 3 });
});
afterAll(() => s.t.close());

const snapshot = async () => ({
  classes: await s.db.select().from(classes).where(inArray(classes.id, classIds)).orderBy(asc(classes.id)),
  classYears: await s.db.select().from(classYears).where(inArray(classYears.classId, classIds)),
  students: await s.db.select().from(students).where(inArray(students.classId, classIds)).orderBy(asc(students.id)),
});
const upgrade = (apply: boolean, toSchyId = String(target.id)) =>
  s.call<UpgradePlan>(api.upgrade, { schoolId: s.sid, toSchyId, apply });

describe('nextGrade', () => {
  const catalogue = [
    { id: 6, stage: 1, name: '六年级', sortOrder: 6 },
    { id: 7, stage: 2, name: '七年级', sortOrder: 7 },
    { id: 8, stage: 2, name: '八年级', sortOrder: 8 },
    { id: 9, stage: 2, name: '九年级', sortOrder: 9 },
  ];
  it('moves within a stage and stops at its last grade', () => {
    expect(nextGrade(7, catalogue)?.name).toBe('八年级');
    expect(nextGrade(9, catalogue)).toBeNull();
    expect(nextGrade(6, catalogue)).toBeNull();
  });
});

describe('class/upgrade', () => {
  it('refuses while the school lacks a grade the classes move into', async () => {
    expectFailure(await upgrade(false), 422, '本校还没有开设八年级，请先在“年级学科”中添加后再升级');
    await makeGrade(s.db, s.school.id, 8, [1]);
  });

  it('previews the plan and changes nothing', async () => {
    const before = await snapshot();
    const plan = expectOk(await upgrade(false));
    expect(plan).toMatchObject({
      fromYear: { schyId: String(s.year.id), name: s.year.name },
      toYear: { schyId: String(target.id), name: target.name },
      promotedClasses: 2,
      graduatingClasses: 3,
      graduatingStudents: 4,
      applied: false,
    });
    expect(plan.moves.map((m) => [m.className, m.fromGradeName, m.toGradeName, m.studentCount])).toEqual([
      ['六1班', '六年级', null, 1],
      ['七1班', '七年级', '八年级', 3],
      ['九1班', '九年级', null, 2],
      ['高一1班', '高一', '高二', 2],
      ['高三1班', '高三', null, 1],
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another school's year, teachers and a target with no year before it", async () => {
    const before = await snapshot();
    expectForbidden(await upgrade(true, String(s.other.year.id)));
    await expectRoleRefusals(s, api.upgrade, { schoolId: s.sid, toSchyId: String(target.id), apply: true }, true);
    expect(await snapshot()).toEqual(before);
    const earliest = await makeSchoolYear(s.db, s.school.id, s.startYear - 5);
    expectFailure(await upgrade(false, String(earliest.year.id)), 422, `${earliest.year.name}之前没有学年，无法升级`);
    expectFailure(await s.call(api.upgrade, { schoolId: s.sid, apply: true }), 400, '目标学年不能为空');
  });

  it('applies in one go: classes move up, graduates are archived, no student is lost', async () => {
    const before = await snapshot();
    const plan = expectOk(await upgrade(true));
    expect(plan).toMatchObject({ applied: true, promotedClasses: 2, graduatingClasses: 3 });

    const after = await snapshot();
    const byName = new Map(after.classes.map((c) => [c.name, c]));
    expect(byName.get('七1班')).toMatchObject({ gradeId: 8, graduated: false });
    expect(byName.get('高一1班')).toMatchObject({ gradeId: 11, graduated: false });
    for (const name of ['六1班', '九1班', '高三1班']) expect(byName.get(name)).toMatchObject({ graduated: true });
    expect(byName.get('九1班')?.gradeId).toBe(9);

    const targetRows = after.classYears.filter((r) => r.schoolYearId === target.id);
    expect(targetRows.map((r) => r.gradeId).sort((a, b) => a - b)).toEqual([8, 11]);
    expect(after.classYears.filter((r) => r.schoolYearId === s.year.id)).toHaveLength(5);

    // Every student row is still there, in the same class; graduates are 毕业, the one who left stays 转出.
    expect(after.students.map((st) => [st.id, st.classId])).toEqual(before.students.map((st) => [st.id, st.classId]));
    const graduatingClassIds = new Set(after.classes.filter((c) => c.graduated).map((c) => c.id));
    for (const st of after.students) {
      const was = before.students.find((b) => b.id === st.id)!;
      const expected = was.status === 3 ? 3 : graduatingClassIds.has(st.classId) ? 2 : 1;
      expect(st.status).toBe(expected);
    }
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.action, 'schoolbase.class.upgrade'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ promotedClasses: 2, graduatingClasses: 3, graduatedStudents: 4 });
  });

  it('refuses a second upgrade into the same year', async () => {
    const before = await snapshot();
    expectFailure(await upgrade(true), 409, `${s.year.name}的 2 个班级已升级到${target.name}，不能重复升级`);
    expect(await snapshot()).toEqual(before);
  });
});
