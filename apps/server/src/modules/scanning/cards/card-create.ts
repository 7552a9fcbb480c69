import type { CardSettings } from '@huikao/answer-card';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { lockKey } from '../../../platform/locks.ts';
import { type CardExam, generateCard, generationSettings } from './card-build.ts';
import * as repo from './cards-repo.ts';

// A new card: generation (examTemplate/save), 用此试卷建考试, and the demo seed's printed cards.

/** Who writes: a signed-in caller (audited), or the seed (no audit: nobody changed anything). */
export interface CardWriter {
  actor: Actor | null;
  userId: number | null;
}

export const auditCard = (tx: Executor, actor: Actor | null, action: string, templateId: number, after: unknown) =>
  actor
    ? recordAudit(tx, { actor, action: `scanning.card.${action}`, target: `card-template:${templateId}`, after })
    : Promise.resolve();

/** A new card for a single exam without one, version 1, generated from its questions. Take the single exam's lock first. */
export async function createCard(
  tx: Executor,
  writer: CardWriter,
  single: CardExam,
  choice: Partial<CardSettings>,
): Promise<number> {
  const settings = await generationSettings(tx, single, choice);
  // The id first: the page codes carry it. Settings and stamp are set once the layout is built.
  const id = await repo.insertCard(tx, {
    schoolId: single.schoolId,
    singleExamId: single.id,
    settings: { paper: 'A4', columns: 1, sides: 2, identityMode: 'grid', ...settings },
    questionsStamp: '',
    userId: writer.userId,
  });
  const built = await generateCard(tx, single, id, 1, settings);
  await repo.putVersion(tx, { templateId: id, version: 1, schoolId: single.schoolId, template: built.template });
  await repo.updateCard(tx, id, { settings: built.template.settings, questionsStamp: built.stamp });
  await auditCard(tx, writer.actor, 'generate', id, { seId: single.id, settings: built.template.settings });
  return id;
}

/** Serialises the first save of a single exam's card. */
export const lockSingleExamCard = (tx: Executor, seId: number) => lockKey(tx, 'card-of-single-exam', seId);

/**
 * Every subject of an exam gets its card, generated with the defaults and marked 已印刷 (the demo
 * school's 九年级11月月考, ready for scanning). A subject that has a card keeps it. Returns the
 * number of cards made.
 */
export async function generatePrintedCards(db: Db, meId: number, userId: number | null): Promise<number> {
  let made = 0;
  for (const single of await repo.singleExamsOf(db, meId)) {
    const id = await db.transaction(async (tx) => {
      await lockSingleExamCard(tx, single.id);
      if (await repo.findCardOfSingle(tx, single.id)) return null;
      const templateId = await createCard(tx, { actor: null, userId }, single, {});
      await repo.setPrinted(tx, templateId, 1);
      await repo.updateCard(tx, templateId, { status: 'printed' });
      return templateId;
    });
    if (id !== null) made++;
  }
  return made;
}
