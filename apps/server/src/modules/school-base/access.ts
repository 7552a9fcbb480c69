import type { schoolBaseApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit-log.ts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Executor } from '../../platform/db.ts';

export { idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../../platform/tenancy.ts';

// Tenant isolation (roles-and-permissions.md) for every school base call: the school is the
// actor's, and every id in the request names a row of that school. A row of another school is
// HTTP 403 (registerEndpoint logs it) and nothing changes; an id that names no row is status 404.

/** The validated parameters of a school base call. */
export type CallParams<K extends keyof typeof schoolBaseApi> = z.output<(typeof schoolBaseApi)[K]['params']>;

/** Every school base write is audited in its own transaction: who, what, before → after. */
export function auditWrite(
  tx: Executor,
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  return recordAudit(tx, { actor, action: `schoolbase.${action}`, target, ...change });
}
