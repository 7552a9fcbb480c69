import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { schools } from '../../platform/schema.ts';

export const users = pgTable(
  'users',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    loginName: text().notNull().unique(),
    passwordHash: text().notNull(),
    /** Spec §6: 1 teacher, 2 student, 4 school or district manager, 5 school administrator. */
    type: smallint().notNull(),
    schoolId: bigint({ mode: 'number' })
      .notNull()
      .references(() => schools.id),
    userCode: text().notNull(),
    name: text().notNull(),
    mustChangePassword: boolean().notNull().default(false),
    lockedUntil: timestamp({ withTimezone: true }),
    disabled: boolean().notNull().default(false),
    /** A temporary marker account (tempUsers, marking.md): refused at login and on every call after this. */
    tempExpiresAt: timestamp({ withTimezone: true }),
    /** The 联考 (multi exam) a temporary marker account was made for; no FK: exams sit above auth. */
    tempForExamId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.schoolId, t.type), index().on(t.schoolId, t.userCode)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The 32-character AES key of the encrypted body (protocol.md). */
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.userId).where(sql`revoked_at is null`)],
);

/** Wrong passwords, counted over 15 minutes for the lockout; cleared on a good login. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
  },
  (t) => [index().on(t.userId, t.at)],
);

/** One-time login tickets for /autoLogin: the jti of each issued ticket and when it was used. */
export const loginTickets = pgTable('login_tickets', {
  jti: text().primaryKey(),
  userId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id),
  issuedBy: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** guids seen within the replay window, per login (protocol.md check 4). */
export const requestNonces = pgTable(
  'request_nonces',
  {
    loginName: text().notNull(),
    guid: text().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loginName, t.guid] }), index().on(t.seenAt)],
);

/**
 * An external account (OIDC provider + its `sub`) bound to a platform user (#19 part 4): bound by an
 * administrator, or on first login when the provider's phone or 工号 matches exactly one account.
 */
export const ssoBindings = pgTable(
  'sso_bindings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    subject: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boundBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.subject), unique().on(t.provider, t.userId)],
);
