import type { AnswerBoxRegion } from '@huikao/answer-card';
import { scanningCardsApi as api, type CardTemplate } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTemplates, cardTemplateVersions } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';

// Saves of one card racing each other. On PostgreSQL (TEST_DATABASE_URL) the calls run in
// parallel; on PGlite one after another. Either way no save is lost: generation makes one card,
// designer changes each apply to the card as the other left it, and a stale revision is refused.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const boxHeight = (card: CardTemplate, boxId: string) =>
  card.template.pages
    .flatMap((p) => p.regions.filter((r): r is AnswerBoxRegion => r.kind === 'answerBox' && r.boxId === boxId))
    .reduce((sum, r) => sum + r.rect.height, 0);

describe('two saves of one card', () => {
  let card: CardTemplate;

  it('generates one card from 20 parallel first saves', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call<CardTemplate>(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }),
      ),
    );
    const made = results.filter((r) => r.status === 200);
    expect(made).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 409, message: expect.stringContaining('该科目已有答题卡') });
    }
    expect(await s.db.select().from(cardTemplates)).toHaveLength(1);
    expect(await s.db.select().from(cardTemplateVersions)).toHaveLength(1);
    card = made[0]!.data;
  });

  it('keeps every one of several parallel changes', async () => {
    const boxId = card.template.items.flatMap((i) => (i.kind === 'box' ? [i.box.id] : []))[0]!;
    const changes = [{ boxHeights: { [boxId]: 150 } }, { sides: 1 }, { identityMode: 'both' }, { examNumberLength: 9 }];
    const results = await Promise.all(
      changes.map((change) =>
        s.call<CardTemplate>(api.updateExamTemplate, { schoolId: s.sid, templateId: card.templateId, change }),
      ),
    );
    for (const r of results) expectOk(r);
    const after = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(after.revision).toBe(card.revision + changes.length);
    expect(after.settings).toMatchObject({ sides: 1, identityMode: 'both', examNumberLength: 9 });
    expect(boxHeight(after, boxId)).toBeCloseTo(150);
    expect(new Set(results.map((r) => r.data.revision)).size).toBe(changes.length);
  });

  it('lets one of several edits of the same revision through and refuses the rest', async () => {
    const current = expectOk(
      await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    const results = await Promise.all(
      [1, 2, 1, 2, 1, 2].map((sides) =>
        s.call<CardTemplate>(api.updateExamTemplate, {
          schoolId: s.sid,
          templateId: card.templateId,
          revision: current.revision,
          change: { sides },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.message)).toEqual(
      Array(5).fill('答题卡已被他人修改，请刷新后再改'),
    );
    const after = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(after.revision).toBe(current.revision + 1);
  });
});
