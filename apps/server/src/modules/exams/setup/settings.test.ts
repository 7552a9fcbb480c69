import {
  examsApi as api,
  DEFAULT_SCORE_CONFIG,
  type ExamLevelScheme,
  type SchoolRelation,
  type ScoreConfig,
} from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examLevelSchemes, multiExams, users } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { relateManager } from '../../../test/factories.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const levels = [
  { name: 'A', share: 0.2, high: 100, low: 85 },
  { name: 'B', share: 0.5, high: 84, low: 60 },
  { name: 'C', share: 0.3, high: 59, low: 30 },
];

describe('SSC', () => {
  it('answers the defaults until saved, then the saved configuration', async () => {
    expect(expectOk(await s.as(s.sessions.teacher, api.getSSCBySchoolId, { schoolId: s.sid }))).toEqual(
      DEFAULT_SCORE_CONFIG,
    );
    const config: ScoreConfig = { ...DEFAULT_SCORE_CONFIG, segments: { single: 20, total: 100 } };
    expectOk(await s.call(api.saveOrUpdateSSC, { schoolId: s.sid, config }));
    expect(expectOk(await s.call(api.getSSCBySchoolId, { schoolId: s.sid }))).toEqual(config);
    expectForbidden(await s.call(api.getSSCBySchoolId, { schoolId: String(s.other.school.id) }));
  });

  it('refuses thresholds out of order, bands inverted, bad segment widths, another school', async () => {
    const save = (config: Partial<ScoreConfig>, schoolId = s.sid) =>
      s.call(api.saveOrUpdateSSC, { schoolId, config: { ...DEFAULT_SCORE_CONFIG, ...config } });
    expectFailure(
      await save({ rates: { excellent: 60, good: 70, pass: 60, low: 40 } }),
      400,
      '比率阈值应满足 优秀 ≥ 良好 ≥ 及格 ≥ 低分',
    );
    expectFailure(await save({ bands: { secsA: 0.5, secsB: 0.2 } }), 400, '前段比例（secsA）必须小于中段比例（secsB）');
    expectFailure(await save({ segments: { single: 60, total: 50 } }), 400, '单科分段宽度最大为50');
    expectForbidden(await save({}, String(s.other.school.id)));
    await expectRoleRefusals(s, api.saveOrUpdateSSC, { schoolId: s.sid, config: DEFAULT_SCORE_CONFIG }, true);
  });
});

