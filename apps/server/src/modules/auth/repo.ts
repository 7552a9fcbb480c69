import { and, count, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { loginFailures, loginTickets, requestNonces, sessions, users } from './schema.ts';
// Each write that can end or change a session forgets the resolved sessions (session-cache.ts).
import { accountsChanged } from './session-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByLoginName(db: Executor, loginName: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.loginName, loginName));
  return row ?? null;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Inserts the user unless the loginName exists; returns the stored row either way. */
export async function ensureUser(db: Executor, user: NewUser): Promise<UserRow> {
  await db.insert(users).values(user).onConflictDoNothing({ target: users.loginName });
  const row = await findUserByLoginName(db, user.loginName);
  if (!row) throw new Error(`user ${user.loginName} missing after insert`);
  return row;
}

export async function setPassword(db: Executor, userId: number, passwordHash: string, mustChange: boolean) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, updatedAt: new Date() })
    .where(eq(users.id, userId));
  accountsChanged();
}

/** Locks the user's row for the rest of the transaction (login attempts queue here); returns lockedUntil. */
export async function lockUserForLogin(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.lockedUntil ?? null;
}

export async function setLockedUntil(db: Executor, userId: number, lockedUntil: Date | null) {
  await db.update(users).set({ lockedUntil }).where(eq(users.id, userId));
}

/** `at` comes from the application clock, the same clock the lockout window is computed with. */
export async function recordFailure(db: Executor, userId: number, ip: string | undefined, at: Date) {
  await db.insert(loginFailures).values({ userId, ip, at });
}

export async function failuresSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function clearFailures(db: Executor, userId: number) {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}

export async function insertSession(
  db: Executor,
  values: { userId: number; token: string; expiresAt: Date; ip?: string; userAgent?: string },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert sessions returned nothing');
  return row;
}

export async function findSession(db: Executor, sessionId: number): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row ?? null;
}

export async function revokeSession(db: Executor, sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  accountsChanged();
}

export async function revokeSessionsOfUser(db: Executor, userId: number, reason: string, exceptSessionId?: number) {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(exceptSessionId === undefined ? open : and(open, ne(sessions.id, exceptSessionId)));
  accountsChanged();
}

export async function insertTicket(
  db: Executor,
  values: { jti: string; userId: number; issuedBy: string; expiresAt: Date },
) {
  await db.insert(loginTickets).values(values);
}

/** Marks the ticket used; false when it was already used or never issued. */
export async function useTicket(db: Executor, jti: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(loginTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(loginTickets.jti, jti), eq(loginTickets.userId, userId), isNull(loginTickets.usedAt)))
    .returning({ jti: loginTickets.jti });
  return rows.length === 1;
}

/** True when the guid is new for this login; one statement, so two racing requests cannot both pass. */
export async function rememberNonce(db: Executor, loginName: string, guid: string): Promise<boolean> {
  const rows = await db
    .insert(requestNonces)
    .values({ loginName, guid })
    .onConflictDoNothing()
    .returning({ guid: requestNonces.guid });
  return rows.length === 1;
}

export async function pruneNonces(db: Executor, before: Date) {
  await db.delete(requestNonces).where(lt(requestNonces.seenAt, before));
}

/** Sessions past their expiry are dead whether revoked or not; nothing refers to them but the audit text. */
export async function pruneSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** One user's expired, unrevoked sessions: through the partial index on open sessions, cheap at every login. */
export async function pruneOpenSessionsOf(db: Executor, userId: number, now: Date) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), lt(sessions.expiresAt, now)));
}

/** Failures older than the lockout window no longer count; expired tickets can no longer be used. */
export async function pruneLoginRecords(db: Executor, failuresBefore: Date, now: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.at, failuresBefore));
  await db.delete(loginTickets).where(lt(loginTickets.expiresAt, now));
}

/** The session and its user in one round trip: this runs on every signed-in call. */
export async function findSessionWithUser(db: Executor, sessionId: number) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

export async function updateUser(
  db: Executor,
  userId: number,
  changes: Partial<Pick<UserRow, 'loginName' | 'name' | 'userCode' | 'type' | 'disabled'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
  accountsChanged();
}
