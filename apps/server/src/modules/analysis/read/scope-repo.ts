import { and, eq, inArray } from 'drizzle-orm';
import { classTeachers, organLeaders, schoolRelations, schools, teachers } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

// What scope.ts decides from: a teacher's class-teacher links (course and 班主任 flag) in some
// terms, their organisation leader roles, and a manager's relations. School-base tables are read,
// never written, here.

export interface TeacherLink {
  termId: number;
  classId: number;
  /** Null on a head-only link. */
  courseId: number | null;
  isHead: boolean;
}

export async function teacherLinks(ex: Executor, userId: number, termIds: readonly number[]): Promise<TeacherLink[]> {
  if (termIds.length === 0) return [];
  return ex
    .select({
      termId: classTeachers.termId,
      classId: classTeachers.classId,
      courseId: classTeachers.courseId,
      isHead: classTeachers.isHead,
    })
    .from(classTeachers)
    .innerJoin(teachers, eq(teachers.id, classTeachers.teacherId))
    .where(and(eq(teachers.userId, userId), inArray(classTeachers.termId, [...termIds])));
}

export interface LeaderRole {
  /** 1 校长, 2 副校长, 3 年级主任, 4 教研组长, 5 备课组长. */
  role: number;
  gradeId: number | null;
  courseId: number | null;
}

export async function leaderRoles(ex: Executor, userId: number, schoolId: number): Promise<LeaderRole[]> {
  return ex
    .select({ role: organLeaders.role, gradeId: organLeaders.gradeId, courseId: organLeaders.courseId })
    .from(organLeaders)
    .innerJoin(teachers, eq(teachers.id, organLeaders.teacherId))
    .where(and(eq(teachers.userId, userId), eq(organLeaders.schoolId, schoolId)));
}

/** The areas a reader may compare: of their relations (type 4) and of the schools they may read. */
export async function readableAreaIds(ex: Executor, userId: number, schoolIds: readonly number[]): Promise<number[]> {
  const related = await ex
    .select({ areaId: schoolRelations.areaId })
    .from(schoolRelations)
    .where(eq(schoolRelations.userId, userId));
  const own =
    schoolIds.length === 0
      ? []
      : await ex
          .select({ areaId: schools.areaId })
          .from(schools)
          .where(inArray(schools.id, [...schoolIds]));
  const ids = [...related, ...own].map((r) => r.areaId).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}
