import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markQualityItems, marks } from '../../../db/schema.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import * as repo from './quality-repo.ts';
import { isQualityToken } from './quality-service.ts';

// Concurrent writers on a quality item (definition of done 5): the same 回评抽检 answered from
// several tabs at once is recorded exactly once, and the marks stay the first marks. Meaningful on
// PostgreSQL (TEST_DATABASE_URL), where the submissions really run in parallel.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

const q = () => String(s.question.id);

describe('a quality item answered concurrently', () => {
  it('is recorded once; the other submissions are refused with a reason', async () => {
    const [user] = await makeUsers(s.db, s.school.id, 1);
    const { block: b, examStudentIds: ids } = await blockOfNewPapers(s, 40, {
      mode: 'single',
      tolerance: 3,
      markers: [{ userId: user!.id }],
    });
    await s.db.transaction((tx) => repo.saveSettings(tx, b.id, { selfCheckPercent: 20, seededPercent: 0 }));
    const a = actorOf(user!);
    const dispatch = createDispatchService(s.db);
    let item = null;
    for (let i = 0; i < 40 && !item; i++) {
      const paper = (await dispatch.claim(a, b.id))!;
      if (isQualityToken(Number(paper.token))) item = paper;
      else
        await dispatch.submit(a, {
          blockId: b.id,
          paperId: Number(paper.paperId),
          token: Number(paper.token),
          scores: { [q()]: 5 },
          seconds: 2,
        });
    }
    expect(item).not.toBeNull();
    const marksBefore = await s.db.select().from(marks).where(eq(marks.blockId, b.id));

    const answers = await Promise.allSettled(
      [6, 7, 8, 9, 10, 11].map((points) =>
        createDispatchService(s.db).submit(a, {
          blockId: b.id,
          paperId: Number(item!.paperId),
          token: Number(item!.token),
          scores: { [q()]: points },
          seconds: 2,
        }),
      ),
    );
    const kept = answers.filter((r) => r.status === 'fulfilled');
    expect(kept).toHaveLength(1);
    for (const r of answers) {
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/您已评过该试卷/);
    }
    const items = await s.db
      .select()
      .from(markQualityItems)
      .where(and(eq(markQualityItems.blockId, b.id), eq(markQualityItems.markerId, a.userId)));
    expect(items).toHaveLength(1);
    expect(items[0]!.submittedAt).not.toBeNull();
    // The difference is the one kept answer's: 6..11 against the reference 5.
    expect([1, 2, 3, 4, 5, 6]).toContain(items[0]!.difference);
    expect(await s.db.select().from(marks).where(eq(marks.blockId, b.id))).toEqual(marksBefore);
  }, 60_000);
});
