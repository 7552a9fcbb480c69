import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { ssoBindings, users } from '../schema.ts';

export async function boundUser(ex: Executor, provider: string, subject: string) {
  const [row] = await ex
    .select({ user: users })
    .from(ssoBindings)
    .innerJoin(users, eq(users.id, ssoBindings.userId))
    .where(and(eq(ssoBindings.provider, provider), eq(ssoBindings.subject, subject)));
  return row?.user ?? null;
}

export function bindingsOf(ex: Executor, userId: number) {
  return ex
    .select({ provider: ssoBindings.provider, subject: ssoBindings.subject, createdAt: ssoBindings.createdAt })
    .from(ssoBindings)
    .where(eq(ssoBindings.userId, userId));
}

export async function bind(
  ex: Executor,
  values: { provider: string; subject: string; userId: number; boundBy: string },
) {
  await ex.insert(ssoBindings).values(values);
}

export async function unbind(ex: Executor, provider: string, userId: number): Promise<number> {
  const rows = await ex
    .delete(ssoBindings)
    .where(and(eq(ssoBindings.provider, provider), eq(ssoBindings.userId, userId)))
    .returning({ id: ssoBindings.id });
  return rows.length;
}

/** Accounts a first login may match: teachers log in with their phone; 工号 is the userCode. */
export function usersByLoginName(ex: Executor, loginName: string) {
  return ex.select().from(users).where(eq(users.loginName, loginName));
}
export function usersByCode(ex: Executor, userCode: string) {
  return ex.select().from(users).where(eq(users.userCode, userCode));
}
export async function userById(ex: Executor, id: number) {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
export async function userByLoginName(ex: Executor, loginName: string) {
  const [row] = await ex.select().from(users).where(eq(users.loginName, loginName));
  return row ?? null;
}
