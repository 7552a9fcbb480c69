import type { examsApi } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit-log.ts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Executor } from '../../platform/db.ts';
import { badInput, forbidden, ruleBroken } from '../../platform/errors.ts';
import { idOf, optionalIdOf, ownedBy, schoolOf } from '../../platform/tenancy.ts';
import {
  findClassRow,
  findMultiExamRow,
  findSingleExamRow,
  type MultiExamRow,
  type SingleExamRow,
  taughtClassIds,
} from './lookup-repo.ts';

export { idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../../platform/tenancy.ts';

// The exams module's rules of access (roles-and-permissions.md, issue #4 item 8):
// - type 5 creates and edits the school's exams;
// - type 1 reads the school's exams and edits scores of the classes they teach while the exam and
//   the subject are 进行中;
// - students read only their own published scores (student-service.ts);
// - every id must be the school's: another school's is HTTP 403, logged, nothing changes.

export type CallParams<K extends keyof typeof examsApi> = z.output<(typeof examsApi)[K]['params']>;
export type SingleWithMulti = SingleExamRow & { multi: MultiExamRow };

/** The multi-exam, when it is the school's (404 none, 403 another school's). */
export async function ownMultiExam(ex: Executor, actor: Actor, schoolId: string, meId: string): Promise<MultiExamRow> {
  const school = schoolOf(actor, schoolId);
  return ownedBy(await findMultiExamRow(ex, idOf(meId, '考试')), school, '考试不存在或已删除');
}

export async function ownSingleExam(
  ex: Executor,
  actor: Actor,
  schoolId: string,
  seId: string,
): Promise<SingleWithMulti> {
  const school = schoolOf(actor, schoolId);
  return ownedBy(await findSingleExamRow(ex, idOf(seId, '科目考试')), school, '科目考试不存在或已删除');
}

/**
 * The optional `seId` that narrows a multi-exam call to one subject: another school's is 403 (never
 * silently matching nothing), one of another exam of the school 400.
 */
export async function subjectOfMulti(
  ex: Executor,
  multi: MultiExamRow,
  seId: string | undefined,
): Promise<number | null> {
  const id = optionalIdOf(seId, '科目考试');
  if (id === null) return null;
  const single = ownedBy(await findSingleExamRow(ex, id), multi.schoolId, '科目考试不存在或已删除');
  if (single.multiExamId !== multi.id) throw badInput('科目考试不属于该考试');
  return id;
}

/** An optional `classId` filter: a class of another school is 403, one that names no class 404. */
export async function ownClassId(ex: Executor, schoolId: number, classId: string | undefined): Promise<number | null> {
  const id = optionalIdOf(classId, '班级');
  if (id === null) return null;
  ownedBy(await findClassRow(ex, id), schoolId, '班级不存在或已删除');
  return id;
}

/** Structure and settings change only before the exam is finalised. */
export function assertNotLocked(multi: MultiExamRow, single?: SingleExamRow): void {
  if (multi.status >= 3) throw ruleBroken('考试已完成并锁定，不能修改；如需修改，请先在考试列表中“撤销完成”');
  if (single && single.status >= 3) throw ruleBroken('该科目已完成并锁定，不能修改；如需修改，请先撤销完成');
}

/**
 * Who may change scores of these classes: type 5 while unlocked; type 1 only while the exam and
 * the subject are 进行中, and only for classes they teach the subject to in the exam's term.
 */
export async function assertCanEditScores(
  ex: Executor,
  actor: Actor,
  single: SingleWithMulti,
  classIds: Iterable<number>,
): Promise<void> {
  assertNotLocked(single.multi, single);
  if (actor.type === 5) return;
  if (actor.type !== 1) throw forbidden('无权修改成绩');
  if (single.multi.status !== 2 || single.status !== 2) {
    throw forbidden('考试进行中时，任课教师才能录入成绩');
  }
  const taught = new Set(await taughtClassIds(ex, actor.userId, single.multi.termId, single.courseId));
  for (const classId of classIds) {
    if (!taught.has(classId)) throw forbidden('只能录入本人任教班级的成绩');
  }
}

/** Every exams write is audited: who, what, before → after (score changes also go to score_records). */
export function auditExam(
  tx: Executor,
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  return recordAudit(tx, { actor, action: `exams.${action}`, target, ...change });
}
