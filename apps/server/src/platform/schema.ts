import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The platform's own tables, below every module: the tenants (areas and the schools every
// module's rows belong to, users included) and the append-only audit log that every module
// writes to. Kept here so that no module's schema has to import a module above it.

export const areas = pgTable('areas', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const schools = pgTable('schools', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  areaId: bigint({ mode: 'number' }).references(() => areas.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only audit log (roles-and-permissions.md): who, when, what, before → after.
 * A trigger in the migrations refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: bigint({ mode: 'number' }),
    actorLoginName: text(),
    schoolId: bigint({ mode: 'number' }),
    action: text().notNull(),
    target: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
  },
  (t) => [index().on(t.actorUserId, t.at), index().on(t.action, t.at)],
);
