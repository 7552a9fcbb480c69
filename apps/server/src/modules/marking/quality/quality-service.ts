import type { LeasedPaper } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import * as dispatchRepo from '../dispatch/dispatch-repo.ts';
import { groupOf, stateOf } from '../paper-rules.ts';
import * as repo from './quality-repo.ts';
import { due, nextDue, quietTurnsOf } from './quiet-turns.ts';

// 回评抽检 and 标准卷 (marking.md "Quality"). Dispatch asks here before each claim whether this
// claim serves a quality item; the item looks like any paper on the desk, but its scores land in
// mark_quality_items only: never a mark, so never a final, a quota, progress or a blind count.

/** Quality items' tokens start here (the table's identity); leases' ids never reach it. */
export const QUALITY_TOKEN_BASE = 1_000_000_000_000;
export const isQualityToken = (token: number) => token >= QUALITY_TOKEN_BASE;

/** A paper comes back only once the marker has marked this many papers since. */
export const SELF_CHECK_MIN_AGO = 20;

/** The 题块's questions and score step, as dispatch keeps them. */
type Questions = Pick<LeasedPaper, 'questions' | 'step'>;

export function createQualityService(db: Db) {
  const quiet = quietTurnsOf(db);
  function shown(
    item: repo.QualityItem,
    block: Questions,
    paper: { imageKey: string | null; answerText: string | null },
  ) {
    const leased: LeasedPaper = {
      paperId: String(item.paperId),
      blockId: String(item.blockId),
      kind: item.shownAs,
      token: String(item.id),
      expiresAt: item.expiresAt.toISOString(),
      imageKey: paper.imageKey,
      text: paper.answerText,
      questions: block.questions,
      step: block.step,
    };
    return leased;
  }

  async function serve(item: repo.QualityItem, questions: () => Promise<Questions>) {
    const paper = await dispatchRepo.paperById(db, item.paperId);
    if (!paper) return null;
    return shown(item, await questions(), paper);
  }

  return {
    /**
     * The quality item this claim serves, or null for a normal claim: the caller's unanswered one
     * again, else a 回评抽检 or a 标准卷 when one is due (never two items in a row).
     */
    async claimTurn(
      actor: Actor,
      blockId: number,
      now: Date,
      until: Date,
      questions: () => Promise<Questions>,
    ): Promise<LeasedPaper | null> {
      const me = actor.userId;
      if (quiet.quiet(blockId, me, now.getTime())) return null;
      const turn = await repo.turnOf(db, blockId, me, now);
      if (!turn.open) return null;
      const rest = (until: number) => {
        quiet.remember(blockId, me, turn.blindDone, until, now.getTime());
        return null;
      };
      if (turn.openItemId !== null) {
        await repo.renewItem(db, turn.openItemId, until);
        const open = await repo.itemById(db, turn.openItemId);
        if (open) return serve(open, questions);
      }
      // Never two items in a row: nothing until the next mark.
      if (turn.servedSinceLastMark) return rest(turn.blindDone + 1);
      const seed = `${blockId}:${me}`;
      let candidate: repo.Candidate | undefined;
      let kind: 'self' | 'seeded' = 'self';
      const selfDue = due(turn.blindDone, turn.selfServed, turn.selfCheckPercent, `self:${seed}`);
      if (selfDue) candidate = await repo.selfCandidate(db, blockId, me, SELF_CHECK_MIN_AGO);
      const seededDue = due(turn.blindDone, turn.seededServed, turn.seededPercent, `seeded:${seed}`);
      if (!candidate && seededDue) {
        candidate = await repo.seededCandidate(db, blockId, me);
        kind = 'seeded';
      }
      if (!candidate) {
        // A 回评抽检 due without a paper old enough waits for the next mark (or the 21st); a
        // 标准卷 due without one waits for a leader to set one (seen here at once, or after QUIET_MS).
        const selfAt = selfDue
          ? Math.max(turn.blindDone + 1, SELF_CHECK_MIN_AGO + 1)
          : nextDue(turn.blindDone, turn.selfServed, turn.selfCheckPercent, `self:${seed}`);
        const seededAt = seededDue
          ? Number.POSITIVE_INFINITY
          : nextDue(turn.blindDone, turn.seededServed, turn.seededPercent, `seeded:${seed}`);
        return rest(Math.min(selfAt, seededAt));
      }
      const item = await repo.insertItem(db, {
        blockId,
        paperId: candidate.paperId,
        markerId: me,
        kind,
        shownAs: candidate.shownAs,
        reference: candidate.reference,
        servedAt: now,
        expiresAt: until,
      });
      return serve(item, questions);
    },

    /** A blind mark the marker just submitted (the quiet-turn memory counts it). */
    marked(blockId: number, me: number) {
      quiet.marked(blockId, me);
    },

    /** The answer to a quality item: its scores and signed difference to the reference, nothing else. */
    async submit(
      actor: Actor,
      p: { blockId: number; paperId: number; token: number; scores: Record<string, number>; seconds: number },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const item = await repo.itemForUpdate(tx, p.token);
        if (!item || item.markerId !== actor.userId || item.paperId !== p.paperId || item.blockId !== p.blockId) {
          throw conflict('该试卷的领取已失效（超时后已分配给其他阅卷教师），请领取下一份');
        }
        if (item.submittedAt) throw conflict('您已评过该试卷');
        const block = await dispatchRepo.blockOf(tx, p.blockId);
        const paper = await dispatchRepo.paperById(tx, p.paperId);
        if (!block || !paper) throw notFound('试卷不存在');
        // As for any paper: nothing is taken once the 题块 is finished.
        if (block.status === 4) throw ruleBroken('该题块已结束阅卷');
        const group = groupOf(block);
        const known = new Set(group.questions.map((q) => q.questionId));
        for (const id of Object.keys(p.scores)) if (!known.has(id)) throw badInput(`题块中没有题目 ${id}`);
        // The rules check the scores as they would a first mark (every question, on the step).
        stateOf(group, paper.examStudentId, [
          {
            id: 1,
            paperId: paper.id,
            blockId: block.id,
            markerId: actor.userId,
            kind: 'first',
            scores: p.scores,
            seconds: p.seconds,
            submittedAt: now,
          },
        ]);
        const difference = group.questions.reduce(
          (sum, q) => sum + (p.scores[q.questionId] ?? 0) - (item.reference[q.questionId] ?? 0),
          0,
        );
        await repo.answerItem(tx, item.id, {
          scores: p.scores,
          difference: Math.round(difference * 100) / 100,
          seconds: p.seconds,
          submittedAt: now,
        });
        // The paper's own stage, as a normal submission answers: the desk moves on.
        return { stage: paper.stage };
      });
    },

    async renew(actor: Actor, p: { blockId: number; paperId: number; token: number }, now: Date, until: Date) {
      const item = await liveItem(actor, p, now);
      await repo.renewItem(db, item.id, until);
      return { expiresAt: until.toISOString() };
    },

    /** Released or flagged as 问题卷: dropped unanswered (a real 问题卷 is the real paper's to flag). */
    async drop(actor: Actor, p: { blockId: number; paperId: number; token: number }, now: Date) {
      const item = await liveItem(actor, p, now);
      await repo.dropItem(db, item.id);
      return null;
    },

    /** The desk's image of a quality item: its holder may see it while the item is live. */
    async holds(actor: Actor, p: { paperId: number; token?: number }, now: Date) {
      if (p.token === undefined || !isQualityToken(p.token)) return false;
      const item = await repo.itemById(db, p.token);
      return (
        item !== undefined &&
        item.markerId === actor.userId &&
        item.paperId === p.paperId &&
        item.submittedAt === null &&
        item.expiresAt > now
      );
    },
  };

  async function liveItem(actor: Actor, p: { blockId: number; paperId: number; token: number }, now: Date) {
    const item = await repo.itemById(db, p.token);
    if (
      !item ||
      item.markerId !== actor.userId ||
      item.paperId !== p.paperId ||
      item.blockId !== p.blockId ||
      item.submittedAt !== null ||
      item.expiresAt <= now
    ) {
      throw conflict('该试卷的领取已失效（超时后已分配给其他阅卷教师），请领取下一份');
    }
    return item;
  }
}
