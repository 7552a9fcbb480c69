import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import * as repo from './repo.ts';
import { users } from './schema.ts';

// Accounts that other modules create for the people they own (students, teachers): the
// school-base module calls these through auth's index.ts, inside its own transaction.

export interface AccountSpec {
  loginName: string;
  type: 1 | 2 | 5;
  schoolId: number;
  userCode: string;
  name: string;
  /** An argon2id hash; a batch hashes its initial password once and passes the same hash for every row. */
  passwordHash: string;
  mustChangePassword: boolean;
}

/**
 * Creates the accounts whose loginName is new and updates name, code and type of the ones that
 * exist in the same school; returns loginName → userId. Refuses (returns in `taken`) loginNames
 * held by another school, so one school can never take over another's account.
 */
export async function upsertAccounts(
  tx: Executor,
  specs: AccountSpec[],
): Promise<{ ids: Map<string, number>; taken: string[] }> {
  const ids = new Map<string, number>();
  const taken: string[] = [];
  for (let i = 0; i < specs.length; i += 1000) {
    const chunk = specs.slice(i, i + 1000);
    const existing = await tx
      .select({ id: users.id, loginName: users.loginName, schoolId: users.schoolId })
      .from(users)
      .where(
        inArray(
          users.loginName,
          chunk.map((s) => s.loginName),
        ),
      );
    const byName = new Map(existing.map((e) => [e.loginName, e]));
    const fresh = chunk.filter((s) => !byName.has(s.loginName));
    for (const spec of chunk) {
      const found = byName.get(spec.loginName);
      if (!found) continue;
      if (found.schoolId !== spec.schoolId) taken.push(spec.loginName);
      else ids.set(spec.loginName, found.id);
    }
    if (fresh.length > 0) {
      const inserted = await tx.insert(users).values(fresh).returning({ id: users.id, loginName: users.loginName });
      for (const row of inserted) ids.set(row.loginName, row.id);
    }
  }
  return { ids, taken };
}

/** Updates what an account shows (name, code, type, loginName) when the person's record changes. */
export async function updateAccount(
  tx: Executor,
  userId: number,
  changes: Partial<Pick<AccountSpec, 'loginName' | 'name' | 'userCode' | 'type'>>,
): Promise<void> {
  await repo.updateUser(tx, userId, changes);
}

/** An administrator's reset: the new password must be changed at the next login; sessions end. */
export async function resetPassword(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await repo.setPassword(tx, userId, passwordHash, true);
  await repo.setLockedUntil(tx, userId, null);
  await repo.revokeSessionsOfUser(tx, userId, 'password-reset');
}

/** Accounts are never deleted (the audit log names them); a removed person's account is disabled. */
export async function disableAccount(tx: Executor, userId: number): Promise<void> {
  await repo.updateUser(tx, userId, { disabled: true });
  await repo.revokeSessionsOfUser(tx, userId, 'account-disabled');
}

export async function loginNamesTaken(tx: Executor, loginNames: string[]): Promise<Set<string>> {
  if (loginNames.length === 0) return new Set();
  const rows = await tx.select({ loginName: users.loginName }).from(users).where(inArray(users.loginName, loginNames));
  return new Set(rows.map((r) => r.loginName));
}

/**
 * Gives a disabled account back to a person who returns (a student re-added with the same 学号, a
 * teacher with the same phone): enabled again, with a fresh password that must be changed.
 */
export async function restoreAccount(tx: Executor, userId: number, passwordHash: string): Promise<void> {
  await repo.updateUser(tx, userId, { disabled: false });
  await resetPassword(tx, userId, passwordHash);
}

/** Temporary marker accounts (tempUsers, marking.md): type 1, refused after `expiresAt` (service.ts, sessions.ts). */
export interface TemporaryAccountSpec {
  loginName: string;
  schoolId: number;
  name: string;
  passwordHash: string;
  expiresAt: Date;
  forExamId: number;
}

export async function createTemporaryAccounts(tx: Executor, specs: TemporaryAccountSpec[]) {
  if (specs.length === 0) return [];
  return tx
    .insert(users)
    .values(
      specs.map((s) => ({
        loginName: s.loginName,
        passwordHash: s.passwordHash,
        type: 1,
        schoolId: s.schoolId,
        userCode: s.loginName,
        name: s.name,
        tempExpiresAt: s.expiresAt,
        tempForExamId: s.forExamId,
      })),
    )
    .returning({ id: users.id, loginName: users.loginName });
}

/** The temporary accounts made for one 联考, oldest first. */
export async function temporaryAccountsOf(db: Executor, examId: number) {
  return db
    .select({
      id: users.id,
      loginName: users.loginName,
      name: users.name,
      schoolId: users.schoolId,
      disabled: users.disabled,
      expiresAt: users.tempExpiresAt,
      forExamId: users.tempForExamId,
    })
    .from(users)
    .where(and(eq(users.tempForExamId, examId), isNotNull(users.tempExpiresAt)))
    .orderBy(asc(users.id));
}

export async function temporaryAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, schoolId: users.schoolId, forExamId: users.tempForExamId, expiresAt: users.tempExpiresAt })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.tempExpiresAt)));
  return row;
}
