import { schoolBaseApi as api, type OrganLeader } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organLeaders } from '../../../db/schema.ts';
import { makeGrade, makeOrganLeader, makeTeacher } from '../../../test/factories.ts';
import {
  expectFailure,
  expectForbidden,
  expectOk,
  expectRoleRefusals,
  type SchoolBaseSetup,
  setUpSchoolBase,
} from '../../../test/school-base-fixture.ts';

let s: SchoolBaseSetup;
let teacher: { id: number };
beforeAll(async () => {
  s = await setUpSchoolBase();
  await makeGrade(s.db, s.school.id, 8, [1, 2]);
  await makeGrade(s.db, s.school.id, 9, [2, 4]);
  teacher = await makeTeacher(s.db, { schoolId: s.school.id, name: '陈老师' });
});
afterAll(() => s.t.close());

const edit = (params: Record<string, unknown>) =>
  s.call<OrganLeader>(api.editOrganLeader, { schoolId: s.sid, teacherId: String(teacher.id), ...params });

describe('organ_leader/add_or_edit', () => {
  it('adds each role with the scope it needs, dropping a scope the role does not use', async () => {
    expect(expectOk(await edit({ role: 1, gradeId: '8' }))).toMatchObject({
      roleName: '校长',
      gradeId: null,
      courseId: null,
    });
    expect(expectOk(await edit({ role: 3, gradeId: '8', courseId: '2' }))).toMatchObject({
      roleName: '年级主任',
      gradeName: '八年级',
      courseId: null,
    });
    expect(expectOk(await edit({ role: 4, courseId: '4', gradeId: '8' }))).toMatchObject({
      roleName: '教研组长',
      gradeId: null,
      courseName: '物理',
    });
    const prep = expectOk(await edit({ role: 5, gradeId: '9', courseId: '2' }));
    expect(prep).toMatchObject({
      teacherName: '陈老师',
      roleName: '备课组长',
      gradeName: '九年级',
      courseName: '数学',
    });
    const moved = expectOk(await edit({ solId: prep.solId, role: 5, gradeId: '8', courseId: '2' }));
    expect(moved).toMatchObject({ solId: prep.solId, gradeName: '八年级' });
  });

  it('refuses a missing or unknown scope, a duplicate and a bad role', async () => {
    expectFailure(await edit({ role: 3 }), 400, '年级主任需要选择年级');
    expectFailure(await edit({ role: 4 }), 400, '教研组长需要选择学科');
    expectFailure(await edit({ role: 5, courseId: '2' }), 400, '备课组长需要选择年级');
    expectFailure(await edit({ role: 6 }), 400, '职务只能是 1 校长、2 副校长、3 年级主任、4 教研组长、5 备课组长');
    expectFailure(await edit({}), 400, '请选择职务：1 校长、2 副校长、3 年级主任、4 教研组长、5 备课组长');
    expectFailure(await edit({ role: 3, gradeId: '10' }), 422, '本校还没有开设高一，不能设置该年级的年级主任');
    expectFailure(
      await edit({ role: 5, gradeId: '8', courseId: '4' }),
      422,
      '本校八年级没有开设物理，不能设置该学科的备课组长',
    );
    expectFailure(await edit({ role: 4, courseId: '99' }), 404, '学科不存在（courseId 99）');
    expectFailure(await edit({ role: 1 }), 409, '教师 陈老师 已担任该范围的校长');
    expectFailure(await edit({ solId: '404404', role: 2 }), 404, '该组织领导不存在或已删除');
  });

  it('refuses an id of another school with 403 and changes nothing', async () => {
    const stranger = await makeOrganLeader(s.db, {
      schoolId: s.other.school.id,
      teacherId: s.other.teacher.id,
      role: 1,
    });
    expectForbidden(await edit({ role: 2, teacherId: String(s.other.teacher.id) }));
    expectForbidden(await edit({ role: 2, solId: String(stranger.id) }));
    expectForbidden(await edit({ role: 2, schoolId: String(s.other.school.id) }));
    expect((await s.db.select().from(organLeaders).where(eq(organLeaders.id, stranger.id)))[0]).toEqual(stranger);
    await expectRoleRefusals(s, api.editOrganLeader, { schoolId: s.sid, teacherId: String(teacher.id), role: 2 }, true);
    expect(await s.db.select().from(organLeaders).where(eq(organLeaders.role, 2))).toEqual([]);
  });
});

describe('organ_leader/get, my and delete', () => {
  it("lists the school's leaders and one teacher's roles", async () => {
    const other = await makeTeacher(s.db, { schoolId: s.school.id, name: '何老师' });
    await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: other.id, role: 2 });
    const all = expectOk(await s.as<OrganLeader[]>(s.sessions.teacher, api.organLeaders, { schoolId: s.sid }));
    expect(all.map((l) => l.roleName)).toEqual(['校长', '副校长', '年级主任', '教研组长', '备课组长']);
    const mine = expectOk(
      await s.call<OrganLeader[]>(api.myOrganLeaders, { schoolId: s.sid, teacherId: String(other.id) }),
    );
    expect(mine.map((l) => [l.teacherName, l.roleName])).toEqual([['何老师', '副校长']]);
    expectForbidden(await s.call(api.myOrganLeaders, { schoolId: s.sid, teacherId: String(s.other.teacher.id) }));
    expectForbidden(await s.call(api.organLeaders, { schoolId: String(s.other.school.id) }));
    await expectRoleRefusals(s, api.organLeaders, { schoolId: s.sid }, false);
    await expectRoleRefusals(s, api.myOrganLeaders, { schoolId: s.sid, teacherId: String(other.id) }, false);
  });

  it("deletes a leader role, and refuses another school's with 403", async () => {
    const leader = await makeOrganLeader(s.db, { schoolId: s.school.id, teacherId: teacher.id, role: 3, gradeId: 9 });
    expectOk(await s.call(api.deleteOrganLeader, { schoolId: s.sid, solId: String(leader.id) }));
    expect(await s.db.select().from(organLeaders).where(eq(organLeaders.id, leader.id))).toEqual([]);
    expectFailure(
      await s.call(api.deleteOrganLeader, { schoolId: s.sid, solId: String(leader.id) }),
      404,
      '该组织领导不存在或已删除',
    );

    const stranger = await makeOrganLeader(s.db, {
      schoolId: s.other.school.id,
      teacherId: s.other.teacher.id,
      role: 2,
    });
    const params = { schoolId: s.sid, solId: String(stranger.id) };
    expectForbidden(await s.call(api.deleteOrganLeader, params));
    await expectRoleRefusals(s, api.deleteOrganLeader, params, true);
    expect(await s.db.select().from(organLeaders).where(eq(organLeaders.id, stranger.id))).toHaveLength(1);
    expectFailure(await s.call(api.deleteOrganLeader, { schoolId: s.sid }), 400, '组织领导不能为空');
  });
});
