import type { Actor } from '../../platform/auth-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

// Who reads what (roles-and-permissions.md): the shared bank (school null) is readable by every
// teacher; a school's bank only by that school's teachers, and only what is published (status 1).

interface Owned {
  schoolId: number | null;
  status: number;
}

export function assertReadable(actor: Actor, row: Owned | null | undefined, what: string): asserts row is Owned {
  if (!row) throw notFound(`${what}不存在`);
  if (row.schoolId !== null && row.schoolId !== actor.schoolId) throw forbidden(`无权查看其他学校的${what}`);
  if (row.status !== 1) throw notFound(`${what}不存在`);
}

/** A schoolId filter must be the actor's own school. */
export function assertOwnSchoolFilter(actor: Actor, schoolId: string | undefined): void {
  if (schoolId && Number(schoolId) !== actor.schoolId) throw forbidden('无权查看其他学校的题库');
}
