import type { Actor } from './auth-context.ts';
import { badInput, conflict, forbidden, notFound } from './errors.ts';
import { assertSchool } from './permissions.ts';

// Tenant isolation (roles-and-permissions.md) shared by every school-scoped module: the school is
// the actor's, and every id in the request names a row of that school. A row of another school is
// HTTP 403 (registerEndpoint logs it) and nothing changes; an id that names no row is status 404.

/** The request's school as a number, once the actor may use it. */
export function schoolOf(actor: Actor, schoolId: string): number {
  assertSchool(actor, schoolId);
  return Number(schoolId);
}

/** Ids travel as strings (decisions.md); one that is not a positive integer names no row. */
export function idOf(value: string, label: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || id <= 0) throw badInput(`${label}编号不正确：${value}`);
  return id;
}

export function optionalIdOf(value: string | undefined | null, label: string): number | null {
  return value === undefined || value === null || value === '' ? null : idOf(value, label);
}

/** The row, when it is the school's: 404 when there is none, 403 when it is another school's. */
export function ownedBy<R extends { schoolId: number }>(
  row: R | null | undefined,
  schoolId: number,
  missing: string,
): R {
  if (!row) throw notFound(missing);
  if (row.schoolId !== schoolId) throw forbidden('无权访问其他学校的数据');
  return row;
}

/**
 * The unique indexes are the last guard when two administrators race; the checks before each
 * write give the clear message, this one only says to look again. Use as `.catch(raceToConflict)`.
 */
export function raceToConflict(error: unknown): never {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === '23505')
      throw conflict('数据刚被其他人修改，与已有数据重复，请刷新后重试');
    cause = (cause as { cause?: unknown }).cause;
  }
  throw error;
}
