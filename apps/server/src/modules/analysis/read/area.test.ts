import {
  type AreaReportExam,
  type AttentionReport,
  analysisApi as api,
  type ItemsReport,
  type OverviewReport,
  type SubjectRef,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUnion, expectRefused, type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { login } from '../../../test/client.ts';
import { makeUser, relateManager } from '../../../test/factories.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';

// The school area over a 联考 of the two schools (8 students: 6 of the first school in 2 classes,
// 2 of the second in 1 class; totals 190 130 160 130 70 30 | 170 40, mean 115): union figures for
// every reader whose schools it holds, school and class rows only of their own schools.

let s: ReportCalls;
let union: Awaited<ReturnType<typeof addUnion>>;
let nearManager: ReportCalls['people']['admin'];
beforeAll(async () => {
  s = await setUpReportCalls();
  union = await addUnion(s);
  const user = await makeUser(s.db, { schoolId: s.school.id, type: 4, name: '一中管理员' });
  await relateManager(s.db, user.id, s.school.id, s.school.areaId!);
  nearManager = await login(s.t.app, user.loginName, user.password);
}, 120_000);
afterAll(async () => s?.t.close());

describe('findSchoolReportMe and findSchoolReportSe', () => {
  it('list one entry per 联考 with the reader’s schools and its subjects', async () => {
    const exams = expectOk(await s.as<AreaReportExam[]>(s.people.manager, api.findSchoolReportMe, {}));
    expect(exams).toHaveLength(1);
    expect(exams[0]).toMatchObject({
      unionKey: union.unionKey,
      report: { runKey: `union:${union.unionKey}`, status: 3 },
    });
    expect(exams[0]!.schools.map((x) => x.name)).toEqual(['第一中学', '第二中学']);
    expect(exams[0]!.subjects.map((x) => [x.subjectKey, x.seId])).toEqual([
      ['0', null],
      ['1', null],
      ['2', null],
    ]);
    const mine = expectOk(await s.as<AreaReportExam[]>(nearManager, api.findSchoolReportMe, {}));
    expect(mine[0]!.schools.map((x) => x.name)).toEqual(['第一中学']);
    const subjects = expectOk(await s.as<SubjectRef[]>(nearManager, api.findSchoolReportSe, { meId: union.otherMeId }));
    expect(subjects.map((x) => x.name)).toEqual(['总分', '语文', '数学']);
  });
});

describe('findUnionReport', () => {
  it('compares schools, areas and classes, with rows only of the reader’s schools', async () => {
    const bySchool = expectOk(
      await s.as<OverviewReport>(s.people.manager, api.findUnionReport, {
        meId: s.meId,
        subjectKey: '0',
        unitLevel: 'school',
      }),
    );
    expect(bySchool.summary).toMatchObject({ count: 8, mean: 115 });
    expect(bySchool.units.map((u) => [u.scope.name, u.summary!.mean])).toEqual([
      ['第一中学', expect.closeTo(710 / 6, 6)],
      ['第二中学', 105],
    ]);
    const byClass = expectOk(
      await s.as<OverviewReport>(s.people.manager, api.findUnionReport, {
        meId: s.meId,
        subjectKey: '0',
        unitLevel: 'class',
      }),
    );
    expect(byClass.units).toHaveLength(3);
    const byArea = expectOk(
      await s.as<OverviewReport>(s.people.manager, api.findUnionReport, {
        meId: s.meId,
        subjectKey: '0',
        unitLevel: 'area',
      }),
    );
    expect(byArea.units.map((u) => u.scope.name)).toEqual(['示范区']);

    for (const reader of [nearManager, s.people.admin, s.people.principal]) {
      const own = expectOk(
        await s.as<OverviewReport>(reader, api.findUnionReport, { meId: s.meId, subjectKey: '0', unitLevel: 'school' }),
      );
      expect(own.summary!.count).toBe(8);
      expect(own.units.map((u) => u.scope.name)).toEqual(['第一中学']);
      const classes = expectOk(
        await s.as<OverviewReport>(reader, api.findUnionReport, { meId: s.meId, subjectKey: '0', unitLevel: 'class' }),
      );
      expect(classes.units.map((u) => u.scope.id).sort()).toEqual([s.c1, s.c2].sort());
    }
  });

  it('attention and question analysis keep only the reader’s schools', async () => {
    const all = expectOk(
      await s.as<AttentionReport>(s.people.manager, api.findUnionAttentionReport, { meId: s.meId, subjectKey: '0' }),
    );
    const schools = (r: AttentionReport) => new Set(r.lines.flatMap((l) => l.students.map((x) => x.schoolName)));
    const near = expectOk(
      await s.as<AttentionReport>(nearManager, api.findUnionAttentionReport, { meId: s.meId, subjectKey: '0' }),
    );
    expect([...schools(near)]).toEqual(['第一中学']);
    const second = expectOk(
      await s.as<AttentionReport>(s.people.manager, api.findUnionAttentionReport, {
        meId: s.meId,
        subjectKey: '0',
        schoolId: String(s.other.school.id),
      }),
    );
    expect([...schools(second)]).toEqual(['第二中学']);
    expect([...schools(all)].sort()).toEqual(['第一中学', '第二中学'].sort());
    await expectRefused(s, nearManager, () =>
      s.as(nearManager, api.findUnionAttentionReport, {
        meId: s.meId,
        subjectKey: '0',
        schoolId: String(s.other.school.id),
      }),
    );

    const questions = expectOk(
      await s.as<{ union: ItemsReport; schools: ItemsReport[] }>(nearManager, api.findSchoolReportQuestion, {
        meId: s.meId,
        subjectKey: '2',
      }),
    );
    expect(questions.union.count).toBe(7);
    expect(questions.schools.map((x) => x.scope.name)).toEqual(['第一中学']);
    expectFailure(
      await s.as(nearManager, api.findSchoolReportQuestion, { meId: s.meId, subjectKey: '0' }),
      400,
      '试题分析请选择一个科目',
    );
  });

  it('refuses readers whose schools the 联考 does not hold, and plain teachers', async () => {
    const far = s.people.farManager;
    await expectRefused(s, far, () =>
      s.as(far, api.findUnionReport, { meId: union.otherMeId, subjectKey: '0', unitLevel: 'school' }),
    );
    await expectRefused(s, far, () => s.as(far, api.findSchoolReportQuestion, { meId: s.meId, subjectKey: '2' }));
    const t = s.people.teacherA;
    await expectRefused(s, t, () => s.as(t, api.findUnionAttentionReport, { meId: s.meId, subjectKey: '0' }));
  });
});
