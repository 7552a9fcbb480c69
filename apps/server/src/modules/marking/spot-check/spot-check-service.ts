import type { SpotPaper } from '@huikao/contracts';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, notFound, ruleBroken } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import type { Clock } from '../dispatch/dispatch-service.ts';
import { remergeStudents } from '../merge/merge-service.ts';
import { ledBlock } from '../monitor/monitor-access.ts';
import * as monitorRepo from '../monitor/monitor-repo.ts';
import * as repo from './spot-check-repo.ts';

// 抽查 (/markCensorInfo, marking.md "Spot check"): a leader draws finished papers at random, per
// marker or per 题块, sees the crop and every mark, and passes or corrects each. A correction is a
// new mark of kind 'spot-check' (marks are never edited), the paper's finals become its scores,
// and the reason goes to the audit log. A quota of checked papers may gate finishing the 题块.

/** Crop links live an hour: long enough to look at a sample, never a public path. */
const LINK_SECONDS = 3600;

export function createSpotCheckService(
  db: Db,
  onChange: (blockId: number) => void,
  clock: Clock,
  storage?: FileStorage,
) {
  const linkOf = async (key: string | null) => (key && storage ? storage.signedUrl(key, LINK_SECONDS) : null);
  async function describe(executor: Executor, ids: number[]): Promise<SpotPaper[]> {
    const [papers, marks, checked] = await Promise.all([
      repo.papersByIds(executor, ids),
      repo.marksOfPapers(executor, ids),
      repo.checkedPaperIds(executor, ids),
    ]);
    const byId = new Map(papers.map((p) => [p.id, p]));
    const links = await Promise.all(ids.map((id) => linkOf(byId.get(id)!.imageKey)));
    return ids.map((id, i) => {
      const p = byId.get(id)!;
      return {
        paperId: String(p.id),
        imageKey: p.imageKey,
        imageUrl: links[i]!,
        text: p.answerText,
        finalScores: p.finalScores ?? {},
        finalTotal: p.finalTotal ?? 0,
        marks: marks
          .filter((m) => m.paperId === id)
          .map((m) => ({
            markerId: String(m.markerId),
            markerName: m.markerName,
            kind: m.kind,
            scores: m.scores,
            submittedAt: m.submittedAt.toISOString(),
          })),
        checked: checked.has(id),
      };
    });
  }

  async function finishedPaper(tx: Parameters<Parameters<Db['transaction']>[0]>[0], blockId: number, paperId: number) {
    const paper = await repo.lockPaper(tx, blockId, paperId);
    if (!paper) throw notFound('试卷不存在');
    if (paper.stage !== 'final') throw ruleBroken('只能抽查已评完的试卷');
    return paper;
  }

  return {
    async sample(actor: Actor, params: { blockId: number; markerId?: number; size: number }) {
      const block = await ledBlock(db, actor, params.blockId);
      if (params.markerId !== undefined && !(await monitorRepo.markerSeat(db, block.id, params.markerId))) {
        throw notFound('该教师不是该题块的阅卷教师');
      }
      return describe(db, await repo.samplePapers(db, block.id, params.size, params.markerId));
    },

    async count(actor: Actor, blockId: number) {
      const block = await ledBlock(db, actor, blockId);
      const settings = await monitorRepo.settingsOf(db, block.id);
      return { done: await repo.spotCheckCount(db, block.id), quota: settings?.spotCheckQuota ?? 0 };
    },

    async pass(actor: Actor, params: { blockId: number; paperId: number }) {
      await db.transaction(async (tx) => {
        const block = await ledBlock(tx, actor, params.blockId);
        const paper = await finishedPaper(tx, block.id, params.paperId);
        await repo.recordCheck(tx, { blockId: block.id, paperId: paper.id, checkerId: actor.userId });
      });
      onChange(params.blockId);
      return null;
    },

    async correct(
      actor: Actor,
      params: { blockId: number; paperId: number; scores: Record<string, number>; reason: string },
    ) {
      const out = await db.transaction(async (tx) => {
        const block = await ledBlock(tx, actor, params.blockId);
        const paper = await finishedPaper(tx, block.id, params.paperId);
        const scores: Record<string, number> = {};
        let total = 0;
        const known = new Set(block.questions.map((q) => q.questionId));
        for (const id of Object.keys(params.scores)) if (!known.has(id)) throw badInput(`题块中没有题目 ${id}`);
        for (const q of block.questions) {
          const given = params.scores[q.questionId];
          if (given === undefined) throw badInput('请给出题块中每道题的得分');
          if (!Number.isFinite(given) || given < 0 || given > q.fullMarks) {
            throw badInput(`得分必须在 0 到 ${q.fullMarks} 之间`);
          }
          if (Math.round(given * 100) % Math.round(block.step * 100) !== 0) {
            throw badInput(`得分必须是 ${block.step} 的整数倍`);
          }
          scores[q.questionId] = given;
          total += given;
        }
        const before = paper.finalScores ?? {};
        const mark = await repo.insertCorrection(tx, {
          paperId: paper.id,
          blockId: block.id,
          checkerId: actor.userId,
          scores,
          at: clock.now(),
        });
        await repo.setFinals(tx, paper.id, scores, total);
        // A finished and merged subject: the student's score follows the correction at once
        // (remergeStudents does nothing while a 题块 of the subject is still being marked).
        await remergeStudents(tx, actor, block.singleExamId, [paper.examStudentId]);
        await repo.recordCheck(tx, {
          blockId: block.id,
          paperId: paper.id,
          checkerId: actor.userId,
          markId: mark.id,
          reason: params.reason,
          before,
        });
        await recordAudit(tx, {
          actor,
          action: 'marking.spot-check.correct',
          target: `mark_papers:${paper.id}`,
          before: { finalScores: before },
          after: { finalScores: scores, reason: params.reason, markId: mark.id },
        });
        return (await describe(tx, [paper.id]))[0]!;
      });
      onChange(params.blockId);
      return out;
    },
  };
}

/** Papers still to spot-check before the 题块 may be finished (0 when no quota or it is met). */
export async function spotCheckOutstanding(db: Executor, blockId: number): Promise<number> {
  const settings = await monitorRepo.settingsOf(db, blockId);
  const quota = settings?.spotCheckQuota ?? 0;
  if (quota === 0) return 0;
  return Math.max(0, quota - (await repo.spotCheckCount(db, blockId)));
}
