import type { AuditEntry, AuditSink } from './auth-context.ts';
import type { Executor } from './db.ts';
import { auditLog } from './schema.ts';

// The append-only audit log is written by every module (logins, refusals, school base and exam
// writes), so it lives below them all rather than in one module that the others would import.

export type AuditRow = typeof auditLog.$inferInsert;

/** One row as given: auth writes rows whose actor is not a signed-in caller (a failed login). */
export async function appendAudit(ex: Executor, row: AuditRow): Promise<void> {
  await ex.insert(auditLog).values(row);
}

/** Appends to the audit log inside the caller's transaction, so the entry commits (or not) with the change. */
export async function recordAudit(ex: Executor, entry: AuditEntry): Promise<void> {
  await appendAudit(ex, {
    actorUserId: entry.actor?.userId,
    actorLoginName: entry.actor?.loginName,
    schoolId: entry.actor?.schoolId,
    action: entry.action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
  });
}

/** The platform's sink for refusals (endpoints.ts), each entry on its own. */
export function auditSinkOf(ex: Executor): AuditSink {
  return (entry) => recordAudit(ex, entry);
}
