// The scanning module's only public door (issue #15 answer cards; #16 scanning; exam rooms):
// answer-card templates, their PDFs and signed links, and what scanning needs of a card version.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { type DemoScanInput, scanDemoBatch } from './demo/demo-scan-batch.ts';
import {
  createRecognitionRunner,
  type RecognitionRunner,
  type RunnerOptions,
} from './recognition/recognition-runner.ts';
import { registerScanningRoutes } from './routes.ts';
import { createScanUpkeep, type ScanUpkeep, type UpkeepOptions } from './upkeep/upkeep.ts';

export type { PersonalisedStudent } from './card-pdf/index.ts';
export { renderCardPdf } from './card-pdf/index.ts';
export { generatePrintedCards } from './cards/card-create.ts';
export { personalisedStudents } from './cards/card-files.ts';
export { findCardVersion, markVersionScanned } from './cards/card-versions.ts';
export { paperStructure } from './cards/exam-from-paper.ts';
// For online marking (issue #17): the answer crops of kept pages, and open exceptions.
export { openScanExceptions, type ScannedCrop, scannedCropsOf, sheetPagesOf } from './marking-door/scanned-crops.ts';
export type { RecognitionRunner } from './recognition/recognition-runner.ts';
// For the tool service's file/locateImage (documents, issue #19): a test scan read, nothing stored.
export { locateTestScan, type TestScan } from './recognition/test-scan.ts';
export { type ExamArrangement, examArrangementOf } from './rooms/arrangement.ts';
export type { ScanUpkeep } from './upkeep/upkeep.ts';

export interface ScanningOptions {
  storage: FileStorage;
  /** The server's secret (config.jwtSecret): the /answerSheet links are signed with a key derived from it. */
  secret: string;
  /** The job queue scanned pages wait in for recognition (platform/job-queue.ts). */
  jobs: JobQueue;
  recognition?: RunnerOptions;
  upkeep?: UpkeepOptions;
}

export function createScanningModule(db: Db, options: ScanningOptions) {
  const recognition: RecognitionRunner = createRecognitionRunner(
    db,
    options.jobs,
    options.storage,
    options.recognition,
  );
  const upkeep: ScanUpkeep = createScanUpkeep(db, options.jobs, options.storage, recognition, options.upkeep);
  return {
    /** Page recognition: started by the app when it recognises while serving; tests drain it. */
    recognition,
    /** Lost pages queued again and deleted batches purged, on a timer where pages are recognised. */
    upkeep,
    /** The demo seed's scanned batch, through this module's services and page queue. */
    scanDemoBatch: (input: DemoScanInput) => scanDemoBatch(db, options.storage, recognition, input),
    routes(app: FastifyInstance) {
      registerScanningRoutes(app, { db, storage: options.storage, secret: options.secret, pages: recognition });
    },
  };
}
// For the demo seed: one room's scanned batch through the scanning services.
export { type DemoScanInput, type DemoSheet, hasScanBatch } from './demo/demo-scan-batch.ts';
