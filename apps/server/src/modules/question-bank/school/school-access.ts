import { SCHOOL_STATUS } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { schoolOf } from '../../../platform/tenancy.ts';

// Who may do what with the school bank (roles-and-permissions.md): type 5 manages the bank of their
// own school; every teacher of the school reads what is published; another school's questions and
// papers are HTTP 403. A teacher's own imported question is its owner's only.

const ALL_STATUSES = [SCHOOL_STATUS.published, SCHOOL_STATUS.draft, SCHOOL_STATUS.withdrawn];

/**
 * The statuses a list may show: absent is what is published; 0 (all), 2 and 3 are for type 5,
 * who reviews drafts and withdrawn content.
 */
export function listedStatuses(actor: Actor, status: number | undefined): number[] {
  if (status === undefined || status === SCHOOL_STATUS.published) return [SCHOOL_STATUS.published];
  if (actor.type !== 5) throw forbidden('仅教务管理员可以查看未发布的校本内容');
  return status === 0 ? ALL_STATUSES : [status];
}

/** The request's school, which must be the actor's. */
export const ownSchool = (actor: Actor, schoolId: string) => schoolOf(actor, schoolId);

interface SchoolRow {
  schoolId: number | null;
  status: number;
  ownerId?: number | null;
}

/**
 * A row of the school's bank for this actor: 404 when there is none (or it is a teacher's own
 * question), 403 when it is another school's (or the shared bank's, which no school manages), 404
 * for a teacher when it is not published.
 */
export function schoolRow<R extends SchoolRow>(actor: Actor, row: R | undefined, schoolId: number, what: string): R {
  if (!row || (row.ownerId ?? null) !== null) throw notFound(`${what}不存在`);
  if (row.schoolId !== schoolId) throw forbidden(`无权访问其他学校的${what}`);
  if (actor.type !== 5 && row.status !== SCHOOL_STATUS.published) throw notFound(`${what}不存在`);
  return row;
}

/** A teacher's own imported question. */
export function ownQuestion<R extends { ownerId: number | null }>(actor: Actor, row: R | undefined): R {
  if (!row || row.ownerId === null) throw notFound('试题不存在');
  if (row.ownerId !== actor.userId) throw forbidden('只能查看和修改自己的试题');
  return row;
}
