import type { UpgradePlan } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, ownedBy, schoolOf } from '../access.ts';
import { eduCatalogue, gradeIdsOfSchool } from '../grades/repo.ts';
import { findSchoolYear } from '../years/repo.ts';
import { type ClassMove, planMoves } from './plan.ts';
import * as repo from './repo.ts';

/**
 * 学年升级: from the school year before the target into the target. Preview (apply false) reads
 * only; apply does everything in one transaction, so a failure leaves the school as it was.
 */
export function createUpgradeService(db: Db) {
  async function plan(tx: Executor, schoolId: number, toSchyId: number) {
    const toYear = ownedBy(await findSchoolYear(tx, toSchyId), schoolId, '目标学年不存在或已删除');
    const fromYear = await repo.yearBefore(tx, schoolId, toYear.startDate);
    if (!fromYear) throw ruleBroken(`${toYear.name}之前没有学年，无法升级`);
    const { grades } = await eduCatalogue(tx);
    const moves = planMoves(await repo.activeClassesOfYear(tx, schoolId, fromYear.id), grades);
    const done = await repo.countClassYears(
      tx,
      toSchyId,
      moves.map((m) => m.classId),
    );
    if (done > 0) throw conflict(`${fromYear.name}的 ${done} 个班级已升级到${toYear.name}，不能重复升级`);
    const runs = await gradeIdsOfSchool(tx, schoolId);
    const missing = new Set(
      moves.filter((m) => m.toGradeId !== null && !runs.has(m.toGradeId)).map((m) => m.toGradeName),
    );
    if (missing.size > 0) {
      throw ruleBroken(`本校还没有开设${[...missing].join('、')}，请先在“年级学科”中添加后再升级`);
    }
    return { fromYear, toYear, moves };
  }

  function toPlan(p: Awaited<ReturnType<typeof plan>>, applied: boolean): UpgradePlan {
    const graduating = p.moves.filter((m) => m.toGradeId === null);
    return {
      fromYear: { schyId: String(p.fromYear.id), name: p.fromYear.name },
      toYear: { schyId: String(p.toYear.id), name: p.toYear.name },
      moves: p.moves.map((m: ClassMove) => ({
        classId: String(m.classId),
        className: m.name,
        fromGradeName: m.fromGradeName,
        toGradeName: m.toGradeName,
        studentCount: m.studentCount,
      })),
      promotedClasses: p.moves.length - graduating.length,
      graduatingClasses: graduating.length,
      graduatingStudents: graduating.reduce((sum, m) => sum + m.studentCount, 0),
      applied,
    };
  }

  return {
    async upgrade(actor: Actor, p: CallParams<'upgrade'>): Promise<UpgradePlan> {
      const schoolId = schoolOf(actor, p.schoolId);
      const toSchyId = idOf(p.toSchyId, '目标学年');
      if (!p.apply) return toPlan(await plan(db, schoolId, toSchyId), false);
      return db.transaction(async (tx) => {
        const planned = await plan(tx, schoolId, toSchyId);
        if (planned.moves.length === 0) throw ruleBroken(`${planned.fromYear.name}没有需要升级的班级`);
        const promotions = planned.moves.flatMap((m) =>
          m.toGradeId === null ? [] : [{ classId: m.classId, gradeId: m.toGradeId }],
        );
        await repo.promoteClasses(tx, toSchyId, promotions);
        const graduated = await repo.graduateClasses(
          tx,
          planned.moves.filter((m) => m.toGradeId === null).map((m) => m.classId),
        );
        const result = toPlan(planned, true);
        await auditWrite(tx, actor, 'class.upgrade', `school-year:${toSchyId}`, {
          after: {
            fromSchyId: result.fromYear.schyId,
            promotedClasses: result.promotedClasses,
            graduatingClasses: result.graduatingClasses,
            graduatedStudents: graduated,
          },
        });
        return result;
      });
    },
  };
}
