import type { curriculumApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit-log.ts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Executor } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

export { idOf, ownedBy, raceToConflict, schoolOf } from '../../platform/tenancy.ts';

/** The validated parameters of a curriculum call. */
export type CallParams<K extends keyof typeof curriculumApi> = z.output<(typeof curriculumApi)[K]['params']>;

/** Every curriculum write is audited in its own transaction. */
export function auditWrite(
  tx: Executor,
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  return recordAudit(tx, { actor, action: `curriculum.${action}`, target, ...change });
}

/** Every id names a row of the school: 403 for another school's (nothing changes), 404 for none. */
export function allOwned<R extends { id: number; schoolId: number }>(
  rows: readonly R[],
  ids: readonly number[],
  schoolId: number,
  missing: string,
): R[] {
  if (rows.some((r) => r.schoolId !== schoolId)) throw forbidden('无权访问其他学校的数据');
  if (new Set(rows.map((r) => r.id)).size < new Set(ids).size) throw notFound(missing);
  return [...rows];
}
