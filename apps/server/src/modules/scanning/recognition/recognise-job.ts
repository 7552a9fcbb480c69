import type { Db } from '../../../platform/db.ts';
import { lockKey } from '../../../platform/locks.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { markVersionScanned } from '../cards/card-versions.ts';
import { refreshPage, refreshStudents } from '../exceptions/sheet-refresh.ts';
import type { StoredPageResult } from '../scans/scans-schema.ts';
import { blankReferencesOf } from './blank-reference.ts';
import type { PageFormat } from './decode-grey.ts';
import type { RecognitionInput, RecognitionOutput, TemplateForRecognition } from './recognise-page.ts';
import {
  actorOfUser,
  cardVersionsOf,
  lockPageForResult,
  type PageResultWrite,
  pageForJob,
  setPageStatus,
  versionAlreadyScanned,
  writePageResult,
} from './recognition-repo.ts';

// One page's job (design: "Recognition of a page", step 6 and "Nothing lost"): read the page's bytes,
// recognise them off the main thread and outside any transaction, store the crops, then write the
// result with the page's checksum, its exceptions and the student's scores in ONE transaction.
// Running a page again replaces its result (and its crops); a person's corrections stay.

export type Recognise = (input: RecognitionInput) => Promise<RecognitionOutput>;

const TEMPLATE_CACHE_MS = 10_000;

export function createPageJob(db: Db, storage: FileStorage, recognise: Recognise) {
  const templateCache = new Map<number, { at: number; templates: Promise<TemplateForRecognition[]> }>();
  const templatesOf = (seId: number) => {
    const cached = templateCache.get(seId);
    if (cached && Date.now() - cached.at < TEMPLATE_CACHE_MS) return cached.templates;
    const templates = cardVersionsOf(db, seId).then((cards) =>
      Promise.all(
        cards.map(
          async (card): Promise<TemplateForRecognition> => ({
            id: card.id,
            version: card.version,
            pages: card.pages,
            blankReferences: await blankReferencesOf(card),
          }),
        ),
      ),
    );
    templateCache.set(seId, { at: Date.now(), templates });
    templates.catch(() => templateCache.delete(seId));
    return templates;
  };

  return async function recognisePageJob(pageId: number): Promise<void> {
    const found = await pageForJob(db, pageId);
    if (!found || found.batch.deletedAt) return;
    const { page, batch } = found;
    await setPageStatus(db, pageId, 'recognising');
    const written: string[] = [];
    try {
      const bytes = await storage.get(page.sourceKey);
      const output = await recognise({
        bytes,
        format: page.sourceFormat as PageFormat,
        dpi: batch.dpi,
        templates: await templatesOf(batch.singleExamId),
        keepImage: page.sourceFormat === 'pdf',
      });
      const crops: StoredPageResult['crops'] = [];
      if (output.outcome === 'read') {
        for (const crop of output.crops) {
          const key = await storage.put('scan-crops', 'crop.jpg', Buffer.from(crop.jpeg));
          written.push(key);
          crops.push({ boxId: crop.boxId, label: crop.label, questionNumbers: crop.questionNumbers, key });
        }
      }
      const imageKey = output.image ? await storage.put('scan-pages', 'page.jpg', Buffer.from(output.image)) : null;
      if (imageKey) written.push(imageKey);

      const replaced = await db.transaction(async (tx) => {
        // One exam's results are written one at a time: two sides of one sheet recognised at once
        // would otherwise lock the same sheet, card version and exam-student rows in opposite orders.
        await lockKey(tx, 'scan-results', batch.singleExamId);
        const locked = await lockPageForResult(tx, pageId);
        if (!locked) return null;
        const old = [...(locked.result?.crops.map((c) => c.key) ?? []), ...(locked.imageKey ? [locked.imageKey] : [])];
        await writePageResult(tx, pageId, resultOf(output, crops, imageKey, locked.checksum));
        if (output.outcome === 'read') {
          const [id, version] = [Number(output.templateId), output.templateVersion];
          if (!(await versionAlreadyScanned(tx, id, version))) await markVersionScanned(tx, id, version);
        }
        const context = {
          actor: await actorOfUser(tx, batch.createdBy),
          schoolId: batch.schoolId,
          seId: batch.singleExamId,
          reason: `扫描批次 ${batch.id}`,
        };
        await refreshStudents(tx, context, await refreshPage(tx, context, pageId));
        return old;
      });
      // The page's batch was deleted meanwhile: nothing names the new crops.
      if (replaced === null) for (const key of written) await storage.remove(key).catch(() => {});
      written.length = 0;
      // Replaced crops are no longer named by any row: dropped after the commit, never before it.
      for (const key of replaced ?? []) await storage.remove(key).catch(() => {});
    } catch (error) {
      for (const key of written) await storage.remove(key).catch(() => {});
      await setPageStatus(db, pageId, 'failed', error instanceof Error ? error.message.slice(0, 500) : String(error));
      throw error;
    }
  };
}

function resultOf(
  output: RecognitionOutput,
  crops: StoredPageResult['crops'],
  imageKey: string | null,
  checksum: string,
): PageResultWrite {
  if (output.outcome !== 'read') {
    return {
      outcome: output.outcome,
      detail: output.detail,
      templateId: null,
      templateVersion: null,
      pageNo: null,
      turned: output.turned,
      examNoRead: null,
      absentMarked: false,
      result: null,
      imageKey,
      checksum,
    };
  }
  return {
    outcome: 'read',
    detail: null,
    templateId: output.templateId,
    templateVersion: output.templateVersion,
    pageNo: output.pageNo,
    turned: output.turned,
    examNoRead: output.examNo,
    absentMarked: output.absentMarked,
    result: {
      questions: output.questions,
      examNoDigits: output.examNoDigits,
      barcode: output.barcode,
      absentShare: output.absentShare,
      skewDegrees: output.skewDegrees,
      measuredDpi: output.measuredDpi,
      crops,
    },
    imageKey,
    checksum,
  };
}
