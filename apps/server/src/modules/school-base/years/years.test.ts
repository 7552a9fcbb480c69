import { schoolBaseApi as api, type SchoolYearWithTerms, type Term } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeTerms, schoolYears } from '../../../db/schema.ts';
import { makeClass, makeClassTeacher, makeTeacher } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';
import { raceToConflict } from '../access.ts';
import { insertSchoolYear } from './repo.ts';

let s: SchoolBaseSetup;
beforeAll(async () => {
  s = await setUpSchoolBase();
});
afterAll(() => s.t.close());

const addYear = (name: string, startDate: string, endDate: string) =>
  s.call<SchoolYearWithTerms>(api.addSchoolYear, { schoolId: s.sid, name, startDate, endDate });

describe('school years', () => {
  it('adds, lists (latest first) and renames a school year', async () => {
    const added = expectOk(await addYear('2040-2041学年', '2040-09-01', '2041-08-31'));
    expect(added).toMatchObject({ name: '2040-2041学年', startDate: '2040-09-01', terms: [] });
    const years = expectOk(await s.as<SchoolYearWithTerms[]>(s.sessions.teacher, api.schoolYears, { schoolId: s.sid }));
    expect(years[0]?.name).toBe('2040-2041学年');
    expect(years[1]?.terms.map((t) => t.name)).toEqual(['上学期', '下学期']);
    const renamed = expectOk(
      await s.call<SchoolYearWithTerms>(api.updateSchoolYear, {
        schoolId: s.sid,
        schyId: added.schyId,
        name: '2040学年',
        startDate: '2040-08-25',
        endDate: '2041-08-31',
      }),
    );
    expect(renamed).toMatchObject({ name: '2040学年', startDate: '2040-08-25' });
  });

  it('refuses bad dates, overlaps and a duplicate name', async () => {
    expectFailure(await addYear('', '2050-09-01', '2051-08-31'), 400, '请输入学年名称');
    expectFailure(
      await s.call(api.addSchoolYear, { schoolId: s.sid, name: 'x', endDate: '2051-08-31' }),
      400,
      '开始日期不能为空',
    );
    expectFailure(await addYear('x', '2050/09/01', '2051-08-31'), 400, '开始日期格式应为 YYYY-MM-DD');
    expectFailure(await addYear('x', '2050-02-30', '2051-08-31'), 400, '开始日期 2050-02-30 不是有效日期');
    expectFailure(await addYear('x', '2051-09-01', '2051-08-31'), 400, '结束日期必须晚于开始日期');
    expectFailure(
      await addYear('x', `${s.startYear + 1}-08-01`, `${s.startYear + 2}-07-31`),
      422,
      `学年日期与“${s.year.name}”（${s.year.startDate} 至 ${s.year.endDate}）重叠`,
    );
    expectFailure(await addYear(s.year.name, '2060-09-01', '2061-08-31'), 409, `学年名称“${s.year.name}”已存在`);
  });

  it('refuses new dates that leave out a term', async () => {
    const result = await s.call(api.updateSchoolYear, {
      schoolId: s.sid,
      schyId: String(s.year.id),
      name: s.year.name,
      startDate: s.year.startDate,
      endDate: `${s.startYear + 1}-06-30`,
    });
    expectFailure(result, 422, /^下学期（.*）不在新的学年日期之内，请先修改学期日期$/);
  });

  it('refuses to delete a year with terms or classes, and deletes an empty one', async () => {
    expectFailure(
      await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId: String(s.year.id) }),
      422,
      `${s.year.name}还有 2 个学期，请先删除学期`,
    );
    const empty = expectOk(await addYear('2070-2071学年', '2070-09-01', '2071-08-31'));
    await makeClass(s.db, { schoolId: s.school.id, gradeId: 7, schoolYearId: Number(empty.schyId) });
    expectFailure(
      await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId: empty.schyId }),
      422,
      '2070-2071学年还有 1 个班级的学年记录，不能删除',
    );
    const unused = expectOk(await addYear('2080-2081学年', '2080-09-01', '2081-08-31'));
    expectOk(await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId: unused.schyId }));
    expect(
      await s.db
        .select()
        .from(schoolYears)
        .where(eq(schoolYears.id, Number(unused.schyId))),
    ).toEqual([]);
  });

  it("refuses another school's year with 403 and changes nothing", async () => {
    const schyId = String(s.other.year.id);
    const update = { schoolId: s.sid, schyId, name: '改名', startDate: '2090-09-01', endDate: '2091-08-31' };
    expectForbidden(await s.call(api.updateSchoolYear, update));
    expectForbidden(await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId }));
    const [row] = await s.db.select().from(schoolYears).where(eq(schoolYears.id, s.other.year.id));
    expect(row).toEqual(s.other.year);
    expectForbidden(await s.call(api.addSchoolYear, { ...update, schoolId: String(s.other.school.id) }));
    await expectRoleRefusals(
      s,
      api.addSchoolYear,
      { schoolId: s.sid, name: 'y', startDate: '2095-09-01', endDate: '2096-08-31' },
      true,
    );
    await expectRoleRefusals(s, api.updateSchoolYear, update, true);
    await expectRoleRefusals(s, api.deleteSchoolYear, { schoolId: s.sid, schyId }, true);
    await expectRoleRefusals(s, api.schoolYears, { schoolId: s.sid }, false);
    expectFailure(
      await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId: '424242' }),
      404,
      '该学年不存在或已删除',
    );
  });
});

