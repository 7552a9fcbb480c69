import {
  BUILT_IN_LEVEL_SCHEMES,
  DEFAULT_SCORE_CONFIG,
  type ExamLevelScheme,
  type SchoolRelation,
  type ScoreConfig,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { auditExam, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import * as repo from './settings-repo.ts';

// School settings (spec §7): the score configuration (SSC, defaults of analysis-definitions.md
// until saved), level-score schemes (ELA: built-in, the area's and the school's) and the
// relations of schools to areas.

/** Sanity rules beyond the schema: thresholds descend, bands nest, lines are named once. */
export function checkScoreConfig(config: ScoreConfig): void {
  const { excellent, good, pass, low } = config.rates;
  if (!(excellent >= good && good >= pass && pass >= low)) {
    throw badInput('比率阈值应满足 优秀 ≥ 良好 ≥ 及格 ≥ 低分', { field: 'config.rates' });
  }
  if (!(config.bands.secsA < config.bands.secsB)) {
    throw badInput('前段比例（secsA）必须小于中段比例（secsB）', { field: 'config.bands' });
  }
  const names = config.lines.map((l) => l.name);
  if (new Set(names).size !== names.length) throw badInput('分数线名称重复', { field: 'config.lines' });
  const badRate = config.lines.find((l) => l.kind === 'rate' && l.value > 1);
  if (badRate) throw badInput(`分数线“${badRate.name}”按比例时，值应在0到1之间`, { field: 'config.lines' });
}

/** Shares add up to 1 (within 0.001); score ranges run from the top down and do not overlap. */
export function checkLevels(levels: ExamLevelScheme['levels']): void {
  const total = levels.reduce((sum, l) => sum + l.share, 0);
  if (Math.abs(total - 1) > 0.001) {
    throw badInput(`各等级比例之和应为100%，现为${Math.round(total * 1000) / 10}%`, { field: 'levels' });
  }
  const names = levels.map((l) => l.name);
  if (new Set(names).size !== names.length) throw badInput('等级名称重复', { field: 'levels' });
  for (const [i, level] of levels.entries()) {
    if (level.high < level.low) throw badInput(`等级“${level.name}”的赋分上限不能低于下限`, { field: 'levels' });
    const next = levels[i + 1];
    if (next && next.high >= level.low) {
      throw badInput(`等级“${next.name}”的赋分区间应低于“${level.name}”且不能重叠`, { field: 'levels' });
    }
  }
}

export function createSettingsService(db: Db) {
  return {
    async getSSCBySchoolId(actor: Actor, p: CallParams<'getSSCBySchoolId'>): Promise<ScoreConfig> {
      const schoolId = schoolOf(actor, p.schoolId);
      return (await repo.findScoreConfig(db, schoolId)) ?? DEFAULT_SCORE_CONFIG;
    },

    /** Applies to exams created afterwards; each exam keeps the copy it was created with. */
    async saveOrUpdateSSC(actor: Actor, p: CallParams<'saveOrUpdateSSC'>): Promise<ScoreConfig> {
      const schoolId = schoolOf(actor, p.schoolId);
      checkScoreConfig(p.config);
      await db.transaction(async (tx) => {
        // One save at a time per school, so each audit's "before" is the previous save's "after".
        await lockKey(tx, 'score-config', schoolId);
        const before = await repo.findScoreConfig(tx, schoolId);
        await repo.upsertScoreConfig(tx, schoolId, p.config, actor.userId);
        await auditExam(tx, actor, 'ssc.save', `school:${schoolId}`, { before, after: p.config });
      });
      return p.config;
    },

    async getELABySchoolId(actor: Actor, p: CallParams<'getELABySchoolId'>): Promise<ExamLevelScheme[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const areaId = await repo.areaOfSchool(db, schoolId);
      return [...BUILT_IN_LEVEL_SCHEMES, ...(await repo.schemesOf(db, schoolId, areaId))];
    },

    /** A scheme of the school (new, or one of its own); built-in and area schemes are read-only. */
    async saveOrUpdateELA(actor: Actor, p: CallParams<'saveOrUpdateELA'>): Promise<ExamLevelScheme> {
      const schoolId = schoolOf(actor, p.schoolId);
      checkLevels(p.levels);
      return db
        .transaction(async (tx) => {
          if (p.elaId === undefined) {
            const row = await repo.insertScheme(tx, { schoolId, name: p.name, levels: p.levels });
            await auditExam(tx, actor, 'ela.add', `ela:${row.id}`, { after: row });
            return repo.toScheme(row);
          }
          const before = await ownScheme(tx, schoolId, p.elaId);
          const row = await repo.updateScheme(tx, before.id, { name: p.name, levels: p.levels });
          await auditExam(tx, actor, 'ela.update', `ela:${row.id}`, { before, after: row });
          return repo.toScheme(row);
        })
        .catch(raceToConflict);
    },

    async deleteELA(actor: Actor, p: CallParams<'deleteELA'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      await db.transaction(async (tx) => {
        const before = await ownScheme(tx, schoolId, p.elaId);
        const exam = await repo.examUsingScheme(tx, schoolId, before.id);
        if (exam) throw ruleBroken(`该等级方案已被考试（${exam}）使用，不能删除`);
        await repo.deleteScheme(tx, before.id);
        await auditExam(tx, actor, 'ela.delete', `ela:${before.id}`, { before });
      });
      return null;
    },

    /** The built-in schemes and the area's own. */
    async getExamLevelByAreaId(_actor: Actor, p: CallParams<'getExamLevelByAreaId'>): Promise<ExamLevelScheme[]> {
      const areaId = idOf(p.areaId, '区域');
      if (!(await repo.findArea(db, areaId))) throw notFound('该区域不存在');
      return [...BUILT_IN_LEVEL_SCHEMES, ...(await repo.schemesOf(db, null, areaId))];
    },

    /**
     * The schools the actor may see among those asked, with their area: the own school for types
     * 1, 2 and 5; the relations for type 4. Any other school is refused.
     */
    async findSchoolRelationBySchoolIds(
      actor: Actor,
      p: CallParams<'findSchoolRelationBySchoolIds'>,
    ): Promise<SchoolRelation[]> {
      const schoolIds = [...new Set(p.schoolIds.map((id) => idOf(id, '学校')))];
      for (const id of schoolIds) {
        if (!actor.schoolIds.includes(id)) throw forbidden('无权访问其他学校的数据');
      }
      return actor.type === 4 ? repo.relationsOf(db, actor.userId, schoolIds) : repo.schoolsWithArea(db, schoolIds);
    },
  };
}

/** One of the school's own schemes: a built-in (negative id) or an area's is read-only. */
async function ownScheme(tx: Parameters<typeof repo.findScheme>[0], schoolId: number, elaId: string) {
  if (/^-\d+$/.test(elaId)) throw badInput('内置等级方案不能修改或删除', { field: 'elaId' });
  const id = idOf(elaId, '等级方案');
  // Callers change or delete it next: one at a time, so the audit's "before" is what was replaced.
  await lockKey(tx, 'level-scheme', id);
  const row = await repo.findScheme(tx, id);
  if (row && row.schoolId === null) throw forbidden('区域等级方案只能由区域维护');
  return ownedBy(row as (repo.LevelSchemeRow & { schoolId: number }) | null, schoolId, '该等级方案不存在或已删除');
}
