import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { schools } from '../../../platform/schema.ts';

/** Any number: the one advisory lock that serialises school creation (school-setup.ts says why). */
const SCHOOL_SETUP_LOCK = 20_2611_26;

export async function lockSchoolSetup(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHOOL_SETUP_LOCK})`);
}

export async function countSchools(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(schools);
  return Number(row?.n ?? 0);
}

export async function schoolCodeTaken(ex: Executor, code: string): Promise<boolean> {
  const [row] = await ex.select({ id: schools.id }).from(schools).where(eq(schools.code, code));
  return row !== undefined;
}

export async function insertSchool(ex: Executor, values: { code: string; name: string }): Promise<number> {
  const [row] = await ex.insert(schools).values(values).returning({ id: schools.id });
  return row!.id;
}
