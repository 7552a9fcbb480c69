import type { Actor } from '../../platform/auth-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

// Who reads what (roles-and-permissions.md). Questions: the one rule is questions-repo's readableBy
// (the shared bank and the reader's school's published questions, and the reader's own questions),
// answered per row by accessOf. Papers have no owner: the shared bank's and the reader's school's
// published papers. What is not readable is 403 when it is another school's, else 404 — the same
// answers as before own questions became readable.

interface Checked {
  schoolId: number | null;
  readable: boolean;
}

function assertChecked(actor: Actor, row: Checked | null | undefined, what: string): void {
  if (!row) throw notFound(`${what}不存在`);
  if (row.readable) return;
  if (row.schoolId !== null && row.schoolId !== actor.schoolId) throw forbidden(`无权查看其他学校的${what}`);
  throw notFound(`${what}不存在`);
}

/** A question as accessOf answers it (`readable` is readableBy's answer for this actor). */
export function assertReadable<R extends Checked>(
  actor: Actor,
  row: R | null | undefined,
  what: string,
): asserts row is R {
  assertChecked(actor, row, what);
}

interface Paper {
  schoolId: number | null;
  status: number;
}

/** A paper of the library or of the actor's school bank that the actor may open. */
export const paperReadable = (actor: Actor, row: Paper) =>
  row.status === 1 && (row.schoolId === null || row.schoolId === actor.schoolId);

export function assertPaperReadable<R extends Paper>(actor: Actor, row: R | null | undefined): asserts row is R {
  assertChecked(actor, row && { schoolId: row.schoolId, readable: paperReadable(actor, row) }, '试卷');
}

/** A schoolId filter must be the actor's own school. */
export function assertOwnSchoolFilter(actor: Actor, schoolId: string | undefined): void {
  if (schoolId && Number(schoolId) !== actor.schoolId) throw forbidden('无权查看其他学校的题库');
}
