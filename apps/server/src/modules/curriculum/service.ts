import type { CurriculumCourse, Major } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, ruleBroken } from '../../platform/errors.ts';
import { allOwned, auditWrite, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from './access.ts';
import * as repo from './repo.ts';

// The school's courses, its majors by enter year and the setting that turns majors on. Names are
// unique per school (courses) and per enter year (majors): a clash is a clear 409, the unique
// index only the last guard against a race.

const COURSE_GONE = '课程不存在或已删除';
const MAJOR_GONE = '专业不存在或已删除';

export function createCurriculumService(db: Db) {
  async function courseNameFree(schoolId: number, name: string, except?: number) {
    const clash = (await repo.coursesOf(db, schoolId)).find((c) => c.name === name && c.id !== except);
    if (clash) throw conflict(`课程“${name}”已存在`);
  }
  async function majorNameFree(schoolId: number, enterYear: number, name: string, except?: number) {
    const clash = (await repo.majorsOf(db, schoolId, enterYear)).find((m) => m.name === name && m.id !== except);
    if (clash) throw conflict(`${enterYear}级已有专业“${name}”`);
  }

  return {
    async getSetting(actor: Actor, p: CallParams<'getSetting'>) {
      return { majorsEnabled: await repo.majorsEnabled(db, schoolOf(actor, p.schoolId)) };
    },
    async saveSetting(actor: Actor, p: CallParams<'saveSetting'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      await db.transaction(async (tx) => {
        const before = await repo.majorsEnabled(tx, schoolId);
        await repo.setMajorsEnabled(tx, schoolId, p.majorsEnabled);
        await auditWrite(tx, actor, 'setting.save', `school:${schoolId}`, {
          before: { majorsEnabled: before },
          after: { majorsEnabled: p.majorsEnabled },
        });
      });
      return { majorsEnabled: p.majorsEnabled };
    },

    async getCourses(actor: Actor, p: CallParams<'getCourses'>): Promise<CurriculumCourse[]> {
      return (await repo.coursesOf(db, schoolOf(actor, p.schoolId))).map(repo.courseOut);
    },
    async saveCourse(actor: Actor, p: CallParams<'saveCourse'>): Promise<CurriculumCourse> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, ...values } = p;
      await courseNameFree(schoolId, values.name);
      const row = await db
        .transaction(async (tx) => {
          const saved = await repo.insertCourse(tx, schoolId, values);
          await auditWrite(tx, actor, 'course.save', `course:${saved.id}`, { after: values });
          return saved;
        })
        .catch(raceToConflict);
      return repo.courseOut(row);
    },
    async updateCourse(actor: Actor, p: CallParams<'updateCourse'>): Promise<CurriculumCourse> {
      const schoolId = schoolOf(actor, p.schoolId);
      const id = idOf(p.courseId, '课程');
      const { schoolId: _, courseId: __, ...values } = p;
      const before = ownedBy(await repo.courseById(db, id), schoolId, COURSE_GONE);
      await courseNameFree(schoolId, values.name, id);
      const row = await db
        .transaction(async (tx) => {
          const saved = await repo.updateCourse(tx, id, values);
          await auditWrite(tx, actor, 'course.update', `course:${id}`, { before, after: values });
          return saved;
        })
        .catch(raceToConflict);
      return repo.courseOut(row);
    },
    /** Refused while a teaching plan uses one of them (take it out of the plan first). */
    async deleteCourses(actor: Actor, p: CallParams<'deleteCourses'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const ids = p.ids.map((id) => idOf(id, '课程'));
      await db.transaction(async (tx) => {
        const rows = allOwned(await repo.coursesByIds(tx, ids), ids, schoolId, COURSE_GONE);
        const used = await repo.coursesInPlans(tx, ids);
        if (used.length) throw ruleBroken(`课程${used.map((n) => `“${n}”`).join('、')}已排入教学计划，不能删除`);
        await repo.deleteCourses(tx, ids);
        await auditWrite(tx, actor, 'course.delete', `courses:${ids.join(',')}`, { before: rows });
      });
      return null;
    },

    async listMajors(actor: Actor, p: CallParams<'listMajors'>): Promise<Major[]> {
      return (await repo.majorsOf(db, schoolOf(actor, p.schoolId), p.enterYear)).map(repo.majorOut);
    },
    async saveMajor(actor: Actor, p: CallParams<'saveMajor'>): Promise<Major> {
      const schoolId = schoolOf(actor, p.schoolId);
      const { schoolId: _, ...values } = p;
      await majorNameFree(schoolId, values.enterYear, values.name);
      const row = await db
        .transaction(async (tx) => {
          const saved = await repo.insertMajor(tx, schoolId, values);
          await auditWrite(tx, actor, 'major.save', `major:${saved.id}`, { after: values });
          return saved;
        })
        .catch(raceToConflict);
      return repo.majorOut(row);
    },
    async updateMajor(actor: Actor, p: CallParams<'updateMajor'>): Promise<Major> {
      const schoolId = schoolOf(actor, p.schoolId);
      const id = idOf(p.majorId, '专业');
      const { schoolId: _, majorId: __, ...values } = p;
      const before = ownedBy(await repo.majorById(db, id), schoolId, MAJOR_GONE);
      await majorNameFree(schoolId, values.enterYear, values.name, id);
      const row = await db
        .transaction(async (tx) => {
          const saved = await repo.updateMajor(tx, id, values);
          await auditWrite(tx, actor, 'major.update', `major:${id}`, { before, after: values });
          return saved;
        })
        .catch(raceToConflict);
      return repo.majorOut(row);
    },
    /** The major's plan and lessons go with it. */
    async deleteMajors(actor: Actor, p: CallParams<'deleteMajors'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const ids = p.ids.map((id) => idOf(id, '专业'));
      await db.transaction(async (tx) => {
        const rows = allOwned(await repo.majorsByIds(tx, ids), ids, schoolId, MAJOR_GONE);
        await repo.deleteMajors(tx, ids);
        await auditWrite(tx, actor, 'major.delete', `majors:${ids.join(',')}`, { before: rows });
      });
      return null;
    },
  };
}
