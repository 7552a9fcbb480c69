import type { MarkerQualityFigures, SeededPaper } from '@huikao/contracts';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../../platform/errors.ts';
import * as dispatchRepo from '../dispatch/dispatch-repo.ts';
import { ledBlock } from '../monitor/monitor-access.ts';
import { groupOf, stateOf } from '../paper-rules.ts';
import * as leaderRepo from './leader-repo.ts';
import * as repo from './quality-repo.ts';
import { quietTurnsOf } from './quiet-turns.ts';

// What a 题组长 does about quality (marking.md "Quality", 匿名阅卷): declares 标准卷, reads each
// marker's 回评抽检 and 标准卷 figures, and reveals who wrote an open 问题卷 of a 题块 they lead,
// in the audit log. The 阅卷管理员 may do the first two as on every monitor; only the 题组长 reveals.

const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export function createQualityLeaderService(db: Db) {
  async function shown(rows: Awaited<ReturnType<typeof repo.seededOf>>): Promise<SeededPaper[]> {
    const names = await leaderRepo.userNames(db, [...new Set(rows.map((r) => r.setBy))]);
    return rows.map((r) => ({
      paperId: String(r.paperId),
      scores: r.scores,
      total: round2(Object.values(r.scores).reduce((s, v) => s + v, 0))!,
      setByName: names.get(r.setBy) ?? '',
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return {
    async seededPapers(actor: Actor, blockId: number) {
      await ledBlock(db, actor, blockId);
      return shown(await repo.seededOf(db, blockId));
    },

    /** 设为标准卷: given reference scores, or the caller's own newest mark on the paper. */
    async setSeeded(actor: Actor, p: { blockId: number; paperId: number; scores?: Record<string, number> }) {
      const block = await ledBlock(db, actor, p.blockId);
      const paper = await dispatchRepo.paperById(db, p.paperId);
      if (!paper || paper.blockId !== p.blockId) throw notFound('试卷不存在');
      let scores = p.scores;
      if (!scores) {
        const own = (await dispatchRepo.marksOf(db, paper.id)).filter((m) => m.markerId === actor.userId).at(-1);
        if (!own) throw badInput('请给出标准卷的参考得分');
        scores = own.scores;
      }
      const group = groupOf(block);
      const known = new Set(group.questions.map((q) => q.questionId));
      for (const id of Object.keys(scores)) if (!known.has(id)) throw badInput(`题块中没有题目 ${id}`);
      // Reference scores must be whole marks by the rules: every question, on the step.
      stateOf(group, paper.examStudentId, [
        {
          id: 1,
          paperId: paper.id,
          blockId: block.id,
          markerId: actor.userId,
          kind: 'first',
          scores,
          seconds: 0,
          submittedAt: new Date(),
        },
      ]);
      const reference = scores;
      await db.transaction(async (tx) => {
        await repo.putSeeded(tx, { blockId: block.id, paperId: paper.id, scores: reference, setBy: actor.userId });
        await recordAudit(tx, {
          actor,
          action: 'marking.seeded.set',
          target: `mark_paper:${paper.id}`,
          after: { blockId: block.id, scores: reference },
        });
      });
      quietTurnsOf(db).forgetBlock(block.id);
      const row = (await repo.seededOf(db, block.id)).find((r) => r.paperId === paper.id)!;
      return (await shown([row]))[0]!;
    },

    async unsetSeeded(actor: Actor, p: { blockId: number; paperId: number }) {
      await ledBlock(db, actor, p.blockId);
      await db.transaction(async (tx) => {
        if (!(await repo.removeSeeded(tx, p.blockId, p.paperId))) throw notFound('该试卷不是标准卷');
        await recordAudit(tx, { actor, action: 'marking.seeded.unset', target: `mark_paper:${p.paperId}` });
      });
      quietTurnsOf(db).forgetBlock(p.blockId);
      return null;
    },

    /** Per marker: 回评抽检 count and mean |difference|, 标准卷 count and mean deviation. */
    async markerQuality(actor: Actor, blockId: number): Promise<MarkerQualityFigures[]> {
      await ledBlock(db, actor, blockId);
      const byMarker = new Map<number, MarkerQualityFigures>();
      for (const r of await repo.figuresOf(db, blockId)) {
        const id = Number(r.marker_id);
        const f = byMarker.get(id) ?? {
          userId: String(id),
          selfChecks: 0,
          selfMeanAbsDifference: null,
          seededChecks: 0,
          seededMeanDeviation: null,
          seededMeanAbsDeviation: null,
        };
        if (r.kind === 'self') {
          f.selfChecks = r.n;
          f.selfMeanAbsDifference = round2(r.mean_abs);
        } else {
          f.seededChecks = r.n;
          f.seededMeanDeviation = round2(r.mean);
          f.seededMeanAbsDeviation = round2(r.mean_abs);
        }
        byMarker.set(id, f);
      }
      return [...byMarker.values()];
    },

    /** 揭示身份: name, class and 考号 of an open 问题卷's student, for the 题块's 题组长 only; logged. */
    async revealIdentity(actor: Actor, p: { blockId: number; problemId: number }) {
      const block = await dispatchRepo.blockOf(db, p.blockId);
      if (!block) throw notFound('题块不存在');
      const seat = await dispatchRepo.markerOf(db, p.blockId, actor.userId);
      if (!seat?.leader) throw forbidden('只有该题块的题组长可以查看问题卷的考生身份');
      const problem = await leaderRepo.problemWithStudent(db, p.problemId);
      if (!problem || problem.blockId !== p.blockId || problem.resolvedAt !== null || problem.stage !== 'problem') {
        throw forbidden('只能查看本题块待处理问题卷的考生身份');
      }
      const identity = {
        name: problem.name,
        className: problem.className,
        examNo: problem.examNo ?? problem.ownExamNo ?? '',
      };
      await recordAudit(db, {
        actor,
        action: 'marking.problem.reveal',
        target: `mark_paper:${problem.paperId}`,
        after: { problemId: problem.id, examStudentId: problem.examStudentId },
      });
      return identity;
    },
  };
}
