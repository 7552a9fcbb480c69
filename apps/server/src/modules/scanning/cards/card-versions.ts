import type { AnswerCardTemplate } from '@huikao/answer-card';
import type { Executor } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import * as repo from './cards-repo.ts';

// What scanning needs of a card: the exact version a page code names (recognition reads its
// geometry), and the moment a version's first page is stored, after which it never changes.

/** The laid-out template of one version, with its school (the caller checks the tenant). */
export async function findCardVersion(
  ex: Executor,
  templateId: number,
  version: number,
): Promise<{ schoolId: number; seId: number; template: AnswerCardTemplate } | null> {
  const card = await repo.findCardRow(ex, templateId);
  const row = card ? await repo.findVersion(ex, templateId, version) : null;
  if (!card || !row) return null;
  return { schoolId: card.schoolId, seId: card.singleExamId, template: row.template };
}

/**
 * Called in the scanning transaction that stores a page of this version: from then on the version
 * is frozen (an edit makes the next one) and the card reads 扫描中. Idempotent.
 */
export async function markVersionScanned(tx: Executor, templateId: number, version: number): Promise<void> {
  const card = await repo.lockCard(tx, templateId);
  if (!card || !(await repo.findVersion(tx, templateId, version))) {
    throw notFound(`答题卡（templateId ${templateId}）没有第 ${version} 版`);
  }
  const first = await repo.setScanned(tx, templateId, version);
  if (first || card.status !== 'scanning') await repo.updateCard(tx, templateId, { status: 'scanning' });
}
