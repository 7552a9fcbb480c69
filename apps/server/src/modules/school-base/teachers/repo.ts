import type { Teacher } from '@huikao/contracts';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { type Executor, inTurn } from '../../../platform/db.ts';
import { classTeachers, organLeaders, teachers } from '../schema.ts';
import { likePattern } from '../students/repo.ts';

export type TeacherRow = typeof teachers.$inferSelect;

function teacherQuery(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      teacherId: teachers.id,
      name: teachers.name,
      phone: teachers.phone,
      gender: teachers.gender,
      loginName: users.loginName,
      type: users.type,
      status: teachers.status,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(where)
    .orderBy(asc(teachers.id));
}

const toTeacher = (r: Awaited<ReturnType<typeof teacherQuery>>[number]): Teacher => ({
  teacherId: String(r.teacherId),
  name: r.name,
  phone: r.phone,
  gender: r.gender,
  loginName: r.loginName,
  type: r.type,
  status: r.status,
});

/** 在职 teachers in the order they were added; the keyword matches name or phone. */
export async function teacherPage(
  ex: Executor,
  f: { schoolId: number; keyword?: string; offset: number; limit: number },
) {
  const pattern = f.keyword ? likePattern(f.keyword) : undefined;
  const where = and(
    eq(teachers.schoolId, f.schoolId),
    eq(teachers.status, 1),
    pattern ? or(ilike(teachers.name, pattern), ilike(teachers.phone, pattern)) : undefined,
  );
  const [rows, [total]] = await inTurn([
    () => teacherQuery(ex, where).limit(f.limit).offset(f.offset),
    () => ex.select({ n: count() }).from(teachers).where(where),
  ]);
  return { list: rows.map(toTeacher), total: total?.n ?? 0 };
}

export async function teacherView(ex: Executor, teacherId: number): Promise<Teacher | null> {
  const [row] = await teacherQuery(ex, eq(teachers.id, teacherId));
  return row ? toTeacher(row) : null;
}

/** The teacher record of an account (findUserInfo's schoolTeacher). */
export async function teacherOfUser(ex: Executor, userId: number): Promise<Teacher | null> {
  const [row] = await teacherQuery(ex, eq(teachers.userId, userId));
  return row ? toTeacher(row) : null;
}

export async function findTeacher(ex: Executor, teacherId: number): Promise<TeacherRow | null> {
  const [row] = await ex.select().from(teachers).where(eq(teachers.id, teacherId));
  return row ?? null;
}

export async function teacherWithPhone(ex: Executor, schoolId: number, phone: string, exceptId?: number) {
  const [row] = await ex
    .select({ name: teachers.name })
    .from(teachers)
    .where(
      and(
        eq(teachers.schoolId, schoolId),
        eq(teachers.phone, phone),
        exceptId === undefined ? undefined : ne(teachers.id, exceptId),
      ),
    );
  return row ?? null;
}

export interface TeacherValues {
  name: string;
  phone: string;
  gender: number | null;
}

export async function insertTeacher(ex: Executor, schoolId: number, userId: number, values: TeacherValues) {
  const [row] = await ex
    .insert(teachers)
    .values({ schoolId, userId, ...values })
    .returning({ id: teachers.id });
  return row!.id;
}

export async function updateTeacher(ex: Executor, teacherId: number, values: TeacherValues) {
  await ex
    .update(teachers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teachers.id, teacherId));
}

export async function deleteTeacher(ex: Executor, teacherId: number) {
  await ex.delete(teachers).where(eq(teachers.id, teacherId));
}

export async function countLinksOfTeacher(ex: Executor, teacherId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(classTeachers).where(eq(classTeachers.teacherId, teacherId));
  return row?.n ?? 0;
}

export async function countLeadersOfTeacher(ex: Executor, teacherId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(organLeaders).where(eq(organLeaders.teacherId, teacherId));
  return row?.n ?? 0;
}
