import { scanningCardsApi as api, type CardTemplate } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTemplates, cardTemplateVersions, examQuestions } from '../../../db/schema.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectOk } from '../../../test/school-base-fixture.ts';

// The bubble layout (题组大小, 选择题排列) through the calls: a save lays the objective blocks out
// with that many questions each, a change re-lays out (a new version once printed), and a value
// outside 4–10 is refused in Chinese with nothing saved.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
  // The English exam gets 24 single-choice questions and one essay: enough for several blocks.
  await s.db.insert(examQuestions).values([
    ...Array.from({ length: 24 }, (_, i) => ({
      schoolId: s.school.id,
      singleExamId: s.english.id,
      questionNo: String(i + 1),
      sortOrder: i + 1,
      kind: 1,
      objectiveType: 1,
      optionCount: 4,
      answer: 'A',
      fullMark: 2,
    })),
    { schoolId: s.school.id, singleExamId: s.english.id, questionNo: '25', sortOrder: 25, kind: 2, fullMark: 52 },
  ]);
});
afterAll(() => s.t.close());

const cardCount = async () => (await s.db.select().from(cardTemplates)).length;
const versionCount = async () => (await s.db.select().from(cardTemplateVersions)).length;
/** Each objective block's row count, in paper order. */
const blockRows = (card: CardTemplate) =>
  card.template.pages.flatMap((p) => p.regions.flatMap((r) => (r.kind === 'objectiveBlock' ? [r.rows.length] : [])));

describe('题组大小 out of range: refused, nothing saved', () => {
  it.each([3, 11])('refuses %s questions per block', async (perBlock) => {
    expectFailure(
      await s.call(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.englishSeId,
        settings: { questionsPerBlock: perBlock },
      }),
      400,
      '题组大小（每组题数）只能是 4 到 10',
    );
    expect(await cardCount()).toBe(0);
  });

  it('refuses an unknown 选择题排列', async () => {
    expectFailure(
      await s.call(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.englishSeId,
        settings: { blockOrder: 'diagonal' },
      }),
      400,
      '选择题排列只能是 across（横排）或 down（竖排）',
    );
    expect(await cardCount()).toBe(0);
  });
});

describe('the bubble layout of a saved card', () => {
  let card: CardTemplate;

  it('saves with 4 questions per block: blocks of four rows', async () => {
    card = expectOk(
      await s.call<CardTemplate>(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.englishSeId,
        settings: { questionsPerBlock: 4 },
      }),
    );
    expect(card.settings).toMatchObject({ questionsPerBlock: 4, blockOrder: 'across' });
    expect(blockRows(card)).toEqual([4, 4, 4, 4, 4, 4]);
  });

  it('regenerates with 10 per block, 竖排: blocks of ten rows, one under another', async () => {
    card = expectOk(
      await s.call<CardTemplate>(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.englishSeId,
        regenerate: true,
        settings: { questionsPerBlock: 10, blockOrder: 'down' },
      }),
    );
    expect(card).toMatchObject({ version: 1, settings: { questionsPerBlock: 10, blockOrder: 'down' } });
    expect(blockRows(card)).toEqual([10, 10, 4]);
    const blocks = card.template.pages[0]!.regions.filter((r) => r.kind === 'objectiveBlock');
    expect(blocks.map((b) => b.rect.x)).toEqual([blocks[0]!.rect.x, blocks[0]!.rect.x, blocks[0]!.rect.x]);
  });

  it('an update re-lays out in place while a draft, and makes a new version once printed', async () => {
    const six = expectOk(
      await s.call<CardTemplate>(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { questionsPerBlock: 6 },
      }),
    );
    expect(six).toMatchObject({ version: 1, settings: { questionsPerBlock: 6, blockOrder: 'down' } });
    expect(blockRows(six)).toEqual([6, 6, 6, 6]);

    expectOk(await s.call(api.markExamTemplatePrinted, { schoolId: s.sid, templateId: card.templateId }));
    const before = await versionCount();
    const eight = expectOk(
      await s.call<CardTemplate>(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { questionsPerBlock: 8, blockOrder: 'across' },
      }),
    );
    expect(eight).toMatchObject({ version: 2, status: 'draft', settings: { questionsPerBlock: 8 } });
    expect(blockRows(eight)).toEqual([8, 8, 8]);
    expect(await versionCount()).toBe(before + 1);
    const v1 = expectOk(
      await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId, version: 1 }),
    );
    expect(blockRows(v1)).toEqual([6, 6, 6, 6]);
  });

  it('refuses 11 on update, leaving the card as it was', async () => {
    const before = await versionCount();
    expectFailure(
      await s.call(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { questionsPerBlock: 11 },
      }),
      400,
      '题组大小（每组题数）只能是 4 到 10',
    );
    expect(await versionCount()).toBe(before);
    const now = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId }));
    expect(now.settings.questionsPerBlock).toBe(8);
  });
});
