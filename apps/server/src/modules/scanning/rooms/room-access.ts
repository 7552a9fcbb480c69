import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import * as repo from './rooms-repo.ts';

// Who may touch an exam's rooms, and the lock every room write takes (issue #16 item 4). Routes let
// type 5 write and teachers read; every id must be the caller's school's (403, nothing changed).

/** The multi exam, when it is the school's (404 none, 403 another school's). */
export async function ownMulti(ex: Executor, actor: Actor, schoolId: string, meId: string) {
  return ownedBy(await repo.findMulti(ex, idOf(meId, '考试')), schoolOf(actor, schoolId), '考试不存在或已删除');
}

export async function ownSingle(ex: Executor, actor: Actor, schoolId: string, seId: string) {
  return ownedBy(
    await repo.findSingle(ex, idOf(seId, '科目考试')),
    schoolOf(actor, schoolId),
    '科目考试不存在或已删除',
  );
}

export async function ownRoom(ex: Executor, actor: Actor, schoolId: string, roomId: string) {
  return ownedBy(await repo.findRoom(ex, idOf(roomId, '考场')), schoolOf(actor, schoolId), '考场不存在或已删除');
}

/** A room that must be of this multi exam. */
export async function roomOfMulti(ex: Executor, actor: Actor, schoolId: string, roomId: string, meId: number) {
  const room = await ownRoom(ex, actor, schoolId, roomId);
  if (room.multiExamId !== meId) throw badInput('考场不属于该考试', { field: 'roomId' });
  return room;
}

/** Rooms change only before the exam is finalised (the exams rule: 已完成 locks the exam). */
export function assertRoomsOpen(multi: repo.MultiRow): void {
  if (multi.status >= 3) throw ruleBroken('考试已完成并锁定，不能修改考场编排；如需修改，请先在考试列表中“撤销完成”');
}

/**
 * Serialises every write of one exam's rooms and seats: placements, room edits and seat edits
 * never interleave, so two placements at once end as one of them, whole. Taken first in the transaction.
 */
export function lockRooms(tx: Executor, meId: number): Promise<void> {
  return lockKey(tx, 'exam-rooms', meId);
}

export function auditRooms(
  tx: Executor,
  actor: Actor,
  action: string,
  target: string,
  change: { before?: unknown; after?: unknown },
) {
  return recordAudit(tx, { actor, action: `scanning.rooms.${action}`, target, ...change });
}
