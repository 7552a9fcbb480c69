import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLeases, markPapers, marks } from '../../../db/schema.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { blindMarksNeeded, groupOf, paperColumns, stateOf } from '../paper-rules.ts';
import { createDispatchService } from './dispatch-service.ts';
import { readForSubmit, recordMark } from './submit-sql.ts';

// The submission's conditional write (submit-sql.ts): a write prepared on a read that another
// writer has since overtaken changes nothing, and the service then reads again and finishes on
// the fresh marks. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

describe('a submission whose paper changed after its read', () => {
  it('writes nothing on the stale read, then finalises once on a fresh one', async () => {
    const [a, b] = await makeUsers(s.db, s.school.id, 2);
    const { block, examStudentIds: ids } = await blockOfNewPapers(s, 1, {
      mode: 'double',
      tolerance: 5,
      markers: [{ userId: a!.id }, { userId: b!.id }],
    });
    const dispatch = createDispatchService(s.db);
    const q = String(s.question.id);
    const held = await dispatch.claim(actorOf(a!), block.id);
    const other = await dispatch.claim(actorOf(b!), block.id);
    expect(other?.paperId).toBe(held?.paperId);
    const paperId = Number(held!.paperId);

    // A reads and decides as the first mark; B's mark lands before A writes.
    const read = await readForSubmit(s.db, paperId, block.id, a!.id);
    expect(read?.marks).toEqual([]);
    const first = await dispatch.submit(actorOf(b!), {
      blockId: block.id,
      paperId,
      token: Number(other!.token),
      scores: { [q]: 6 },
      seconds: 3,
    });
    expect(first.stage).toBe('blind');

    const group = groupOf(read!.paper.block);
    const draft = {
      id: Number.MAX_SAFE_INTEGER,
      paperId,
      blockId: block.id,
      markerId: a!.id,
      kind: 'first' as const,
      scores: { [q]: 8 },
      seconds: 4,
      submittedAt: new Date(),
    };
    const stale = await recordMark(s.db, {
      paperId,
      blockId: block.id,
      me: a!.id,
      leaseId: read!.leaseId!,
      version: read!.version,
      kind: 'first',
      scores: draft.scores,
      seconds: draft.seconds,
      now: draft.submittedAt,
      columns: paperColumns(
        stateOf(group, read!.paper.examStudentId, [draft]),
        blindMarksNeeded(group, read!.paper.examStudentId),
        1,
      ),
    });
    expect(stale).toBeNull();
    expect((await s.db.select().from(marks).where(eq(marks.paperId, paperId))).map((m) => m.markerId)).toEqual([b!.id]);
    expect(await s.db.select().from(markLeases).where(eq(markLeases.paperId, paperId))).toHaveLength(1);

    // Through the service the same submission reads again: it is the second mark and finalises.
    const second = await dispatch.submit(actorOf(a!), {
      blockId: block.id,
      paperId,
      token: Number(held!.token),
      scores: { [q]: 8 },
      seconds: 4,
    });
    expect(second.stage).toBe('final');
    const recorded = await s.db.select().from(marks).where(eq(marks.paperId, paperId)).orderBy(marks.id);
    expect(recorded.map((m) => [m.markerId, m.kind])).toEqual([
      [b!.id, 'first'],
      [a!.id, 'second'],
    ]);
    const [paper] = await s.db.select().from(markPapers).where(eq(markPapers.id, paperId));
    expect(paper).toMatchObject({ stage: 'final', finalTotal: 7, holders: [] });
    expect(await s.db.select().from(markLeases).where(eq(markLeases.paperId, paperId))).toEqual([]);
  });
});
