import { eq } from 'drizzle-orm';
import { schools } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';

// The school's name, for the title row of the score books (read through db/schema.ts, never written).

export async function schoolNameOf(ex: Executor, schoolId: number): Promise<string> {
  const [row] = await ex.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name ?? '';
}
