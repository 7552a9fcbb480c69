import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createBlockStatusService } from '../setup/block-status.ts';
import { createSetupService } from '../setup/setup-service.ts';

// The demo's marking (issue #17 Demo): the scanned subject's 题块 set up through setup's services
// (双评 for questions of 8 points or more, as marking.md asks), started so the scanned sheets become
// papers, teacher01 seated on the first 题块 with every paper waiting, and the second 题块 half marked
// through dispatch's claim and submit by several teachers: some 二评 far apart go to 三评, and one
// 三评 far from both leaves a 仲裁 open for the 题组长, so the monitors show a subject at work.

export const DOUBLE_FROM_POINTS = 8;

export interface DemoMarkingInput {
  admin: Actor;
  seId: number;
  /** The subjective questions in paper order. */
  questions: { id: number; questionNo: string; fullMark: number }[];
  /** teacher01: seated on the first 题块, nothing marked. */
  waiting: Actor;
  /** Two blind markers and a 题组长 for the half-marked 题块. */
  markers: [Actor, Actor, Actor];
}

export interface DemoMarkingResult {
  blocks: number;
  marks: number;
  thirds: number;
  arbitrations: number;
}

export async function markDemoBlocks(db: Db, input: DemoMarkingInput): Promise<DemoMarkingResult> {
  const setup = createSetupService(db);
  const status = createBlockStatusService(db);
  const dispatch = createDispatchService(db);
  const { admin, questions } = input;
  if (questions.length < 2) throw new Error('demo marking: the subject needs two subjective questions');
  const blocks = await setup.saveBlocks(admin, {
    seId: String(input.seId),
    blocks: questions.map((q) => ({
      name: `第${q.questionNo}题`,
      questionIds: [String(q.id)],
      mode: q.fullMark >= DOUBLE_FROM_POINTS ? ('double' as const) : ('single' as const),
      tolerance: Math.max(1, Math.round(q.fullMark / 6)),
      step: 1 as const,
    })),
  });
  // The half-marked 题块 is a 双评 one (三评 and 仲裁 exist only there); teacher01 waits on another.
  const busyBlock = blocks.find((b) => b.mode === 'double');
  const waitingBlock = blocks.find((b) => b !== busyBlock);
  if (!busyBlock || !waitingBlock) throw new Error('demo marking: the subject needs a question of 8 points or more');
  const [blind1, blind2, leader] = input.markers;
  await setup.saveTasks(admin, { blockId: waitingBlock!.id, markers: [{ userId: String(input.waiting.userId) }] });
  await setup.saveTasks(admin, {
    blockId: busyBlock!.id,
    markers: [
      { userId: String(blind1.userId) },
      { userId: String(blind2.userId) },
      { userId: String(leader.userId), leader: true },
    ],
  });
  for (const block of [waitingBlock!, busyBlock!])
    await status.setStatus(admin, { blockId: block.id, action: 'start' });

  const blockId = Number(busyBlock!.id);
  const full = busyBlock.questions[0]!.fullMarks;
  let marks = 0;
  let thirds = 0;
  let arbitrations = 0;
  const submit = async (actor: Actor, score: (paperId: number, kind: string) => number) => {
    const paper = await dispatch.claim(actor, blockId);
    if (!paper) return false;
    const paperId = Number(paper.paperId);
    const value = Math.max(0, Math.min(full, score(paperId, paper.kind)));
    await dispatch.submit(actor, {
      blockId,
      paperId,
      token: Number(paper.token),
      scores: Object.fromEntries(paper.questions.map((q) => [q.questionId, value])),
      seconds: 20 + (paperId % 40),
    });
    marks++;
    if (paper.kind === 'third') thirds++;
    return true;
  };
  // A fair hand: most scores near two thirds of full marks, varying by paper.
  const fair = (paperId: number) => Math.round(full * 0.45 + (paperId % 5));
  // Half the papers each for the two blind markers; one in four of the second's far from the first's.
  const rounds = 12;
  for (let i = 0; i < rounds; i++) await submit(blind1, fair);
  for (let i = 0; i < rounds; i++) {
    await submit(blind2, (paperId, kind) =>
      kind === 'second' && i % 4 === 1 ? fair(paperId) - full / 2 : fair(paperId),
    );
  }
  // The 题组长 takes the 三评: all but the last near one of the two; the last far from both (仲裁).
  for (let i = 0; i < 3; i++) {
    const last = i === 2;
    const done = await submit(leader, (paperId, kind) => {
      if (kind === 'third' && last) {
        arbitrations++;
        return fair(paperId) + full / 2;
      }
      return fair(paperId);
    });
    if (!done) break;
  }
  return { blocks: blocks.length, marks, thirds, arbitrations };
}
