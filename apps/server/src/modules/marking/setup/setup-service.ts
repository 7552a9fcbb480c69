import type { markBlockInputSchema } from '@huikao/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Tx } from '../../../platform/db.ts';
import { badInput, conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import { assertSchool } from '../../../platform/permissions.ts';
import { groupOf } from '../paper-rules.ts';
import * as quality from '../quality/quality-repo.ts';
import { quietTurnsOf } from '../quality/quiet-turns.ts';
import type { markBlocks } from '../schema.ts';
import { ownBlock } from './block-access.ts';
import { assertMayMark } from './marker-candidates.ts';
import * as settings from './settings-repo.ts';
import * as repo from './setup-repo.ts';
import { shownBlocks } from './shown-blocks.ts';

// 阅卷设置 (marking.md "Objects", "Distribution"): 题块 of a single exam from its subjective
// questions (merge: several questions in one 题块; split: one each), their markers with quotas
// and 题组长, and 开始/暂停/结束. For the school administrator (type 5) of the exam's school.

type BlockInput = z.output<typeof markBlockInputSchema>;
type BlockRow = typeof markBlocks.$inferSelect;

export function createSetupService(db: Db) {
  async function examFor(executor: Db | Tx, actor: Actor, seId: number) {
    const single = await repo.singleExamOf(executor, seId);
    if (!single) throw notFound('科目考试不存在');
    assertSchool(actor, single.schoolId);
    return single;
  }

  const blockFor = ownBlock;

  return {
    async findBlocks(actor: Actor, seId: number) {
      await examFor(db, actor, seId);
      return shownBlocks(db, await repo.blocksOf(db, seId));
    },

    /**
     * Replaces the exam's 题块 with the list given: every subjective question in at most one 题块.
     * A 题块 whose marking has started keeps its questions and mode (its marks were made on them).
     */
    async saveBlocks(actor: Actor, params: { seId: string; blocks: BlockInput[] }) {
      const seId = Number(params.seId);
      const after = await db.transaction(async (tx) => {
        await lockKey(tx, 'mark_blocks', seId);
        const single = await examFor(tx, actor, seId);
        const questions = new Map((await repo.questionsOf(tx, seId)).map((q) => [String(q.id), q]));
        const existing = new Map((await repo.blocksOf(tx, seId)).map((b) => [String(b.id), b]));
        const used = new Set<string>();
        for (const input of params.blocks) {
          for (const id of input.questionIds) {
            const question = questions.get(id);
            if (!question) throw badInput(`题目 ${id} 不属于该科目考试`);
            if (question.kind !== 2) throw badInput(`第 ${question.questionNo} 题是客观题，不需要阅卷`);
            if (used.has(id)) throw badInput(`第 ${question.questionNo} 题在两个题块中`);
            used.add(id);
          }
          if (input.id !== undefined && !existing.has(input.id)) throw notFound(`题块 ${input.id} 不存在`);
        }
        const versions = await settings.settingsOf(
          tx,
          [...existing.values()].map((b) => b.id),
        );
        for (const input of params.blocks) {
          const stored = input.id ? versions.get(Number(input.id)) : undefined;
          if (stored && input.version !== undefined && input.version !== stored.version) {
            throw conflict(`题块「${existing.get(input.id!)!.name}」的设置已被他人修改，请刷新后再保存`);
          }
        }
        const before = await shownBlocks(tx, [...existing.values()]);
        const kept = new Set(params.blocks.flatMap((b) => (b.id ? [b.id] : [])));
        for (const [id, block] of existing) {
          if (!kept.has(id) && block.status !== 1) throw ruleBroken(`题块「${block.name}」已开始阅卷，不能删除`);
        }
        await repo.deleteBlocksExcept(tx, seId, [...kept].map(Number));
        const saved: BlockRow[] = [];
        for (const input of params.blocks) {
          const values = {
            name: input.name,
            questions: input.questionIds.map((id) => ({ questionId: id, fullMarks: questions.get(id)!.fullMark })),
            mode: input.mode,
            tolerance: input.tolerance,
            step: input.step,
            doubleSharePercent: input.doubleSharePercent ?? 100,
          };
          const before = input.id ? existing.get(input.id) : undefined;
          if (before && before.status !== 1) {
            const same =
              sameQuestions(before.questions, values.questions) &&
              before.mode === values.mode &&
              before.step === values.step &&
              before.doubleSharePercent === values.doubleSharePercent;
            if (!same) throw ruleBroken(`题块「${before.name}」已开始阅卷，只能修改名称和误差阈值`);
          }
          // The package checks the settings (full marks, step, tolerance) before they are stored.
          groupOf({ ...(before ?? ({} as BlockRow)), ...values, id: before?.id ?? 0 } as BlockRow);
          const row = before
            ? await repo.updateBlock(tx, before.id, values)
            : await repo.insertBlock(tx, { ...values, schoolId: single.schoolId, singleExamId: seId });
          await settings.saveSettings(tx, row.id, {
            distribution: input.distribution ?? versions.get(row.id)?.distribution ?? 'free',
            dailyCap: input.dailyCap === undefined ? (versions.get(row.id)?.dailyCap ?? null) : input.dailyCap,
          });
          if (input.selfCheckPercent !== undefined || input.seededPercent !== undefined) {
            const was = (await quality.settingsOf(tx, [row.id])).get(row.id)!;
            await quality.saveSettings(tx, row.id, {
              selfCheckPercent: input.selfCheckPercent ?? was.selfCheckPercent,
              seededPercent: input.seededPercent ?? was.seededPercent,
            });
          }
          saved.push(row);
        }
        const after = await shownBlocks(tx, saved);
        await recordAudit(tx, {
          actor,
          action: 'marking.blocks.save',
          target: `single_exam:${seId}`,
          before,
          after,
        });
        return after;
      });
      // A changed 回评抽检 or 标准卷 share is seen by the next claim here, not after QUIET_MS.
      for (const block of after) quietTurnsOf(db).forgetBlock(Number(block.id));
      return after;
    },

    async getTasks(actor: Actor, blockId: number) {
      await blockFor(db, actor, blockId);
      return (await repo.markersOf(db, blockId)).map(shownMarker);
    },

    async saveTasks(
      actor: Actor,
      params: { blockId: string; markers: { userId: string; quota?: number | null; leader?: boolean }[] },
    ) {
      const blockId = Number(params.blockId);
      return db.transaction(async (tx) => {
        const block = await blockFor(tx, actor, blockId, true);
        if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
        const ids = params.markers.map((m) => Number(m.userId));
        if (new Set(ids).size !== ids.length) throw badInput('阅卷教师重复');
        const seated = await repo.markersOf(tx, blockId);
        await assertMayMark(tx, block, ids, new Set(seated.map((m) => m.userId)));
        const before = seated.map(shownMarker);
        await repo.upsertMarkers(
          tx,
          blockId,
          params.markers.map((m) => ({ userId: Number(m.userId), quota: m.quota ?? null, leader: m.leader ?? false })),
        );
        await settings.bumpVersion(tx, blockId);
        const after = (await repo.markersOf(tx, blockId)).map(shownMarker);
        await recordAudit(tx, {
          actor,
          action: 'marking.markers.save',
          target: `mark_block:${blockId}`,
          before,
          after,
        });
        return after;
      });
    },

    async deleteTasks(actor: Actor, params: { blockId: string; userIds: string[] }) {
      const blockId = Number(params.blockId);
      await db.transaction(async (tx) => {
        await blockFor(tx, actor, blockId, true);
        const ids = params.userIds.map(Number);
        const marked = await repo.markersWithMarks(tx, blockId, ids);
        if (marked.length > 0) throw conflict('已评过试卷的阅卷教师不能移除，可以暂停');
        await repo.deleteMarkers(tx, blockId, ids);
        await settings.bumpVersion(tx, blockId);
        await recordAudit(tx, {
          actor,
          action: 'marking.markers.delete',
          target: `mark_block:${blockId}`,
          before: { userIds: params.userIds },
        });
      });
      return null;
    },

    async myTasks(actor: Actor) {
      const rows = await repo.tasksOf(db, actor.userId);
      return rows.map(({ open, ...r }) => ({
        ...r,
        blockId: String(r.blockId),
        seId: String(r.seId),
        remaining: r.quota === null ? open : Math.max(0, Math.min(r.quota - r.done, open)),
      }));
    },
  };
}

/** Same questions and full marks in the same order (jsonb gives its keys back in its own order). */
function sameQuestions(a: BlockRow['questions'], b: BlockRow['questions']): boolean {
  return (
    a.length === b.length && a.every((q, i) => q.questionId === b[i]!.questionId && q.fullMarks === b[i]!.fullMarks)
  );
}

function shownMarker(row: Awaited<ReturnType<typeof repo.markersOf>>[number]) {
  return { ...row, userId: String(row.userId) };
}