describe('a race past the checks', () => {
  it('ends in a conflict message, not an internal error', async () => {
    const values = { schoolId: s.school.id, name: '竞争学年', startDate: '2150-09-01', endDate: '2151-08-31' };
    await insertSchoolYear(s.db, values);
    const raced = s.db.transaction((tx) => insertSchoolYear(tx, values)).catch(raceToConflict);
    await expect(raced).rejects.toMatchObject({
      status: 409,
      message: '数据刚被其他人修改，与已有数据重复，请刷新后重试',
    });
  });
});

describe('grade terms', () => {
  it('adds both terms of a year with derived names, lists and updates them', async () => {
    const year = expectOk(await addYear('2100-2101学年', '2100-01-01', '2100-12-31'));
    const autumn = expectOk(
      await s.call<Term>(api.addTerm, {
        schoolId: s.sid,
        schyId: year.schyId,
        termNo: 1,
        startDate: '2100-01-01',
        endDate: '2100-06-30',
      }),
    );
    expect(autumn).toMatchObject({ name: '上学期', termNo: 1, schoolYearName: '2100-2101学年' });
    const spring = expectOk(
      await s.call<Term>(api.addTerm, {
        schoolId: s.sid,
        schyId: year.schyId,
        termNo: '2',
        startDate: '2100-07-01',
        endDate: '2100-12-31',
      }),
    );
    expect(spring.name).toBe('下学期');
    const terms = expectOk(await s.as<Term[]>(s.sessions.teacher, api.terms, { schoolId: s.sid }));
    expect(terms.map((t) => t.termId)).toEqual(expect.arrayContaining([autumn.termId, spring.termId]));
    const moved = expectOk(
      await s.call<Term>(api.updateTerm, {
        schoolId: s.sid,
        termId: spring.termId,
        startDate: '2100-07-15',
        endDate: '2100-12-31',
      }),
    );
    expect(moved.startDate).toBe('2100-07-15');
  });

  it('refuses terms outside the year, overlapping, duplicated or out of order', async () => {
    const year = expectOk(await addYear('2110-2111学年', '2110-09-01', '2111-08-31'));
    const add = (termNo: unknown, startDate: string, endDate: string) =>
      s.call(api.addTerm, { schoolId: s.sid, schyId: year.schyId, termNo, startDate, endDate });
    expectFailure(await add(3, '2110-09-01', '2111-01-31'), 400, '学期只能是 1（上学期）或 2（下学期）');
    expectFailure(await add(undefined, '2110-09-01', '2111-01-31'), 400, '学期只能是 1（上学期）或 2（下学期）');
    expectFailure(
      await add(1, '2110-08-01', '2111-01-31'),
      422,
      '学期日期必须在2110-2111学年（2110-09-01 至 2111-08-31）之内',
    );
    expectOk(await add(2, '2111-02-01', '2111-08-31'));
    expectFailure(await add(2, '2110-09-01', '2111-01-20'), 409, '2110-2111学年已有下学期');
    expectFailure(await add(1, '2110-09-01', '2111-02-10'), 422, '学期日期与下学期（2111-02-01 至 2111-08-31）重叠');
    const other = expectOk(await addYear('2120-2121学年', '2120-09-01', '2121-08-31'));
    await s.call(api.addTerm, {
      schoolId: s.sid,
      schyId: other.schyId,
      termNo: 1,
      startDate: '2121-03-01',
      endDate: '2121-08-31',
    });
    expectFailure(
      await s.call(api.addTerm, {
        schoolId: s.sid,
        schyId: other.schyId,
        termNo: 2,
        startDate: '2120-09-01',
        endDate: '2121-01-31',
      }),
      422,
      '上学期必须在下学期之前',
    );
  });

  it('refuses to delete a term with class-teacher links, and deletes an unused one', async () => {
    const term = s.terms[0]!;
    const cls = await makeClass(s.db, { schoolId: s.school.id, gradeId: 8, schoolYearId: s.year.id });
    const teacher = await makeTeacher(s.db, { schoolId: s.school.id });
    await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: term.id,
      classId: cls.id,
      teacherId: teacher.id,
      isHead: true,
    });
    expectFailure(
      await s.call(api.deleteTerm, { schoolId: s.sid, termId: String(term.id) }),
      422,
      '该学期还有 1 条任课关系，不能删除',
    );
    const year = expectOk(await addYear('2130-2131学年', '2130-09-01', '2131-08-31'));
    const unused = expectOk(
      await s.call<Term>(api.addTerm, {
        schoolId: s.sid,
        schyId: year.schyId,
        termNo: 1,
        startDate: '2130-09-01',
        endDate: '2131-01-31',
      }),
    );
    expectOk(await s.call(api.deleteTerm, { schoolId: s.sid, termId: unused.termId }));
    expect(
      await s.db
        .select()
        .from(gradeTerms)
        .where(eq(gradeTerms.id, Number(unused.termId))),
    ).toEqual([]);
  });

  it("refuses another school's year and term with 403 and changes nothing", async () => {
    const termId = String(s.other.terms[0]!.id);
    const before = await s.db.select().from(gradeTerms).where(eq(gradeTerms.schoolId, s.other.school.id));
    expectForbidden(
      await s.call(api.addTerm, {
        schoolId: s.sid,
        schyId: String(s.other.year.id),
        termNo: 1,
        startDate: '2026-09-01',
        endDate: '2027-01-31',
      }),
    );
    expectForbidden(
      await s.call(api.updateTerm, { schoolId: s.sid, termId, startDate: '2026-09-02', endDate: '2027-01-31' }),
    );
    expectForbidden(await s.call(api.deleteTerm, { schoolId: s.sid, termId }));
    expect(await s.db.select().from(gradeTerms).where(eq(gradeTerms.schoolId, s.other.school.id))).toEqual(before);
    await expectRoleRefusals(
      s,
      api.updateTerm,
      { schoolId: s.sid, termId, startDate: '2026-09-02', endDate: '2027-01-31' },
      true,
    );
    await expectRoleRefusals(s, api.deleteTerm, { schoolId: s.sid, termId }, true);
    await expectRoleRefusals(s, api.terms, { schoolId: s.sid }, false);
    expectFailure(await s.call(api.deleteTerm, { schoolId: s.sid }), 400, '学期不能为空');
  });
});
