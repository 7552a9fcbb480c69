import type { SchoolRelation, SchoolYearTerm } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { assertSchool } from '../../platform/permissions.ts';
import { schoolToday } from '../../platform/school-today.ts';
import type { UserCentre } from '../auth/index.ts';
import { type CallParams, schoolOf } from './access.ts';
import { createClassesService } from './classes/service.ts';
import { schoolGradesWithCourses } from './grades/repo.ts';
import { createGradesService } from './grades/service.ts';
import { createLeadersService } from './leaders/service.ts';
import { createLinksService } from './links/service.ts';
import * as repo from './repo.ts';
import { createStudentsService } from './students/service.ts';
import { teacherOfUser } from './teachers/repo.ts';
import { createTeachersService } from './teachers/service.ts';
import { createUpgradeService } from './upgrade/service.ts';
import { createYearsService } from './years/service.ts';

export { schoolToday };

/** The school-base service: one part per use case, plus what auth asks of it (its SchoolDirectory). */
export function createSchoolBaseService(db: Db) {
  const links = createLinksService(db);
  const leaders = createLeadersService(db);
  return {
    grades: createGradesService(db),
    years: createYearsService(db),
    classes: createClassesService(db),
    upgrade: createUpgradeService(db),
    students: createStudentsService(db),
    teachers: createTeachersService(db),
    links,
    leaders,

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

    /**
     * findUserInfo's school-centre lists: the user's teacher record, the school's grades with
     * courses, the teacher's class-teacher links of the current term and their leader roles.
     * Students get the grades only (their class's links are not theirs to list).
     */
    async userCentre(userId: number, type: number, schoolId: number): Promise<UserCentre> {
      const [schoolTeacher, schoolGradeCourses] = await Promise.all([
        type === 1 || type === 5 ? teacherOfUser(db, userId) : Promise.resolve(null),
        schoolGradesWithCourses(db, schoolId),
      ]);
      if (!schoolTeacher) return { schoolTeacher, schoolGradeCourses, schoolClassTeachers: [], schoolOrganLeaders: [] };
      const teacherId = Number(schoolTeacher.teacherId);
      const [schoolClassTeachers, schoolOrganLeaders] = await Promise.all([
        links.currentLinksOf(schoolId, teacherId),
        leaders.leadersOf(schoolId, teacherId),
      ]);
      return { schoolTeacher, schoolGradeCourses, schoolClassTeachers, schoolOrganLeaders };
    },

    async refreshTableInfo(actor: Actor, p: CallParams<'refreshTableInfo'>) {
      return repo.tableCounts(db, schoolOf(actor, p.schoolId));
    },
  };
}

export type SchoolBaseService = ReturnType<typeof createSchoolBaseService>;
