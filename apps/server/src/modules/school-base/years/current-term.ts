import type { Executor } from '../../../platform/db.ts';
import { schoolToday } from '../../../platform/school-today.ts';
import { currentOf } from './calendar.ts';
import * as years from './repo.ts';

// "Current" school year and term, as the calls that take no termId use them (class creation,
// class_teacher/grade_course/get, findUserInfo): the one covering today in Asia/Shanghai, else the
// latest that has started, else the first ahead (calendar.ts currentOf).

export async function currentSchoolYear(ex: Executor, schoolId: number) {
  return currentOf(await years.schoolYearsOf(ex, schoolId), schoolToday());
}

export async function currentTerm(ex: Executor, schoolId: number) {
  return currentOf(await years.termRowsOfSchool(ex, schoolId), schoolToday());
}
