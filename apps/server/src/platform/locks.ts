import { sql } from 'drizzle-orm';
import type { Executor } from './db.ts';

/**
 * Serialises transactions on one key that no row stands for yet (a school's new exams by name, a
 * user's folders, a basket): a transaction-scoped advisory lock, released at commit or rollback,
 * the same on PostgreSQL and PGlite. The key is hashed to 64 bits; a collision only makes two
 * unrelated writers wait for each other. Take it first in the transaction, before any row lock.
 */
export async function lockKey(tx: Executor, scope: string, key: string | number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${key}`}, 0))`);
}
