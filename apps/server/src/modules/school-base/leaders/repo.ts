import { LEADER_ROLES, type OrganLeader } from '@huikao/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { eduCourses, eduGrades, organLeaders, teachers } from '../schema.ts';

export type LeaderRow = typeof organLeaders.$inferSelect;

export interface LeaderValues {
  teacherId: number;
  role: number;
  gradeId: number | null;
  courseId: number | null;
}

/** Leaders with teacher, grade and course names in one query, by role then scope. */
export async function leaderViews(
  ex: Executor,
  f: { schoolId: number; teacherId?: number; solId?: number },
): Promise<OrganLeader[]> {
  const rows = await ex
    .select({
      solId: organLeaders.id,
      teacherId: organLeaders.teacherId,
      teacherName: teachers.name,
      role: organLeaders.role,
      gradeId: organLeaders.gradeId,
      gradeName: eduGrades.name,
      courseId: organLeaders.courseId,
      courseName: eduCourses.name,
    })
    .from(organLeaders)
    .innerJoin(teachers, eq(teachers.id, organLeaders.teacherId))
    .leftJoin(eduGrades, eq(eduGrades.id, organLeaders.gradeId))
    .leftJoin(eduCourses, eq(eduCourses.id, organLeaders.courseId))
    .where(
      and(
        eq(organLeaders.schoolId, f.schoolId),
        f.teacherId === undefined ? undefined : eq(organLeaders.teacherId, f.teacherId),
        f.solId === undefined ? undefined : eq(organLeaders.id, f.solId),
      ),
    )
    .orderBy(
      asc(organLeaders.role),
      sql`${eduGrades.sortOrder} nulls first`,
      sql`${eduCourses.sortOrder} nulls first`,
      asc(organLeaders.id),
    );
  return rows.map((r) => ({
    solId: String(r.solId),
    teacherId: String(r.teacherId),
    teacherName: r.teacherName,
    role: r.role,
    roleName: LEADER_ROLES[r.role as keyof typeof LEADER_ROLES] ?? '',
    gradeId: r.gradeId === null ? null : String(r.gradeId),
    gradeName: r.gradeName,
    courseId: r.courseId === null ? null : String(r.courseId),
    courseName: r.courseName,
  }));
}

export async function findLeader(ex: Executor, solId: number): Promise<LeaderRow | null> {
  const [row] = await ex.select().from(organLeaders).where(eq(organLeaders.id, solId));
  return row ?? null;
}

/** The same role with the same scope for the same teacher, other than `exceptId`. */
export async function sameLeaderExists(ex: Executor, schoolId: number, values: LeaderValues, exceptId?: number) {
  const [row] = await ex
    .select({ id: organLeaders.id })
    .from(organLeaders)
    .where(
      and(
        eq(organLeaders.schoolId, schoolId),
        eq(organLeaders.teacherId, values.teacherId),
        eq(organLeaders.role, values.role),
        values.gradeId === null ? isNull(organLeaders.gradeId) : eq(organLeaders.gradeId, values.gradeId),
        values.courseId === null ? isNull(organLeaders.courseId) : eq(organLeaders.courseId, values.courseId),
        exceptId === undefined ? undefined : ne(organLeaders.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertLeader(ex: Executor, schoolId: number, values: LeaderValues): Promise<number> {
  const [row] = await ex
    .insert(organLeaders)
    .values({ schoolId, ...values })
    .returning({ id: organLeaders.id });
  return row!.id;
}

export async function updateLeader(ex: Executor, solId: number, values: LeaderValues) {
  await ex.update(organLeaders).set(values).where(eq(organLeaders.id, solId));
}

export async function deleteLeader(ex: Executor, solId: number) {
  await ex.delete(organLeaders).where(eq(organLeaders.id, solId));
}
