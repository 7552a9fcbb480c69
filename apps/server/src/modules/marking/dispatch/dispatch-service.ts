import type { LeasedPaper, MarkKind } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Tx } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { blindMarksNeeded, groupOf, paperColumns, stateOf } from '../paper-rules.ts';
import * as repo from './dispatch-repo.ts';

// Dispatch (marking.md "Distribution"): claim, renew, release and submit. A claim leases one paper
// for ten minutes; the lease's id is the fencing token every renewal and submission must carry.
// A lease that expired and was taken over is gone, so its holder's late submission is refused.

export const LEASE_MINUTES = 10;
const MAX_RECHECKS = 20;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createDispatchService(db: Db, clock: Clock = systemClock) {
  const until = (now: Date) => new Date(now.getTime() + LEASE_MINUTES * 60_000);

  /** The 题块 and this actor's place on it; anyone not on it is refused whatever their school. */
  async function seat(executor: Db | Tx, actor: Actor, blockId: number) {
    const block = await repo.blockOf(executor, blockId);
    if (!block) throw notFound('题块不存在');
    const marker = await repo.markerOf(executor, blockId, actor.userId);
    if (!marker) throw forbidden('您不是该题块的阅卷教师');
    return { block, marker };
  }

  async function describe(executor: Db | Tx, paperId: number, kind: MarkKind, lease: { id: number; expiresAt: Date }) {
    const paper = (await repo.paperById(executor, paperId))!;
    const block = (await repo.blockOf(executor, paper.blockId))!;
    const nos = await repo.questionNos(
      executor,
      block.questions.map((q) => Number(q.questionId)),
    );
    const answer: LeasedPaper = {
      paperId: String(paper.id),
      blockId: String(block.id),
      kind,
      token: String(lease.id),
      expiresAt: lease.expiresAt.toISOString(),
      imageKey: paper.imageKey,
      text: paper.answerText,
      questions: block.questions.map((q) => ({ ...q, questionNo: nos.get(q.questionId) ?? '' })),
    };
    if (kind === 'arbitration') {
      const earlier = await repo.marksOf(executor, paperId);
      answer.earlier = earlier.filter((m) => m.kind !== 'spot-check').map((m) => m.scores);
    }
    return answer;
  }

  function kindFor(stage: repo.PaperStage, blindMarks: number): MarkKind {
    if (stage === 'third') return 'third';
    if (stage === 'arbitration') return 'arbitration';
    return blindMarks === 0 ? 'first' : 'second';
  }

  return {
    async claim(actor: Actor, blockId: number): Promise<LeasedPaper | null> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const { block, marker } = await seat(tx, actor, blockId);
        if (block.status !== 2) throw ruleBroken('该题块当前不在阅卷中');
        if (marker.paused) throw ruleBroken('您在该题块的阅卷已被题组长暂停');
        const held = await repo.heldLease(tx, blockId, actor.userId, now);
        if (held) {
          const paper = (await repo.lockPaper(tx, held.paperId))!;
          const marks = await repo.marksOf(tx, paper.id);
          const renewed = until(now);
          await repo.renewLease(tx, held.id, renewed);
          return describe(tx, paper.id, kindFor(paper.stage, blindCount(marks)), { id: held.id, expiresAt: renewed });
        }
        const stages: repo.PaperStage[] = marker.leader ? ['arbitration', 'third'] : [];
        if (marker.quota === null || (await repo.blindDone(tx, blockId, actor.userId)) < marker.quota) {
          stages.push('blind');
        }
        if (stages.length === 0) return null;
        // 题组长 take 仲裁 first, then 三评, then blind papers: the later stages hold finals back.
        for (const stage of stages) {
          const skip: number[] = [];
          for (let attempt = 0; attempt < MAX_RECHECKS; attempt++) {
            const paperId = await repo.pickPaper(tx, blockId, actor.userId, stage, now, skip);
            if (paperId === undefined) break;
            if (!(await repo.paperHasSlot(tx, paperId, actor.userId, now))) {
              skip.push(paperId);
              continue;
            }
            const paper = (await repo.paperById(tx, paperId))!;
            const marks = await repo.marksOf(tx, paperId);
            const lease = await repo.leasePaper(tx, paperId, blockId, actor.userId, now, until(now));
            return describe(tx, paperId, kindFor(paper.stage, blindCount(marks)), lease);
          }
        }
        return null;
      });
    },

    async renew(actor: Actor, params: { blockId: number; paperId: number; token: number }) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await seat(tx, actor, params.blockId);
        await repo.lockPaper(tx, params.paperId);
        const lease = await currentLease(tx, actor, params);
        const renewed = until(now);
        await repo.renewLease(tx, lease.id, renewed);
        return { expiresAt: renewed.toISOString() };
      });
    },

    async release(actor: Actor, params: { blockId: number; paperId: number; token: number }) {
      await db.transaction(async (tx) => {
        await seat(tx, actor, params.blockId);
        await repo.lockPaper(tx, params.paperId);
        const lease = await currentLease(tx, actor, params);
        await repo.dropLease(tx, lease.id);
      });
      return null;
    },

    /**
     * Records the mark the lease was for and moves the paper on by packages/marking's rules.
     * The paper row is locked first, so two holders of a double-marked paper are taken one after
     * the other and the paper is finalised exactly once.
     */
    async submit(
      actor: Actor,
      params: { blockId: number; paperId: number; token: number; scores: Record<string, number>; seconds: number },
    ) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const { block, marker } = await seat(tx, actor, params.blockId);
        if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
        if (marker.paused) throw ruleBroken('您在该题块的阅卷已被题组长暂停');
        const paper = await repo.lockPaper(tx, params.paperId);
        if (!paper || paper.blockId !== block.id) throw notFound('试卷不存在');
        const lease = await currentLease(tx, actor, params);
        if (paper.stage === 'final') throw conflict('该试卷已评完');
        const existing = await repo.marksOf(tx, paper.id);
        if (existing.some((m) => m.markerId === actor.userId)) throw conflict('您已评过该试卷');
        const group = groupOf(block);
        const kind = kindFor(paper.stage, blindCount(existing));
        const scores = scoresFor(
          kind,
          paper.stage,
          group,
          params.scores,
          stateOf(group, paper.examStudentId, existing),
        );
        // The rules check the new mark with the others before anything is written.
        const draft = { id: Number.MAX_SAFE_INTEGER, kind, markerId: actor.userId, scores, seconds: params.seconds };
        stateOf(group, paper.examStudentId, [...existing, draft as (typeof existing)[number]]);
        const mark = await repo.insertMark(tx, {
          paperId: paper.id,
          blockId: block.id,
          markerId: actor.userId,
          kind,
          scores,
          seconds: params.seconds,
          submittedAt: now,
        });
        await repo.dropLease(tx, lease.id);
        const all = [...existing, mark];
        const state = stateOf(group, paper.examStudentId, all);
        const columns = paperColumns(state, blindMarksNeeded(group, paper.examStudentId), blindCount(all));
        await repo.updatePaper(tx, paper.id, { ...columns, finalisedAt: columns.stage === 'final' ? now : null });
        return { stage: columns.stage };
      });
    },
  };
}

