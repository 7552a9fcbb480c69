import type { LeasedPaper, MarkKind } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { blindMarksNeeded, groupOf, paperColumns, stateOf } from '../paper-rules.ts';
import { createQualityService, isQualityToken } from '../quality/quality-service.ts';
import * as claimSql from './claim-sql.ts';
import * as repo from './dispatch-repo.ts';
import * as sql from './dispatch-sql.ts';
import * as submitSql from './submit-sql.ts';

// Dispatch (marking.md "Distribution"): claim, renew, release and submit. A claim leases one paper
// for ten minutes; the lease's id is the fencing token every renewal and submission must carry.
// A lease that expired and was taken over is gone, so its holder's late submission is refused.

export const LEASE_MINUTES = 10;
/** The desk's current paper and the two it prefetches. */
export const QUEUE_SIZE = 3;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createDispatchService(db: Db, clock: Clock = systemClock) {
  const until = (now: Date) => new Date(now.getTime() + LEASE_MINUTES * 60_000);
  // 回评抽检 and 标准卷 (quality/): a claim may serve one, and its token routes its calls there.
  const quality = createQualityService(db);

  // Per-process caches of what cannot change while a 题块 is 阅卷中 (its questions and their
  // numbers and its step are fixed once it starts) and of a marker's 题组长 flag, which only picks which stage
  // to try first: the claim statement itself checks the seat, the pause and the leader flag.
  const questionsCache = new Map<number, Promise<Pick<LeasedPaper, 'questions' | 'step'>>>();
  const leaderCache = new Map<string, { leader: boolean; at: number }>();
  const LEADER_TTL_MS = 30_000;

  function questionsOf(blockId: number) {
    let cached = questionsCache.get(blockId);
    if (!cached) {
      cached = (async () => {
        const block = await repo.blockOf(db, blockId);
        if (!block) return { questions: [], step: 1 };
        const nos = await repo.questionNos(
          db,
          block.questions.map((q) => Number(q.questionId)),
        );
        return {
          questions: block.questions.map((q) => ({ ...q, questionNo: nos.get(q.questionId) ?? '' })),
          step: block.step,
        };
      })();
      questionsCache.set(blockId, cached);
      cached.catch(() => questionsCache.delete(blockId));
    }
    return cached;
  }

  async function refuse(blockId: number, row: claimSql.ClaimRow): Promise<never> {
    if (row.status === null) {
      if (!(await repo.blockOf(db, blockId))) throw notFound('题块不存在');
      throw forbidden('您不是该题块的阅卷教师');
    }
    if (row.status !== 2) throw ruleBroken('该题块当前不在阅卷中');
    throw ruleBroken('您在该题块的阅卷已被题组长暂停');
  }

  async function leased(blockId: number, row: claimSql.ClaimRow): Promise<LeasedPaper> {
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
      ...(await questionsOf(blockId)),
    };
    if (kind === 'arbitration') {
      const earlier = await repo.marksOf(db, paperId);
      answer.earlier = earlier.filter((m) => m.kind !== 'spot-check').map((m) => m.scores);
    }
    return answer;
  }

  /**
   * Renews what the marker holds and tops it up to `size`, one statement per stage tried: 题组长
   * take 仲裁 first, then 三评, then blind papers (the later stages hold finals back); everyone
   * else only blind papers, so one round trip. The held papers, oldest first.
   */
  async function claimUpTo(actor: Actor, blockId: number, size: number): Promise<claimSql.ClaimRow[]> {
    const now = clock.now();
    const key = `${blockId}:${actor.userId}`;
    const known = leaderCache.get(key);
    const leader = known && now.getTime() - known.at < LEADER_TTL_MS ? known.leader : true;
    const stages: sql.PaperStage[] = leader ? ['arbitration', 'third', 'blind'] : ['blind'];
    const claimOf = (stage: sql.PaperStage) =>
      claimSql.claimStatement(db, { blockId, me: actor.userId, stage, now, until: until(now), size });
    let held: claimSql.ClaimRow[] = [];
    for (const stage of stages) {
      const rows = await claimOf(stage);
      const row = rows[0]!;
      if (row.status !== 2 || row.paused !== false) return refuse(blockId, row);
      if (row.paper_id === null && row.daily_cap !== null && Number(row.today_done) >= row.daily_cap) {
        throw ruleBroken(`今天已评 ${row.today_done} 份，已达该题块的每日上限 ${row.daily_cap} 份，请明天再来`);
      }
      leaderCache.set(key, { leader: row.leader === true, at: now.getTime() });
      held = rows.filter((r) => r.paper_id !== null);
      if (held.length >= size) return held;
      // A guess of 题组长 that was wrong: straight on to blind papers.
      if (row.leader !== true && stage !== 'blind') {
        return (await claimOf('blind')).filter((r) => r.paper_id !== null);
      }
    }
    return held;
  }

  /** 回评抽检 and 标准卷 (quality/): the marker's open item (renewed) or a new one when one is due. */
  function qualityTurn(actor: Actor, blockId: number): Promise<LeasedPaper | null> {
    const now = clock.now();
    return quality.claimTurn(actor, blockId, now, until(now), () => questionsOf(blockId));
  }

  return {
    /** The marker's held paper (renewed), else one newly leased; null when nothing is left for them. */
    async claim(actor: Actor, blockId: number): Promise<LeasedPaper | null> {
      const item = await qualityTurn(actor, blockId);
      if (item) return item;
      const [row] = await claimUpTo(actor, blockId, 1);
      return row ? leased(blockId, row) : null;
    },

    /**
     * The desk's queue (marking.md: "holds its current paper and prefetches the next two"): every
     * paper the marker holds on the 题块, renewed, oldest first, topped up to QUEUE_SIZE.
     */
    async claimQueue(actor: Actor, blockId: number): Promise<LeasedPaper[]> {
      // A quality item (回评抽检/标准卷) comes last, like any new paper, on top of the full queue:
      // a smaller top-up would leave a held lease unrenewed, stranding its paper until it expires.
      const item = await qualityTurn(actor, blockId);
      const rows = await claimUpTo(actor, blockId, QUEUE_SIZE);
      const papers = await Promise.all(rows.map((row) => leased(blockId, row)));
      return item ? [...papers, item] : papers;
    },

    async renew(actor: Actor, params: { blockId: number; paperId: number; token: number }) {
      const renewed = until(clock.now());
      if (isQualityToken(params.token)) return quality.renew(actor, params, clock.now(), renewed);
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
      if (isQualityToken(params.token)) return quality.drop(actor, params, clock.now());
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
     * Records the mark the lease was for and moves the paper on by packages/marking's rules, in two
     * statements and no transaction (submit-sql.ts): read the paper, its marks and the lease; write
     * mark + lease + stage only if the paper row is unchanged since. A write that finds it changed
     * (the other holder's mark, a renewal, a take-over) reads again, so the paper is finalised
     * exactly once and a lost lease is refused on the fresh read.
     */
    async submit(
      actor: Actor,
      params: { blockId: number; paperId: number; token: number; scores: Record<string, number>; seconds: number },
    ) {
      const now = clock.now();
      if (isQualityToken(params.token)) return quality.submit(actor, params, now);
      // The reads and writes hold one connection (onOneConnection), so nothing in here may use
      // `db` itself: with every pooled connection held that way, it would wait for ever.
      const done = await sql.onOneConnection(db, async (conn) => {
        for (let attempt = 0; attempt < SUBMIT_ATTEMPTS; attempt++) {
          const read = await submitSql.readForSubmit(conn, params.paperId, params.blockId, actor.userId);
          if (!read) return 'missing' as const;
          const { paper, leaseId, marks: existing } = read;
          const block = paper.block;
          if (!paper.seated) throw forbidden('您不是该题块的阅卷教师');
          if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
          if (paper.paused) throw ruleBroken('您在该题块的阅卷已被题组长暂停');
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
          const written = await submitSql.recordMark(conn, {
            paperId: paper.id,
            blockId: block.id,
            me: actor.userId,
            leaseId,
            version: read.version,
            kind,
            scores,
            seconds: params.seconds,
            now,
            columns,
          });
          if (written !== null) return { stage: columns.stage, kind };
        }
        // Each failed write means another writer changed this paper in between; a paper has at most
        // a few holders, so this is reached only when something keeps rewriting it.
        throw conflict('该试卷正被同时修改，请重新提交');
      });
      if (done !== 'missing') {
        if (done.kind === 'first' || done.kind === 'second') quality.marked(params.blockId, actor.userId);
        return { stage: done.stage };
      }
      if (!(await repo.blockOf(db, params.blockId))) throw notFound('题块不存在');
      throw notFound('试卷不存在');
    },
  };
}

/** Reads and conditional writes before a submission gives up (see submit). */
const SUBMIT_ATTEMPTS = 8;

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