describe('ELA', () => {
  let saved: ExamLevelScheme;

  it('lists the built-in schemes, then the school and area ones', async () => {
    const [area] = await s.db
      .insert(examLevelSchemes)
      .values({ areaId: s.school.areaId, name: '示范区方案', levels })
      .returning();
    saved = expectOk(await s.call<ExamLevelScheme>(api.saveOrUpdateELA, { schoolId: s.sid, name: '本校方案', levels }));
    expect(saved).toMatchObject({ name: '本校方案', builtIn: false, schoolId: s.sid });
    const all = expectOk(await s.as<ExamLevelScheme[]>(s.sessions.teacher, api.getELABySchoolId, { schoolId: s.sid }));
    expect(all.map((e) => e.name)).toEqual([
      '3+1+2 等级赋分',
      '广东 等级赋分',
      '山东 等级赋分',
      '示范区方案',
      '本校方案',
    ]);
    const byArea = expectOk(
      await s.as<ExamLevelScheme[]>(s.sessions.student, api.getExamLevelByAreaId, { areaId: String(area!.areaId) }),
    );
    expect(byArea.map((e) => e.name)).toEqual(['3+1+2 等级赋分', '广东 等级赋分', '山东 等级赋分', '示范区方案']);
    expectFailure(await s.call(api.getExamLevelByAreaId, { areaId: '999999' }), 404, '该区域不存在');
  });

  it('updates the school scheme; refuses shares not adding up, overlapping ranges, built-in and area schemes', async () => {
    const updated = expectOk(
      await s.call<ExamLevelScheme>(api.saveOrUpdateELA, {
        schoolId: s.sid,
        elaId: saved.elaId,
        name: '本校方案二',
        levels,
      }),
    );
    expect(updated).toMatchObject({ elaId: saved.elaId, name: '本校方案二' });
    const save = (extra: Record<string, unknown>) =>
      s.call(api.saveOrUpdateELA, { schoolId: s.sid, name: '方案', levels, ...extra });
    expectFailure(
      await save({ levels: [levels[0], { ...levels[1], share: 0.6 }, levels[2]] }),
      400,
      '各等级比例之和应为100%，现为110%',
    );
    expectFailure(
      await save({ levels: [levels[0], { ...levels[1], high: 90 }, levels[2]] }),
      400,
      '等级“B”的赋分区间应低于“A”且不能重叠',
    );
    expectFailure(await save({ levels: [levels[0]] }), 400, '至少2个等级');
    expectFailure(await save({ elaId: '-1' }), 400, '内置等级方案不能修改或删除');
    const [area] = await s.db.select().from(examLevelSchemes).where(eq(examLevelSchemes.name, '示范区方案'));
    expectForbidden(await save({ elaId: String(area!.id) }));
    const [foreign] = await s.db
      .insert(examLevelSchemes)
      .values({ schoolId: s.other.school.id, name: '外校方案', levels })
      .returning();
    expectForbidden(await save({ elaId: String(foreign!.id) }));
    expectForbidden(await s.call(api.deleteELA, { schoolId: s.sid, elaId: String(foreign!.id) }));
  });

  it('deletes a scheme no exam uses', async () => {
    await s.db
      .update(multiExams)
      .set({ settings: { ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: saved.elaId } })
      .where(eq(multiExams.id, s.exam.id));
    expectFailure(
      await s.call(api.deleteELA, { schoolId: s.sid, elaId: saved.elaId }),
      422,
      '该等级方案已被考试（八年级期中考试）使用，不能删除',
    );
    await s.db
      .update(multiExams)
      .set({ settings: { ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null } })
      .where(eq(multiExams.id, s.exam.id));
    expectOk(await s.call(api.deleteELA, { schoolId: s.sid, elaId: saved.elaId }));
    expectFailure(
      await s.call(api.deleteELA, { schoolId: s.sid, elaId: saved.elaId }),
      404,
      '该等级方案不存在或已删除',
    );
  });
});

describe('findSchoolRelationBySchoolIds', () => {
  it('answers the own school with its area; refuses another school', async () => {
    const own = expectOk(
      await s.as<SchoolRelation[]>(s.sessions.teacher, api.findSchoolRelationBySchoolIds, { schoolIds: [s.sid] }),
    );
    expect(own).toEqual([
      { schoolId: s.sid, schoolName: '第一中学', relationId: String(s.school.areaId), relationName: '示范区' },
    ]);
    expectForbidden(await s.call(api.findSchoolRelationBySchoolIds, { schoolIds: [s.sid, String(s.other.school.id)] }));
    expectFailure(await s.call(api.findSchoolRelationBySchoolIds, { schoolIds: [] }), 400, '请选择学校');
  });

  it('answers a manager the schools of their relations', async () => {
    const [manager] = await s.db.select().from(users).where(eq(users.loginName, s.sessions.manager.loginName));
    await relateManager(s.db, manager!.id, s.other.school.id, s.school.areaId!);
    const related = expectOk(
      await s.as<SchoolRelation[]>(s.sessions.manager, api.findSchoolRelationBySchoolIds, {
        schoolIds: [String(s.other.school.id)],
      }),
    );
    expect(related).toEqual([
      {
        schoolId: String(s.other.school.id),
        schoolName: '第二中学',
        relationId: String(s.school.areaId),
        relationName: '示范区',
      },
    ]);
  });
});
