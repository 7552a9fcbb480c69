import type { Actor } from '../../../platform/auth-context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';

// User papers, collections and baskets are readable and writable only by their owner
// (roles-and-permissions.md). A userId or schoolId in the parameters that is not the caller's is
// HTTP 403 (logged by registerEndpoint), as is a row of another user; a missing row is status 404.

export function assertCaller(actor: Actor, params: { userId: string; schoolId: string }): void {
  if (params.userId !== String(actor.userId)) throw forbidden('只能查看和修改自己的资源');
  if (params.schoolId !== String(actor.schoolId)) throw forbidden('无权访问其他学校的数据');
}

export function ownedRow<R extends { ownerId: number }>(actor: Actor, row: R | null | undefined, missing: string): R {
  if (!row) throw notFound(missing);
  if (row.ownerId !== actor.userId) throw forbidden('只能查看和修改自己的资源');
  return row;
}

/** An id from the wire that is not a safe positive integer names no row. */
export function rowId(value: string, missing: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || id <= 0) throw notFound(missing);
  return id;
}
