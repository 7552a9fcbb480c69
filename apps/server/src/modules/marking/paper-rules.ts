import {
  type Mark,
  type MarkGroup,
  MarkingInputError,
  markGroupOf,
  type PaperState,
  paperIsDoubleMarked,
  paperState,
} from '@huikao/marking';
import { badInput } from '../../platform/errors.ts';
import type { markBlocks, marks } from './schema.ts';

// The bridge from rows to packages/marking: the 题块's settings as a MarkGroup, a paper's marks as
// Marks, and the cached stage columns of mark_papers from paperState. No rule is decided here.

type BlockRow = typeof markBlocks.$inferSelect;
type MarkRow = typeof marks.$inferSelect;

export function groupOf(block: BlockRow): MarkGroup {
  return checked(() =>
    markGroupOf({
      questions: block.questions,
      step: block.step,
      mode: block.mode,
      tolerance: block.tolerance,
      doubleSharePercent: block.doubleSharePercent,
      // Fixed per 题块, so the papers 双评比例 picks never change.
      shareSeed: `block:${block.id}`,
    }),
  );
}

/** The key paperState hashes for 双评比例: the exam student, known before the paper row exists. */
export const shareKey = (examStudentId: number) => String(examStudentId);

export function blindMarksNeeded(group: MarkGroup, examStudentId: number): 1 | 2 {
  return paperIsDoubleMarked(group, shareKey(examStudentId)) ? 2 : 1;
}

export function stateOf(group: MarkGroup, examStudentId: number, rows: readonly MarkRow[]): PaperState {
  const list: Mark[] = rows
    .filter((row) => row.kind !== 'spot-check')
    .map((row) => ({
      markerId: String(row.markerId),
      stage: row.kind as Mark['stage'],
      sequence: row.id,
      scores: row.scores,
      seconds: row.seconds,
    }));
  const state = checked(() => paperState(group, { paperId: shareKey(examStudentId), marks: list }));
  return spotCheckKept(state, rows);
}

/**
 * A spot-check correction stays the final against any later recomputation (a 回评 of a blind mark
 * would otherwise bring the old rule's result back): the newest spot-check mark wins, unless an
 * arbitration was given after it (the 题组长's newer word).
 */
function spotCheckKept(state: PaperState, rows: readonly MarkRow[]): PaperState {
  let spot: MarkRow | undefined;
  let arbitration: MarkRow | undefined;
  for (const row of rows) {
    if (row.kind === 'spot-check' && (!spot || row.id > spot.id)) spot = row;
    if (row.kind === 'arbitration' && (!arbitration || row.id > arbitration.id)) arbitration = row;
  }
  if (!spot || (arbitration && arbitration.id > spot.id)) return state;
  const total = Object.values(spot.scores).reduce((sum, points) => sum + points, 0);
  return { stage: 'final', scores: { ...spot.scores }, total, questions: state.questions };
}

/** The mark_papers columns that cache a state, so the claim can find open slots by index. */
export function paperColumns(state: PaperState, blindNeeded: number, blindMarks: number) {
  switch (state.stage) {
    case 'needs-first':
    case 'needs-second':
      return { stage: 'blind' as const, needed: blindNeeded, done: blindMarks, finalScores: null, finalTotal: null };
    case 'needs-third':
      return { stage: 'third' as const, needed: 1, done: 0, finalScores: null, finalTotal: null };
    case 'needs-arbitration':
      return { stage: 'arbitration' as const, needed: 1, done: 0, finalScores: null, finalTotal: null };
    case 'final':
      return { stage: 'final' as const, needed: 0, done: 0, finalScores: state.scores, finalTotal: state.total };
  }
}

function checked<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof MarkingInputError) throw badInput(error.message);
    throw error;
  }
}
