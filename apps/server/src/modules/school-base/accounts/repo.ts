import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { students, teachers } from '../schema.ts';

/** The student or teacher an account belongs to, if any: an account serves one person only. */
export async function accountHolder(ex: Executor, userId: number): Promise<string | null> {
  const [student] = await ex.select({ name: students.name }).from(students).where(eq(students.userId, userId));
  if (student) return `学生 ${student.name}`;
  const [teacher] = await ex.select({ name: teachers.name }).from(teachers).where(eq(teachers.userId, userId));
  return teacher ? `教师 ${teacher.name}` : null;
}

export async function loginNameOf(ex: Executor, userId: number): Promise<string> {
  const [row] = await ex.select({ loginName: users.loginName }).from(users).where(eq(users.id, userId));
  return row?.loginName ?? '';
}
