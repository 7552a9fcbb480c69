import type { MajorLesson, MajorPlan } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { badInput, conflict, ruleBroken } from '../../platform/errors.ts';
import { allOwned, auditWrite, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from './access.ts';
import * as repo from './repo.ts';

// A major's teaching plan (a course of the school in a term, its hours, credits and 考核方式) and
// each plan row's lessons (课次, 授课内容, 学时). A term runs from 1 to 学制 × 2; a course is in a
// term's plan once. The saveList calls replace the whole list in one transaction.

const MAJOR_GONE = '专业不存在或已删除';
const PLAN_GONE = '教学计划不存在或已删除';
const LESSON_GONE = '课次不存在或已删除';

type PlanInput = Omit<repo.PlanValues, 'courseId'> & { courseId: string };

async function checkedPlans(ex: Executor, schoolId: number, major: repo.MajorRow, inputs: PlanInput[]) {
  const courseIds = [...new Set(inputs.map((p) => idOf(p.courseId, '课程')))];
  const courses = allOwned(await repo.coursesByIds(ex, courseIds), courseIds, schoolId, '课程不存在或已删除');
  const seen = new Set<string>();
  return inputs.map((input) => {
    const courseId = Number(input.courseId);
    const name = courses.find((c) => c.id === courseId)!.name;
    if (input.term > major.years * 2) {
      throw ruleBroken(`${major.name}学制${major.years}年，没有第${input.term}学期（课程“${name}”）`);
    }
    const key = `${input.term}:${courseId}`;
    if (seen.has(key)) throw badInput(`第${input.term}学期的课程“${name}”重复`);
    seen.add(key);
    return { ...input, courseId };
  });
}

function lessonNosUnique(lessons: readonly { lessonNo: number }[]) {
  const seen = new Set<number>();
  for (const l of lessons) {
    if (seen.has(l.lessonNo)) throw badInput(`第${l.lessonNo}次课重复`);
    seen.add(l.lessonNo);
  }
}

export function createPlansService(db: Db) {
  async function majorOf(ex: Executor, schoolId: number, majorId: string) {
    return ownedBy(await repo.majorById(ex, idOf(majorId, '专业')), schoolId, MAJOR_GONE);
  }
  async function planOf(ex: Executor, schoolId: number, planId: string) {
    return ownedBy(await repo.planById(ex, idOf(planId, '教学计划')), schoolId, PLAN_GONE);
  }
  async function planIn(plans: MajorPlan[], id: number) {
    return plans.find((p) => p.planId === String(id))!;
  }

  return {
    async getPlans(actor: Actor, p: CallParams<'getPlans'>): Promise<MajorPlan[]> {
      const major = await majorOf(db, schoolOf(actor, p.schoolId), p.majorId);
      return repo.plansOf(db, major.id);
    },
    async savePlan(actor: Actor, p: CallParams<'savePlan'>): Promise<MajorPlan> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, majorId: __, ...input } = p;
      const id = await db
        .transaction(async (tx) => {
          const major = await majorOf(tx, schoolId, p.majorId);
          const [values] = await checkedPlans(tx, schoolId, major, [input]);
          const existing = await repo.planRowsOf(tx, major.id);
          if (existing.some((r) => r.term === values!.term && r.courseId === values!.courseId)) {
            throw conflict(`第${values!.term}学期已排有该课程`);
          }
          const row = await repo.insertPlan(tx, schoolId, major.id, values!);
          await auditWrite(tx, actor, 'plan.save', `plan:${row.id}`, { after: values });
          return row;
        })
        .catch(raceToConflict);
      return planIn(await repo.plansOf(db, id.majorId), id.id);
    },
    async updatePlan(actor: Actor, p: CallParams<'updatePlan'>): Promise<MajorPlan> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, planId: __, ...input } = p;
      const plan = await db
        .transaction(async (tx) => {
          const before = await planOf(tx, schoolId, p.planId);
          const major = (await repo.majorById(tx, before.majorId))!;
          const [values] = await checkedPlans(tx, schoolId, major, [input]);
          await repo.updatePlan(tx, before.id, values!);
          await auditWrite(tx, actor, 'plan.update', `plan:${before.id}`, { before, after: values });
          return before;
        })
        .catch(raceToConflict);
      return planIn(await repo.plansOf(db, plan.majorId), plan.id);
    },
    async deletePlans(actor: Actor, p: CallParams<'deletePlans'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const ids = p.ids.map((id) => idOf(id, '教学计划'));
      await db.transaction(async (tx) => {
        const rows = allOwned(await repo.plansByIds(tx, ids), ids, schoolId, PLAN_GONE);
        await repo.deletePlans(tx, ids);
        await auditWrite(tx, actor, 'plan.delete', `plans:${ids.join(',')}`, { before: rows });
      });
      return null;
    },
    /** The major's whole plan: rows matched by (学期, 课程) are updated, new ones added, the rest removed. */
    async savePlanList(actor: Actor, p: CallParams<'savePlanList'>): Promise<MajorPlan[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const major = await db
        .transaction(async (tx) => {
          const major = await majorOf(tx, schoolId, p.majorId);
          return replacePlans(tx, actor, schoolId, major, await checkedPlans(tx, schoolId, major, p.plans));
        })
        .catch(raceToConflict);
      return repo.plansOf(db, major.id);
    },

    async getLessons(actor: Actor, p: CallParams<'getLessons'>): Promise<MajorLesson[]> {
      const major = await majorOf(db, schoolOf(actor, p.schoolId), p.majorId);
      return repo.lessonsOfMajor(db, major.id);
    },
    async saveLesson(actor: Actor, p: CallParams<'saveLesson'>): Promise<MajorLesson> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, planId: __, ...values } = p;
      return db
        .transaction(async (tx) => {
          const plan = await planOf(tx, schoolId, p.planId);
          const existing = await repo.lessonsOfPlan(tx, plan.id);
          if (existing.some((l) => l.lessonNo === values.lessonNo)) throw conflict(`第${values.lessonNo}次课已存在`);
          const [saved] = await repo.insertLessons(tx, schoolId, plan.id, [values]);
          await auditWrite(tx, actor, 'lesson.save', `lesson:${saved!.lessonId}`, { after: values });
          return saved!;
        })
        .catch(raceToConflict);
    },
    async updateLesson(actor: Actor, p: CallParams<'updateLesson'>): Promise<MajorLesson> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, lessonId: __, ...values } = p;
      return db
        .transaction(async (tx) => {
          const before = ownedBy(await repo.lessonById(tx, idOf(p.lessonId, '课次')), schoolId, LESSON_GONE);
          const others = await repo.lessonsOfPlan(tx, before.planId);
          if (others.some((l) => l.lessonNo === values.lessonNo && l.lessonId !== String(before.id))) {
            throw conflict(`第${values.lessonNo}次课已存在`);
          }
          const saved = await repo.updateLesson(tx, before.id, values);
          await auditWrite(tx, actor, 'lesson.update', `lesson:${before.id}`, { before, after: values });
          return saved;
        })
        .catch(raceToConflict);
    },
    async deleteLessons(actor: Actor, p: CallParams<'deleteLessons'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const ids = p.ids.map((id) => idOf(id, '课次'));
      await db.transaction(async (tx) => {
        const rows = allOwned(await repo.lessonsByIds(tx, ids), ids, schoolId, LESSON_GONE);
        await repo.deleteLessons(tx, ids);
        await auditWrite(tx, actor, 'lesson.delete', `lessons:${ids.join(',')}`, { before: rows });
      });
      return null;
    },
    async saveLessonList(actor: Actor, p: CallParams<'saveLessonList'>): Promise<MajorLesson[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      lessonNosUnique(p.lessons);
      return db.transaction(async (tx) => {
        const plan = await planOf(tx, schoolId, p.planId);
        const before = await repo.lessonsOfPlan(tx, plan.id);
        await repo.deleteLessonsOfPlan(tx, plan.id);
        const saved = await repo.insertLessons(tx, schoolId, plan.id, p.lessons);
        await auditWrite(tx, actor, 'lesson.saveList', `plan:${plan.id}`, { before, after: p.lessons });
        return saved;
      });
    },
  };
}

