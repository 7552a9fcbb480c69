import type { SchoolYearWithTerms, Term } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { examOfSchoolYear, examOfTerm } from '../exam-usage-repo.ts';
import { checkSpan, covers, type DateSpan, overlaps, spanText } from './calendar.ts';
import * as repo from './repo.ts';

export const TERM_NAMES: Record<number, string> = { 1: '上学期', 2: '下学期' };

/** School years (schyId) and their two grade terms (termId), with the date rules of issue #3. */
export function createYearsService(db: Db) {
  /** A school year neither overlaps another year of the school nor leaves out one of its terms. */
  async function checkYear(tx: Executor, schoolId: number, year: DateSpan & { name: string }, schyId?: number) {
    checkSpan(year);
    if (await repo.schoolYearNamed(tx, schoolId, year.name, schyId)) throw conflict(`学年名称“${year.name}”已存在`);
    const clash = (await repo.schoolYearsOf(tx, schoolId)).find((y) => y.id !== schyId && overlaps(y, year));
    if (clash) throw ruleBroken(`学年日期与“${clash.name}”（${spanText(clash)}）重叠`);
    if (schyId === undefined) return;
    const outside = (await repo.termRowsOfYear(tx, schyId)).find((t) => !covers(year, t));
    if (outside) throw ruleBroken(`${outside.name}（${spanText(outside)}）不在新的学年日期之内，请先修改学期日期`);
  }

  /** A term lies inside its school year, does not overlap the other term, and 上学期 comes first. */
  async function checkTerm(
    tx: Executor,
    year: repo.SchoolYearRow,
    term: DateSpan & { termNo: number },
    termId?: number,
  ) {
    checkSpan(term);
    if (!covers(year, term)) throw ruleBroken(`学期日期必须在${year.name}（${spanText(year)}）之内`);
    const others = (await repo.termRowsOfYear(tx, year.id)).filter((t) => t.id !== termId);
    const same = others.find((t) => t.termNo === term.termNo);
    if (same) throw conflict(`${year.name}已有${same.name}`);
    const other = others[0];
    if (!other) return;
    if (overlaps(other, term)) throw ruleBroken(`学期日期与${other.name}（${spanText(other)}）重叠`);
    const autumnFirst = term.termNo === 1 ? term.endDate < other.startDate : other.endDate < term.startDate;
    if (!autumnFirst) throw ruleBroken('上学期必须在下学期之前');
  }

  async function yearView(schoolId: number, schyId: number): Promise<SchoolYearWithTerms> {
    const [year] = await repo.schoolYearsWithTerms(db, schoolId, schyId);
    return year!;
  }

  return {
    schoolYears(actor: Actor, p: CallParams<'schoolYears'>): Promise<SchoolYearWithTerms[]> {
      return repo.schoolYearsWithTerms(db, schoolOf(actor, p.schoolId));
    },

    async addSchoolYear(actor: Actor, p: CallParams<'addSchoolYear'>): Promise<SchoolYearWithTerms> {
      const schoolId = schoolOf(actor, p.schoolId);
      const year = { name: p.name, startDate: p.startDate, endDate: p.endDate };
      const schyId = await db
        .transaction(async (tx) => {
          await checkYear(tx, schoolId, year);
          const id = await repo.insertSchoolYear(tx, { schoolId, ...year });
          await auditWrite(tx, actor, 'school-year.add', `school-year:${id}`, { after: year });
          return id;
        })
        .catch(raceToConflict);
      return yearView(schoolId, schyId);
    },

    async updateSchoolYear(actor: Actor, p: CallParams<'updateSchoolYear'>): Promise<SchoolYearWithTerms> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schyId = idOf(p.schyId, '学年');
      const year = { name: p.name, startDate: p.startDate, endDate: p.endDate };
      await db
        .transaction(async (tx) => {
          const before = ownedBy(await repo.findSchoolYear(tx, schyId), schoolId, '该学年不存在或已删除');
          await checkYear(tx, schoolId, year, schyId);
          await repo.updateSchoolYear(tx, schyId, year);
          await auditWrite(tx, actor, 'school-year.update', `school-year:${schyId}`, { before, after: year });
        })
        .catch(raceToConflict);
      return yearView(schoolId, schyId);
    },

    async deleteSchoolYear(actor: Actor, p: CallParams<'deleteSchoolYear'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schyId = idOf(p.schyId, '学年');
      await db.transaction(async (tx) => {
        const year = ownedBy(await repo.findSchoolYear(tx, schyId), schoolId, '该学年不存在或已删除');
        const terms = await repo.termRowsOfYear(tx, schyId);
        if (terms.length > 0) throw ruleBroken(`${year.name}还有 ${terms.length} 个学期，请先删除学期`);
        const classYears = await repo.countClassYearsOfYear(tx, schyId);
        if (classYears > 0) throw ruleBroken(`${year.name}还有 ${classYears} 个班级的学年记录，不能删除`);
        const exam = await examOfSchoolYear(tx, schyId);
        if (exam) throw ruleBroken(`${year.name}已有考试（${exam}），不能删除`);
        await repo.deleteSchoolYear(tx, schyId);
        await auditWrite(tx, actor, 'school-year.delete', `school-year:${schyId}`, { before: year });
      });
      return null;
    },

    terms(actor: Actor, p: CallParams<'terms'>): Promise<Term[]> {
      return repo.termsOf(db, schoolOf(actor, p.schoolId));
    },

    async addTerm(actor: Actor, p: CallParams<'addTerm'>): Promise<Term> {
      const schoolId = schoolOf(actor, p.schoolId);
      const schyId = idOf(p.schyId, '学年');
      const term = { termNo: p.termNo, name: TERM_NAMES[p.termNo]!, startDate: p.startDate, endDate: p.endDate };
      const termId = await db
        .transaction(async (tx) => {
          const year = ownedBy(await repo.findSchoolYear(tx, schyId), schoolId, '该学年不存在或已删除');
          await checkTerm(tx, year, term);
          const id = await repo.insertTerm(tx, { schoolId, schoolYearId: schyId, ...term });
          await auditWrite(tx, actor, 'term.add', `term:${id}`, { after: { schyId, ...term } });
          return id;
        })
        .catch(raceToConflict);
      return (await repo.termView(db, termId))!;
    },

    async updateTerm(actor: Actor, p: CallParams<'updateTerm'>): Promise<Term> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      const dates = { startDate: p.startDate, endDate: p.endDate };
      await db.transaction(async (tx) => {
        const before = ownedBy(await repo.findTerm(tx, termId), schoolId, '该学期不存在或已删除');
        const year = (await repo.findSchoolYear(tx, before.schoolYearId))!;
        await checkTerm(tx, year, { termNo: before.termNo, ...dates }, termId);
        await repo.updateTerm(tx, termId, dates);
        await auditWrite(tx, actor, 'term.update', `term:${termId}`, { before, after: dates });
      });
      return (await repo.termView(db, termId))!;
    },

    async deleteTerm(actor: Actor, p: CallParams<'deleteTerm'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      await db.transaction(async (tx) => {
        const term = ownedBy(await repo.findTerm(tx, termId), schoolId, '该学期不存在或已删除');
        const links = await repo.countLinksOfTerm(tx, termId);
        if (links > 0) throw ruleBroken(`该学期还有 ${links} 条任课关系，不能删除`);
        const exam = await examOfTerm(tx, termId);
        if (exam) throw ruleBroken(`该学期已有考试（${exam}），不能删除`);
        await repo.deleteTerm(tx, termId);
        await auditWrite(tx, actor, 'term.delete', `term:${termId}`, { before: term });
      });
      return null;
    },
  };
}
