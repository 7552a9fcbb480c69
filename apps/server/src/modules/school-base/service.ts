import type { SchoolRelation, SchoolYearTerm } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { assertSchool } from '../../platform/permissions.ts';
import * as repo from './repo.ts';

const SCHOOL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** Today's date in the schools' time zone, as YYYY-MM-DD. */
export function schoolToday(now = new Date()): string {
  return SCHOOL_DATE.format(now);
}

export function createSchoolBaseService(db: Db) {
  return {
    findSchool: (schoolId: number) => repo.findSchool(db, schoolId),

    /** Spec §3 schoolRelations: a manager's related schools; for anyone else, their school's area. */
    async relationsOf(userId: number, type: number, schoolId: number): Promise<SchoolRelation[]> {
      const rows =
        type === 4
          ? await repo.relationsOfUser(db, userId)
          : [await repo.schoolArea(db, schoolId)].filter((r) => r !== null);
      return rows.map((r) => ({
        schoolId: String(r.schoolId),
        schoolName: r.schoolName,
        relationId: String(r.relationId),
        relationName: r.relationName,
      }));
    },

    relationSchoolIds: (userIds: number[]) => repo.relationSchoolIds(db, userIds),

    /** findSGTByDate: the school year and grade term that cover a date (today when absent). */
    async yearAndTermOn(actor: Actor, schoolId: string, date = schoolToday()): Promise<SchoolYearTerm> {
      assertSchool(actor, schoolId);
      const row = await repo.yearAndTermCovering(db, Number(schoolId), date);
      if (!row) throw notFound(`${date} 不在本校任何学年学期之内，请先在学年学期中设置日期`);
      return {
        schoolYear: {
          schyId: String(row.schyId),
          name: row.yearName,
          startDate: row.yearStart,
          endDate: row.yearEnd,
        },
        term: {
          termId: String(row.termId),
          schyId: String(row.schyId),
          name: row.termName,
          termNo: row.termNo,
          startDate: row.termStart,
          endDate: row.termEnd,
        },
      };
    },
  };
}

export type SchoolBaseService = ReturnType<typeof createSchoolBaseService>;
