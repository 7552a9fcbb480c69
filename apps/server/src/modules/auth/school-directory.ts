import type { SchoolRelation, SchoolYearTerm, UserInfo } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';

// What auth asks of the school base data: the user's school, a manager's related schools and
// findUserInfo's school-centre lists. Auth defines the shape and app.ts hands it school-base's
// service, so the modules depend one way (school-base on auth, for accounts) and never back.

/** Spec §3 school-centre data of one user, for findUserInfo. */
export type UserCentre = Pick<
  UserInfo,
  'schoolTeacher' | 'schoolGradeCourses' | 'schoolClassTeachers' | 'schoolOrganLeaders'
>;

export interface SchoolDirectory {
  findSchool(schoolId: number): Promise<{ name: string } | null>;
  /** Spec §3 schoolRelations: a manager's related schools; for anyone else, their school's area. */
  relationsOf(userId: number, type: number, schoolId: number): Promise<SchoolRelation[]>;
  /** userId → the schools of a type-4 manager's relations. */
  relationSchoolIds(userIds: number[]): Promise<Map<number, number[]>>;
  /** findSGTByDate: the school year and grade term that cover a date (today when absent). */
  yearAndTermOn(actor: Actor, schoolId: string, date?: string): Promise<SchoolYearTerm>;
  userCentre(userId: number, type: number, schoolId: number): Promise<UserCentre>;
}
