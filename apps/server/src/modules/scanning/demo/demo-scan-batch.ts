import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { renderCardPdf } from '../card-pdf/index.ts';
import { findCardVersion } from '../cards/card-versions.ts';
import { findCardOfSingle } from '../cards/cards-repo.ts';
import { createExceptionsService } from '../exceptions/exceptions-service.ts';
import type { RecognitionRunner } from '../recognition/recognition-runner.ts';
import {
  fillPage,
  type PageFill,
  rasterisePdf,
  type ScanPose,
  scanOf,
} from '../recognition/test-support/card-scans.ts';
import { scanBatches, scanPages } from '../scans/scans-schema.ts';
import { createScansService } from '../scans/scans-service.ts';

// The demo's scanned batch (issue #16 Demo): one exam room's sheets drawn from the subject's printed
// card, filled in pencil from each student's answers, put through a scanner, and then uploaded,
// recognised and cleaned up through the same services an administrator uses on the 扫描 tab, so
// marking has real crops and the objective scores arrive by the score path.

export const DEMO_SCAN_DPI = 200;

export interface DemoSheet {
  examNo: string;
  /** Question number → letters chosen. */
  answers: Record<string, string>;
}

export interface DemoScanInput {
  actor: Actor;
  seId: number;
  room: string;
  sheets: DemoSheet[];
  /** Sheets (by index) with a question marked twice: a 客观题涂卡异常 resolved to the first letter. */
  doubleMarked?: number[];
}

const POSES: ScanPose[] = [
  { rotationDegrees: 1.2, scale: 1.01, blurSigma: 0.6, noise: 8, quality: 70 },
  { rotationDegrees: -1.6, scale: 0.99, blurSigma: 0.5, noise: 10, quality: 70 },
  { rotationDegrees: 0.4, scale: 1, blurSigma: 0.7, noise: 8, quality: 70, turned: true },
];

/** Whether the subject already has a (not deleted) batch: the demo scans once. */
export async function hasScanBatch(db: Db, seId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: scanBatches.id })
    .from(scanBatches)
    .where(and(eq(scanBatches.singleExamId, seId), isNull(scanBatches.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** Scans, recognises and resolves one room's batch; returns what it did. */
export async function scanDemoBatch(
  db: Db,
  storage: FileStorage,
  recognition: RecognitionRunner,
  input: DemoScanInput,
): Promise<{ pages: number; exceptionsResolved: number }> {
  const { actor, seId } = input;
  const card = await findCardOfSingle(db, seId);
  const version = card ? await findCardVersion(db, card.id, card.version) : null;
  if (!version) throw new Error(`demo scans: subject ${seId} has no answer card`);
  const template = version.template;
  const rasters = await rasterisePdf(await renderCardPdf(template), DEMO_SCAN_DPI);

  const scans = createScansService(db, storage, recognition);
  const schoolId = String(actor.schoolId);
  const batch = await scans.createBatch(actor, { schoolId, seId: String(seId), room: input.room, dpi: DEMO_SCAN_DPI });
  const doubled = new Set(input.doubleMarked ?? []);
  const planned = new Map(input.sheets.map((s) => [s.examNo, s.answers]));
  let pages = 0;
  for (const [i, sheet] of input.sheets.entries()) {
    const answers = { ...sheet.answers };
    if (doubled.has(i)) {
      const [no, letters] = Object.entries(answers).find(([, a]) => a.length === 1) ?? [];
      if (no && letters) answers[no] = letters === 'A' ? 'AB' : `A${letters}`;
      // The student meant the planned letter; the administrator reads it off the sheet image.
    }
    const fill: PageFill = { examNo: sheet.examNo, answers, writing: true };
    for (const [p, page] of template.pages.entries()) {
      const seed = (i + 1) * 10 + p;
      const jpeg = await scanOf(fillPage(rasters[p]!, page, DEMO_SCAN_DPI, fill, seed), POSES[seed % 3]!, seed);
      await scans.uploadScanFile(
        actor,
        { schoolId, batchId: batch.batchId },
        {
          fileName: `${input.room}-${String(i + 1).padStart(3, '0')}-${p + 1}.jpg`,
          mimeType: 'image/jpeg',
          buffer: jpeg,
        },
      );
      pages++;
    }
  }

  // Recognised by the queue's workers where they run, and here too, so the demo never waits on a poll.
  await recognition.drain();
  await untilRecognised(db, Number(batch.batchId));

  const exceptions = createExceptionsService(db);
  let exceptionsResolved = 0;
  const open = await exceptions.findByStatus(actor, { schoolId, seId: String(seId), status: 0 });
  for (const e of open) {
    const intended = e.questionNo ? planned.get(e.examNo ?? '')?.[e.questionNo] : undefined;
    const resolution = resolutionOf(e.kind, intended);
    await exceptions.update(actor, { schoolId, exceptionId: e.exceptionId, resolution });
    exceptionsResolved++;
  }
  return { pages, exceptionsResolved };
}

/** What a careful administrator decides for each kind the demo can raise. */
function resolutionOf(kind: number, intended: string | undefined) {
  switch (kind) {
    case 7:
      // The administrator looks at the sheet and types what the student meant.
      return { answer: intended ?? '' };
    case 6:
      return { accept: true };
    case 8:
      return { absent: false };
    default:
      return { discard: true };
  }
}

async function untilRecognised(db: Db, batchId: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const pending = await db
      .select({ id: scanPages.id })
      .from(scanPages)
      .where(and(eq(scanPages.batchId, batchId), inArray(scanPages.status, ['queued', 'recognising'])))
      .limit(1);
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`demo scans: batch ${batchId} still recognising after 5 minutes`);
}
