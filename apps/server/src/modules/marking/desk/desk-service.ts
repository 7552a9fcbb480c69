import type { MarkKind, PROBLEM_REASONS } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Tx } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import * as dispatchRepo from '../dispatch/dispatch-repo.ts';
import { type Clock, systemClock } from '../dispatch/dispatch-service.ts';
import * as dispatchSql from '../dispatch/dispatch-sql.ts';
import { blindMarksNeeded, groupOf, paperColumns, stateOf } from '../paper-rules.ts';
import { createQualityService, isQualityToken } from '../quality/quality-service.ts';
import * as repo from './desk-repo.ts';

// The marking desk beyond claim/submit (marking.md "The marking desk"): 问题卷 flagged by the
// holder and resolved by a 题组长, 回评 of the marker's last 50 papers with re-marks (a new mark
// supersedes; the paper's stage and final follow by packages/marking), and the desk's progress.

export const REVIEW_LIMIT = 50;

type MarkRow = Awaited<ReturnType<typeof dispatchSql.marksAndLease>>['marks'][number];

export function createDeskService(db: Db, clock: Clock = systemClock) {
  const quality = createQualityService(db);
  async function seat(executor: Db | Tx, actor: Actor, blockId: number, leader = false) {
    const block = await dispatchRepo.blockOf(executor, blockId);
    if (!block) throw notFound('题块不存在');
    const marker = await dispatchRepo.markerOf(executor, blockId, actor.userId);
    if (!marker) throw forbidden('您不是该题块的阅卷教师');
    if (leader && !marker.leader) throw forbidden('只有题组长可以处理');
    return { block, marker };
  }

  /** Locks the paper and reads its marks after the lock; the paper must be on the 题块. */
  async function lockedPaper(tx: Tx, actor: Actor, blockId: number, paperId: number) {
    const paper = await dispatchSql.lockForSubmit(tx, paperId, blockId, actor.userId);
    if (!paper) throw notFound('试卷不存在');
    const { leaseId, marks } = await dispatchSql.marksAndLease(tx, paperId, actor.userId);
    return { paper, leaseId, marks };
  }

  /** Moves the paper on after `all` (the new mark included) by the rules, and writes it. */
  async function advance(tx: Tx, paper: dispatchSql.LockedPaper, all: MarkRow[], now: Date) {
    const group = groupOf(paper.block);
    const state = stateOf(group, paper.examStudentId, all);
    const blind = all.filter((m) => m.kind === 'first' || m.kind === 'second');
    const columns = paperColumns(
      state,
      blindMarksNeeded(group, paper.examStudentId),
      new Set(blind.map((m) => m.markerId)).size,
    );
    await repo.setPaperColumns(tx, paper.id, columns, now);
    return columns.stage;
  }

  function checkScores(block: dispatchSql.LockedPaper['block'], scores: Record<string, number>) {
    const known = new Set(block.questions.map((q) => q.questionId));
    for (const id of Object.keys(scores)) if (!known.has(id)) throw badInput(`题块中没有题目 ${id}`);
  }

  return {
    /** 问题卷: the holder gives the paper up to the 题组长's queue, with a reason. */
    async flagProblem(
      actor: Actor,
      p: { blockId: number; paperId: number; token: number; reason: (typeof PROBLEM_REASONS)[number]; note: string },
    ) {
      // A quality item flagged is dropped unanswered, as a released one: the marker sees a normal flag.
      if (isQualityToken(p.token)) return quality.drop(actor, p, clock.now());
      return db.transaction(async (tx) => {
        const { paper, leaseId } = await lockedPaper(tx, actor, p.blockId, p.paperId);
        if (!paper.seated) throw forbidden('您不是该题块的阅卷教师');
        if (leaseId === null || leaseId !== p.token) {
          throw conflict('该试卷的领取已失效（超时后已分配给其他阅卷教师），请领取下一份');
        }
        if (p.reason === '其他' && p.note.trim() === '') throw badInput('原因为“其他”时请填写说明');
        await repo.insertProblem(tx, {
          paperId: paper.id,
          blockId: paper.blockId,
          markerId: actor.userId,
          reason: p.reason,
          note: p.note.trim(),
        });
        await repo.holdPaper(tx, paper.id);
        return null;
      });
    },

    async problems(actor: Actor, blockId: number) {
      await seat(db, actor, blockId, true);
      return (await repo.openProblems(db, blockId)).map((r) => ({
        id: String(r.id),
        paperId: String(r.paperId),
        reason: r.reason,
        note: r.note,
        markerName: r.markerName,
        createdAt: r.createdAt.toISOString(),
        imageKey: r.imageKey,
        text: r.text,
      }));
    },

    /**
     * A 题组长 resolves a 问题卷: 'return' puts it back in the queue where its marks leave it;
     * 'score' adds the leader's own mark for the stage it was at (a leader who marked it already
     * cannot, as for any mark: distinct markers).
     */
    async resolveProblem(
      actor: Actor,
      p: { blockId: number; problemId: number; action: 'return' | 'score'; scores?: Record<string, number> },
    ) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await seat(tx, actor, p.blockId, true);
        const problem = await repo.problemById(tx, p.problemId);
        if (!problem || problem.blockId !== p.blockId) throw notFound('问题卷不存在');
        if (problem.resolvedAt) throw conflict('该问题卷已处理');
        const { paper, marks } = await lockedPaper(tx, actor, p.blockId, problem.paperId);
        if (paper.block.status === 4) throw ruleBroken('该题块已结束阅卷');
        let all = marks;
        if (p.action === 'score') {
          if (!p.scores) throw badInput('请给出得分');
          checkScores(paper.block, p.scores);
          if (marks.some((m) => m.markerId === actor.userId))
            throw conflict('您已评过该试卷，请退回由其他阅卷教师评阅');
          const group = groupOf(paper.block);
          const state = stateOf(group, paper.examStudentId, marks);
          const kind: MarkKind =
            state.stage === 'needs-first'
              ? 'first'
              : state.stage === 'needs-second'
                ? 'second'
                : state.stage === 'needs-third'
                  ? 'third'
                  : state.stage === 'needs-arbitration'
                    ? 'arbitration'
                    : 'first';
          if (state.stage === 'final') throw conflict('该试卷已评完，请退回');
          const draft = {
            paperId: paper.id,
            blockId: paper.blockId,
            markerId: actor.userId,
            kind,
            scores: p.scores,
            seconds: 0,
            submittedAt: now,
          };
          stateOf(group, paper.examStudentId, [...marks, { ...draft, id: Number.MAX_SAFE_INTEGER }]);
          all = [...marks, await repo.insertMark(tx, draft)];
        }
        const stage = await advance(tx, paper, all, now);
        await repo.closeProblem(tx, problem.id, {
          resolvedBy: actor.userId,
          resolution: p.action === 'score' ? 'scored' : 'returned',
          resolvedAt: now,
        });
        return { stage };
      });
    },

    /** 回评: the marker's last 50 papers with their newest own scores. */
    async reviewList(actor: Actor, blockId: number) {
      const { block } = await seat(db, actor, blockId);
      const rows = await repo.lastMarks(db, blockId, actor.userId, REVIEW_LIMIT);
      return rows.map((r) => ({
        paperId: String(r.paper_id),
        markId: String(r.id),
        kind: r.kind as MarkKind,
        scores: r.scores,
        submittedAt: new Date(r.submitted_at).toISOString(),
        imageKey: r.image_key,
        text: r.answer_text,
        changeable: block.status !== 4 && r.stage !== 'problem',
      }));
    },

    /** A re-mark from 回评: a new mark of the same kind supersedes the marker's earlier one. */
    async remark(
      actor: Actor,
      p: { blockId: number; paperId: number; scores: Record<string, number>; seconds: number },
    ) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const { paper, marks } = await lockedPaper(tx, actor, p.blockId, p.paperId);
        if (!paper.seated) throw forbidden('您不是该题块的阅卷教师');
        if (paper.block.status === 4) throw ruleBroken('该题块已结束阅卷，不能再修改');
        if (paper.stage === 'problem') throw ruleBroken('该试卷是待处理的问题卷');
        checkScores(paper.block, p.scores);
        const own = [...marks].reverse().find((m) => m.markerId === actor.userId && m.kind !== 'spot-check');
        if (!own) throw forbidden('只能回评自己评过的试卷');
        const draft = {
          paperId: paper.id,
          blockId: paper.blockId,
          markerId: actor.userId,
          kind: own.kind,
          scores: p.scores,
          seconds: p.seconds,
          submittedAt: now,
        };
        // The rules check the new mark with the others before anything is written.
        stateOf(groupOf(paper.block), paper.examStudentId, [...marks, { ...draft, id: Number.MAX_SAFE_INTEGER }]);
        const mark = await repo.insertMark(tx, draft);
        return { stage: await advance(tx, paper, [...marks, mark], now) };
      });
    },

    async progress(actor: Actor, blockId: number) {
      await seat(db, actor, blockId);
      const mine = await repo.myProgress(db, blockId, actor.userId);
      return { done: mine.done, averageSeconds: Math.round(mine.seconds * 10) / 10 };
    },
  };
}
