import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, notFound } from '../../../platform/errors.ts';
import { ownBlock } from './block-access.ts';
import * as repo from './setup-repo.ts';

// Who may be set as a 题块's marker (阅卷教师): the school's teachers and administrators, and the
// 临时阅卷账号 made for the block's 联考 while they are valid (not expired, not disabled). A temporary
// account is an outsider's login for one exam, so it is offered (and accepted) for that exam only.

export interface MarkerCandidate {
  userId: string;
  name: string;
  loginName: string;
  temporary: boolean;
}

export async function markerCandidates(db: Db, actor: Actor, blockId: number): Promise<MarkerCandidate[]> {
  const block = await ownBlock(db, actor, blockId);
  const multiExamId = await repo.multiExamOfBlock(db, block.id);
  const rows = await repo.markerCandidatesOf(db, block.schoolId, multiExamId!, new Date());
  return rows.map((u) => ({ userId: String(u.id), name: u.name, loginName: u.loginName, temporary: u.temporary }));
}

/**
 * Refuses a marker who may not mark this 题块. Markers already on it are kept as they are (a
 * temporary account that expired since keeps its seat, and its marks; it just cannot sign in), so
 * saving the quotas of the others still works; the rules bind the markers being added.
 */
export async function assertMayMark(
  tx: Executor,
  block: { id: number; schoolId: number },
  userIds: readonly number[],
  seated: ReadonlySet<number>,
): Promise<void> {
  const found = new Map((await repo.usersOf(tx, [...userIds])).map((u) => [u.id, u]));
  let multiExamId: number | undefined;
  for (const id of userIds) {
    const user = found.get(id);
    if (!user) throw notFound(`用户 ${id} 不存在`);
    if (user.type !== 1 && user.type !== 5) throw badInput('阅卷教师只能是教师账号');
    if (user.schoolId !== block.schoolId) throw badInput('阅卷教师必须是本校教师');
    if (user.tempExpiresAt === null || seated.has(id)) continue;
    multiExamId ??= await repo.multiExamOfBlock(tx, block.id);
    if (user.tempForExamId !== multiExamId) throw badInput('临时阅卷账号只能阅本考试的试卷');
    if (user.disabled || user.tempExpiresAt.getTime() <= Date.now()) throw badInput('临时阅卷账号已停用或已过期');
  }
}
