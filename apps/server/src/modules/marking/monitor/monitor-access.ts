import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import * as repo from './monitor-repo.ts';

// Who watches and leads a 题块 (marking.md "Roles"): the school's 阅卷管理员 (type 5) every 题块 of
// their school, a 题组长 the 题块 they lead. 学科负责人 has no seat of its own yet: the set-up names
// 题组长 per 题块, so a subject lead is made 题组长 of the subject's 题块 (docs/decisions.md).

export const isAdminOf = (actor: Actor, schoolId: number) => actor.type === 5 && actor.schoolId === schoolId;

/** The 题块, when the actor may watch and lead it; 404 none, 403 another school's or not theirs. */
export async function ledBlock(db: Executor, actor: Actor, blockId: number) {
  const block = await repo.blockById(db, blockId);
  if (!block) throw notFound('题块不存在');
  if (isAdminOf(actor, block.schoolId)) return block;
  const seat = await repo.markerSeat(db, blockId, actor.userId);
  if (seat?.leader) return block;
  assertSchool(actor, block.schoolId);
  throw forbidden('仅阅卷管理员或该题块的题组长可以查看和管理');
}

/** Of these 题块, the ones the actor may watch (all for their school's 阅卷管理员). */
export async function watchable<B extends { id: number; schoolId: number }>(
  db: Executor,
  actor: Actor,
  blocks: B[],
): Promise<B[]> {
  const led = await repo.ledBlockIds(db, actor.userId);
  return blocks.filter((b) => isAdminOf(actor, b.schoolId) || led.has(b.id));
}
