import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { forbidden } from '../../../platform/errors.ts';
import { ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { ownSingleExam, type SingleWithMulti, taughtClassIds } from '../../exams/index.ts';
import * as lists from './card-lists-repo.ts';
import * as repo from './cards-repo.ts';

// Who works on which answer cards (decisions.md 2026-11-26): the school administrator (type 5) on
// every card of the school; a teacher (type 1) on the cards of exams they created or whose classes
// they teach the subject in (a 班主任 counts for every subject of the class); students and
// managers on none. Another school's id is 403 and nothing changes.

const NOT_YOURS = '只能查看和编辑本人创建或任教的考试的答题卡';

/** Whether a teacher's links reach a single exam: created by them, or a seated class they teach the course in. */
export function teachesExam(
  actor: Actor,
  exam: { createdBy: number | null; termId: number; courseId: number },
  seatedClassIds: readonly number[],
  links: readonly { termId: number; classId: number; courseId: number | null; isHead: boolean }[],
): boolean {
  if (actor.type === 5) return true;
  if (actor.type !== 1) return false;
  if (exam.createdBy === actor.userId) return true;
  const seated = new Set(seatedClassIds);
  return links.some(
    (l) => l.termId === exam.termId && seated.has(l.classId) && (l.isHead || l.courseId === exam.courseId),
  );
}

/** The single exam, when the actor may work on its card. */
export async function cardExam(ex: Executor, actor: Actor, schoolId: string, seId: string): Promise<SingleWithMulti> {
  if (actor.type !== 1 && actor.type !== 5) throw forbidden('仅教师可以使用答题卡');
  const single = await ownSingleExam(ex, actor, schoolId, seId);
  if (actor.type === 5 || single.multi.createdBy === actor.userId) return single;
  const taught = await taughtClassIds(ex, actor.userId, single.multi.termId, single.courseId);
  const seated = (await lists.seatedClasses(ex, [single.id])).get(single.id) ?? [];
  if (!seated.some((id) => taught.includes(id))) throw forbidden(NOT_YOURS);
  return single;
}

/** The card and its single exam, when the actor may work on it (404 none, 403 another school's). */
export async function ownCard(
  ex: Executor,
  actor: Actor,
  schoolId: string,
  templateId: string,
  lock = false,
): Promise<{ card: repo.CardRow; single: SingleWithMulti }> {
  const school = schoolOf(actor, schoolId);
  const id = Number(templateId);
  const row = lock ? await repo.lockCard(ex, id) : await repo.findCardRow(ex, id);
  const card = ownedBy(row, school, '答题卡不存在或已删除');
  const single = await cardExam(ex, actor, schoolId, String(card.singleExamId));
  return { card, single };
}