function blindCount(rows: readonly { kind: string }[]): number {
  return rows.filter((m) => m.kind === 'first' || m.kind === 'second').length;
}

/** The lease the caller names, still theirs: a lease lost to another marker is refused. */
async function currentLease(tx: Tx, actor: Actor, params: { paperId: number; token: number }) {
  const lease = await repo.leaseOf(tx, params.paperId, actor.userId);
  if (!lease || lease.id !== params.token) {
    throw conflict('该试卷的领取已失效（超时后已分配给其他阅卷教师），请领取下一份');
  }
  return lease;
}

/** 仲裁 decides only the questions that reached it; every other mark scores the whole 题块. */
function scoresFor(
  kind: MarkKind,
  stage: repo.PaperStage,
  group: ReturnType<typeof groupOf>,
  given: Record<string, number>,
  state: ReturnType<typeof stateOf>,
): Record<string, number> {
  const known = new Set(group.questions.map((q) => q.questionId));
  for (const id of Object.keys(given)) if (!known.has(id)) throw badInput(`题块中没有题目 ${id}`);
  if (kind !== 'arbitration' || stage !== 'arbitration' || state.stage !== 'needs-arbitration') return given;
  const decided: Record<string, number> = {};
  for (const id of state.questionIds) {
    if (given[id] === undefined) throw badInput('请给出需要仲裁的每道题的得分');
    decided[id] = given[id];
  }
  return decided;
}
