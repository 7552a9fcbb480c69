import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor, Tx } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import * as repo from './setup-repo.ts';

/** The 题块 of the actor's school (locked FOR UPDATE when asked), or 题块不存在. */
export async function ownBlock(executor: Executor, actor: Actor, blockId: number, lock = false) {
  const block = lock ? await repo.lockBlock(executor as Tx, blockId) : await repo.blocksOfId(executor, blockId);
  if (!block) throw notFound('题块不存在');
  assertSchool(actor, block.schoolId);
  return block;
}
