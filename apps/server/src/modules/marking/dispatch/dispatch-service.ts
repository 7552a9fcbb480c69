import type { LeasedPaper, MarkKind } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { blindMarksNeeded, groupOf, paperColumns, stateOf } from '../paper-rules.ts';
import * as repo from './dispatch-repo.ts';
import * as sql from './dispatch-sql.ts';

// Dispatch (marking.md "Distribution"): claim, renew, release and submit. A claim leases one paper
// for ten minutes; the lease's id is the fencing token every renewal and submission must carry.
// A lease that expired and was taken over is gone, so its holder's late submission is refused.

export const LEASE_MINUTES = 10;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createDispatchService(db: Db, clock: Clock = systemClock) {
  const until = (now: Date) => new Date(now.getTime() + LEASE_MINUTES * 60_000);

  // Per-process caches of what cannot change while a 题块 is 阅卷中 (its questions and their
  // numbers are fixed once it starts) and of a marker's 题组长 flag, which only picks which stage
  // to try first: the claim statement itself checks the seat, the pause and the leader flag.
  const questionsCache = new Map<number, Promise<LeasedPaper['questions']>>();
  const leaderCache = new Map<string, { leader: boolean; at: number }>();
  const LEADER_TTL_MS = 30_000;

  function questionsOf(blockId: number) {
    let cached = questionsCache.get(blockId);
    if (!cached) {
      cached = (async () => {
        const block = await repo.blockOf(db, blockId);
        if (!block) return [];
        const nos = await repo.questionNos(
          db,
          block.questions.map((q) => Number(q.questionId)),
        );
        return block.questions.map((q) => ({ ...q, questionNo: nos.get(q.questionId) ?? '' }));
      })();
      questionsCache.set(blockId, cached);
      cached.catch(() => questionsCache.delete(blockId));
    }
    return cached;
  }

  async function refuse(blockId: number, row: sql.ClaimRow): Promise<never> {
    if (row.status === null) {
      if (!(await repo.blockOf(db, blockId))) throw notFound('题块不存在');
      throw forbidden('您不是该题块的阅卷教师');
    }
    if (row.status !== 2) throw ruleBroken('该题块当前不在阅卷中');
    throw ruleBroken('您在该题块的阅卷已被题组长暂停');
  }

  async function leased(blockId: number, row: sql.ClaimRow): Promise<LeasedPaper> {
    const paperId = Number(row.paper_id);
    const stage = row.stage!;
    const kind: MarkKind =
      stage === 'third' ? 'third' : stage === 'arbitration' ? 'arbitration' : row.done === 0 ? 'first' : 'second';
    const answer: LeasedPaper = {
      paperId: String(paperId),
      blockId: String(blockId),
      kind,
      token: String(row.token),
      expiresAt: new Date(row.expires_at!).toISOString(),
      imageKey: row.image_key,
      text: row.answer_text,
      questions: await questionsOf(blockId),
    };
    if (kind === 'arbitration') {
      const earlier = await repo.marksOf(db, paperId);
      answer.earlier = earlier.filter((m) => m.kind !== 'spot-check').map((m) => m.scores);
    }
    return answer;
  }

  return {
    /**
     * One statement per stage tried: 题组长 take 仲裁 first, then 三评, then blind papers (the later
     * stages hold finals back); everyone else only blind papers, so one round trip.
     */
    async claim(actor: Actor, blockId: number): Promise<LeasedPaper | null> {
      const now = clock.now();
      const key = `${blockId}:${actor.userId}`;
      const known = leaderCache.get(key);
      const leader = known && now.getTime() - known.at < LEADER_TTL_MS ? known.leader : true;
      const stages: sql.PaperStage[] = leader ? ['arbitration', 'third', 'blind'] : ['blind'];
      for (const stage of stages) {
        const row = await sql.claimStatement(db, { blockId, me: actor.userId, stage, now, until: until(now) });
        if (row.status !== 2 || row.paused !== false) return refuse(blockId, row);
        if (row.paper_id === null && row.daily_cap !== null && Number(row.today_done) >= row.daily_cap) {
          throw ruleBroken(`今天已评 ${row.today_done} 份，已达该题块的每日上限 ${row.daily_cap} 份，请明天再来`);
        }
        leaderCache.set(key, { leader: row.leader === true, at: now.getTime() });
        if (row.paper_id !== null) return leased(blockId, row);
        // A guess of 题组长 that was wrong: straight on to blind papers.
        if (row.leader !== true && stage !== 'blind') {
          const blind = await sql.claimStatement(db, {
            blockId,
            me: actor.userId,
            stage: 'blind',
            now,
            until: until(now),
          });
          return blind.paper_id === null ? null : leased(blockId, blind);
        }
      }
      return null;
    },

    async renew(actor: Actor, params: { blockId: number; paperId: number; token: number }) {
      const renewed = until(clock.now());
      const ok = await sql.renewStatement(db, {
        paperId: params.paperId,
        me: actor.userId,
        token: params.token,
        until: renewed,
      });
      if (!ok) throw lostLease();
      return { expiresAt: renewed.toISOString() };
    },

    async release(actor: Actor, params: { blockId: number; paperId: number; token: number }) {
      const ok = await sql.releaseStatement(db, {
        paperId: params.paperId,
        me: actor.userId,
        token: params.token,
        now: clock.now(),
      });
      if (!ok) throw lostLease();
      return null;
    },

    /**
     * Records the mark the lease was for and moves the paper on by packages/marking's rules, in
     * three statements: lock the paper (with its 题块 and the seat), read its marks and the lease
     * after the lock, write mark + lease + stage together. The lock makes two holders of a
     * double-marked paper go one after the other, so it is finalised exactly once.
     */
    async submit(
      actor: Actor,
      params: { blockId: number; paperId: number; token: number; scores: Record<string, number>; seconds: number },
    ) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const paper = await sql.lockForSubmit(tx, params.paperId, params.blockId, actor.userId);
        if (!paper) {
          if (!(await repo.blockOf(tx, params.blockId))) throw notFound('题块不存在');
          throw notFound('试卷不存在');
        }
        const block = paper.block;
        if (!paper.seated) throw forbidden('您不是该题块的阅卷教师');
        if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
        if (paper.paused) throw ruleBroken('您在该题块的阅卷已被题组长暂停');
        const { leaseId, marks: existing } = await sql.marksAndLease(tx, paper.id, actor.userId);
        if (leaseId === null || leaseId !== params.token) throw lostLease();
        if (paper.stage === 'final') throw conflict('该试卷已评完');
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
        const draft = {
          id: Number.MAX_SAFE_INTEGER,
          paperId: paper.id,
          blockId: block.id,
          markerId: actor.userId,
          kind,
          scores,
          seconds: params.seconds,
          submittedAt: now,
        };
        const all = [...existing, draft];
        // The rules check the new mark with the others before anything is written.
        const state = stateOf(group, paper.examStudentId, all);
        const columns = paperColumns(state, blindMarksNeeded(group, paper.examStudentId), blindCount(all));
        await sql.recordMark(tx, {
          paperId: paper.id,
          blockId: block.id,
          me: actor.userId,
          leaseId,
          kind,
          scores,
          seconds: params.seconds,
          now,
          columns,
        });
        return { stage: columns.stage };
      });
    },
  };
}

function kindFor(stage: sql.PaperStage, blindMarks: number): MarkKind {
  if (stage === 'third') return 'third';
  if (stage === 'arbitration') return 'arbitration';
  return blindMarks === 0 ? 'first' : 'second';
}

const lostLease = () => conflict('该试卷的领取已失效（超时后已分配给其他阅卷教师），请领取下一份');

function blindCount(rows: readonly { kind: string }[]): number {
  return rows.filter((m) => m.kind === 'first' || m.kind === 'second').length;
}

/** 仲裁 decides only the questions that reached it; every other mark scores the whole 题块. */
function scoresFor(
  kind: MarkKind,
  stage: sql.PaperStage,
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
