import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { openScanExceptions } from '../../scanning/index.ts';
import { questionNos } from '../dispatch/dispatch-repo.ts';
import { papersFromScans } from '../papers-from-scans.ts';
import { ownBlock } from './block-access.ts';
import * as settings from './settings-repo.ts';
import * as repo from './setup-repo.ts';
import { shownBlocks } from './shown-blocks.ts';

// 开始阅卷 / 暂停 / 结束 of a 题块, and 同步试卷. Starting (or resuming) puts the papers of every
// recognised sheet on the 题块; finishing needs every paper final and the scan exceptions of its
// questions resolved (marking.md "Monitors": a 题块 is finished when every paper has a final).

const STATUS_NAME: Record<number, string> = { 1: '未开始', 2: '阅卷中', 3: '已暂停', 4: '已结束' };
const ACTION_NAME = { start: '开始', pause: '暂停', finish: '结束' } as const;
type Action = keyof typeof ACTION_NAME;

export function createBlockStatusService(db: Db) {
  return {
    async setStatus(actor: Actor, params: { blockId: string; action: Action }) {
      const blockId = Number(params.blockId);
      return db.transaction(async (tx) => {
        const block = await ownBlock(tx, actor, blockId, true);
        const next = { start: 2, pause: 3, finish: 4 }[params.action];
        const allowed = { start: [1, 3], pause: [2], finish: [2, 3] }[params.action];
        if (!allowed.includes(block.status)) {
          throw ruleBroken(`题块「${block.name}」${STATUS_NAME[block.status]}，不能${ACTION_NAME[params.action]}`);
        }
        if (params.action === 'start') {
          if ((await repo.markersOf(tx, blockId)).length === 0) throw ruleBroken('请先为该题块设置阅卷教师');
          await papersFromScans(tx, block);
        }
        if (params.action === 'finish') {
          const problems = await repo.openProblemsCount(tx, blockId);
          if (problems > 0) throw ruleBroken(`题块「${block.name}」还有 ${problems} 份问题卷未处理，不能结束`);
          const open = await repo.openPapersCount(tx, blockId);
          if (open > 0) throw ruleBroken(`题块「${block.name}」还有 ${open} 份试卷没有最终得分，不能结束`);
          const nos = await questionNos(
            tx,
            block.questions.map((q) => Number(q.questionId)),
          );
          const exceptions = await openScanExceptions(tx, block.singleExamId, [...nos.values()]);
          if (exceptions > 0) throw ruleBroken(`该科目还有 ${exceptions} 条扫描异常未处理，不能结束阅卷`);
        }
        const row = await repo.updateBlock(tx, blockId, { status: next });
        await settings.bumpVersion(tx, blockId);
        await recordAudit(tx, {
          actor,
          action: `marking.block.${params.action}`,
          target: `mark_block:${blockId}`,
          before: { status: block.status },
          after: { status: next },
        });
        return (await shownBlocks(tx, [row]))[0]!;
      });
    },

    /** 同步试卷: papers for sheets recognised since the 题块 started; a re-run adds only new ones. */
    async syncPapers(actor: Actor, params: { blockId: string }) {
      const blockId = Number(params.blockId);
      return db.transaction(async (tx) => {
        const block = await ownBlock(tx, actor, blockId, true);
        if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
        const added = await papersFromScans(tx, block);
        const total = (await repo.papersCount(tx, [blockId])).get(blockId) ?? 0;
        if (added > 0) {
          await recordAudit(tx, {
            actor,
            action: 'marking.papers.sync',
            target: `mark_block:${blockId}`,
            after: { added },
          });
        }
        return { added, total };
      });
    },
  };
}