/** Replaces the major's plan inside the caller's transaction; counts for an import's result. */
export async function replacePlans(
  tx: Executor,
  actor: Actor,
  schoolId: number,
  major: repo.MajorRow,
  plans: repo.PlanValues[],
  options: { keepOthers?: boolean } = {},
) {
  const existing = await repo.planRowsOf(tx, major.id);
  const key = (r: { term: number; courseId: number }) => `${r.term}:${r.courseId}`;
  const byKey = new Map(existing.map((r) => [key(r), r]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const values of plans) {
    const row = byKey.get(key(values));
    if (!row) {
      await repo.insertPlan(tx, schoolId, major.id, values);
      counts.created += 1;
    } else if (
      row.hours !== values.hours ||
      Number(row.credits) !== values.credits ||
      row.assessment !== values.assessment
    ) {
      await repo.updatePlan(tx, row.id, values);
      counts.updated += 1;
    } else {
      counts.unchanged += 1;
    }
    byKey.delete(key(values));
  }
  if (!options.keepOthers)
    await repo.deletePlans(
      tx,
      [...byKey.values()].map((r) => r.id),
    );
  await auditWrite(tx, actor, 'plan.saveList', `major:${major.id}`, { before: existing, after: plans });
  return Object.assign(major, { counts });
}
