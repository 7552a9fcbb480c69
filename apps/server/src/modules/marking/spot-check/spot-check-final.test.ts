import { markingApi, markingSetupApi } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPapers, type marks, studentScores } from '../../../db/schema.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { groupOf, stateOf } from '../paper-rules.ts';
import { createSpotCheckService } from './spot-check-service.ts';

// A spot-check correction is the paper's final against later recomputation (newest spot-check
// wins unless an arbitration came after it), and on a finished, merged subject the student's
// score follows the correction at once (remergeStudents).

type MarkRow = typeof marks.$inferSelect;

describe('paper-rules.stateOf and spot-check marks', () => {
  // 双评, T = 5, one question of 85 points.
  const group = groupOf({
    id: 1,
    questions: [{ questionId: 'q', fullMarks: 85 }],
    step: 1,
    mode: 'double',
    tolerance: 5,
    doubleSharePercent: 100,
  } as never);
  let nextId = 0;
  const row = (kind: MarkRow['kind'], markerId: number, points: number): MarkRow =>
    ({ id: ++nextId, kind, markerId, scores: { q: points }, seconds: 1 }) as unknown as MarkRow;

  it('keeps the newest spot-check against a later 回评 of a blind mark', () => {
    const a = row('first', 1, 40);
    const b = row('second', 2, 42);
    expect(stateOf(group, 7, [a, b])).toMatchObject({ stage: 'final', total: 41 });
    const spot = row('spot-check', 9, 30);
    expect(stateOf(group, 7, [a, b, spot])).toMatchObject({ stage: 'final', scores: { q: 30 }, total: 30 });
    const remarked = row('first', 1, 44);
    expect(stateOf(group, 7, [a, b, spot, remarked])).toMatchObject({ stage: 'final', total: 30 });
    const newerSpot = row('spot-check', 9, 35);
    expect(stateOf(group, 7, [a, b, spot, remarked, newerSpot])).toMatchObject({ total: 35 });
  });

  it('lets an arbitration given after the spot-check win, not one given before', () => {
    const marks = [row('first', 1, 0), row('second', 2, 20), row('third', 3, 60)];
    expect(stateOf(group, 8, marks).stage).toBe('needs-arbitration');
    const arbitration = row('arbitration', 4, 30);
    const spot = row('spot-check', 9, 33);
    expect(stateOf(group, 8, [...marks, arbitration, spot])).toMatchObject({ stage: 'final', total: 33 });
    const newer = row('arbitration', 4, 31);
    expect(stateOf(group, 8, [...marks, arbitration, spot, newer])).toMatchObject({ stage: 'final', total: 31 });
  });
});

describe('a correction on a finished and merged subject', () => {
  let s: Awaited<ReturnType<typeof setUpMarking>>;
  beforeAll(async () => {
    s = await setUpMarking();
  }, 60_000);
  afterAll(() => s.t.close());

  it('re-merges the student so the score follows the correction', async () => {
    const [marker] = await makeUsers(s.db, s.school.id, 1);
    const { block, examStudentIds: esIds } = await blockOfNewPapers(s, 2, {
      mode: 'single',
      tolerance: 5,
      markers: [{ userId: marker!.id }],
    });
    const dispatch = createDispatchService(s.db);
    const q = String(s.question.id);
    for (;;) {
      const paper = await dispatch.claim(actorOf(marker!), block.id);
      if (!paper) break;
      await dispatch.submit(actorOf(marker!), {
        blockId: block.id,
        paperId: Number(paper.paperId),
        token: Number(paper.token),
        scores: { [q]: 50 },
        seconds: 2,
      });
    }
    expectOk(await s.call(markingApi.setBlockStatus, { blockId: String(block.id), action: 'finish' }));
    expectOk(await s.call(markingSetupApi.mergeScores, { seId: s.ids.mathSeId }));
    const scoreOf = async (esId: number) =>
      (
        await s.db
          .select()
          .from(studentScores)
          .where(and(eq(studentScores.singleExamId, s.math.id), eq(studentScores.examStudentId, esId)))
      )[0]!.scores[q];
    expect(await scoreOf(esIds[0]!)).toBe(50);

    const [paper] = await s.db.select().from(markPapers).where(eq(markPapers.examStudentId, esIds[0]!));
    const spot = createSpotCheckService(s.db, () => {}, { now: () => new Date() });
    await spot.correct(actorOf(s.adminTeacher.user as never), {
      blockId: block.id,
      paperId: paper!.id,
      scores: { [q]: 60 },
      reason: '漏看第二步',
    });
    expect(await scoreOf(esIds[0]!)).toBe(60);
    expect(await scoreOf(esIds[1]!)).toBe(50);
  });
});
