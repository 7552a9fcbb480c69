import type { AnswerCardTemplate } from '@huikao/answer-card';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { cardTemplates, cardTemplateVersions } from '../cards/card-schema.ts';
import { type StoredPageResult, scanBatches, scanPages } from '../scans/scans-schema.ts';

// What a recognition job reads and writes: the page with its batch, the exam's card versions, the
// uploader as the actor of the scores it writes, and the page's result.

export async function pageForJob(ex: Executor, pageId: number) {
  const [row] = await ex
    .select({ page: scanPages, batch: scanBatches })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(eq(scanPages.id, pageId));
  return row ?? null;
}

export async function setPageStatus(ex: Executor, pageId: number, status: string, error: string | null = null) {
  await ex
    .update(scanPages)
    .set({
      status,
      error,
      attempts: status === 'recognising' ? sql`${scanPages.attempts} + 1` : scanPages.attempts,
    })
    .where(eq(scanPages.id, pageId));
}

/** Every version of the single exam's card, newest first (a page code names one of them). */
/** Every card version of the exam, newest first, whole (the blank print is rendered from it). */
export async function cardVersionsOf(ex: Executor, seId: number): Promise<AnswerCardTemplate[]> {
  const rows = await ex
    .select({
      id: cardTemplateVersions.templateId,
      version: cardTemplateVersions.version,
      template: cardTemplateVersions.template,
    })
    .from(cardTemplateVersions)
    .innerJoin(cardTemplates, eq(cardTemplates.id, cardTemplateVersions.templateId))
    .where(eq(cardTemplates.singleExamId, seId))
    .orderBy(sql`${cardTemplateVersions.version} desc`);
  return rows.map((r) => ({ ...r.template, id: String(r.id), version: r.version }));
}

/** The uploader, as the one who writes the scores their scans produce (audit, score records). */
export async function actorOfUser(ex: Executor, userId: number): Promise<Actor> {
  const [user] = await ex.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} not found`);
  return {
    userId: user.id,
    loginName: user.loginName,
    name: user.name,
    type: user.type as Actor['type'],
    schoolId: user.schoolId,
    userCode: user.userCode,
    sessionId: 0,
    token: '',
    schoolIds: [user.schoolId],
  };
}

export interface PageResultWrite {
  outcome: string;
  detail: string | null;
  templateId: string | null;
  templateVersion: number | null;
  pageNo: number | null;
  turned: boolean;
  examNoRead: string | null;
  absentMarked: boolean;
  result: StoredPageResult | null;
  imageKey: string | null;
  checksum: string;
}

export async function writePageResult(tx: Executor, pageId: number, write: PageResultWrite): Promise<void> {
  const { checksum, ...fields } = write;
  await tx
    .update(scanPages)
    .set({ ...fields, resultChecksum: checksum, status: 'done', error: null, recognisedAt: sql`now()` })
    .where(eq(scanPages.id, pageId));
}

export async function lockPageForResult(tx: Executor, pageId: number) {
  const [row] = await tx
    .select({ page: scanPages })
    .from(scanPages)
    .innerJoin(scanBatches, eq(scanBatches.id, scanPages.batchId))
    .where(and(eq(scanPages.id, pageId), isNull(scanBatches.deletedAt)))
    .for('update', { of: scanPages });
  return row?.page ?? null;
}

/**
 * Whether a card version is already frozen by scans (and its card reads 扫描中): then a page needs no
 * lock on the card row, which would otherwise make every page of the exam wait for the one before.
 */
export async function versionAlreadyScanned(ex: Executor, templateId: number, version: number): Promise<boolean> {
  const [row] = await ex
    .select({ scannedAt: cardTemplateVersions.scannedAt, status: cardTemplates.status })
    .from(cardTemplateVersions)
    .innerJoin(cardTemplates, eq(cardTemplates.id, cardTemplateVersions.templateId))
    .where(and(eq(cardTemplateVersions.templateId, templateId), eq(cardTemplateVersions.version, version)));
  return Boolean(row?.scannedAt) && row?.status === 'scanning';
}
