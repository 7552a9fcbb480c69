// The scanning module's only public door (issue #15 answer cards; #16 scanning; exam rooms):
// answer-card templates, their PDFs and signed links, and what scanning needs of a card version.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { FileStorage } from '../../platform/storage.ts';
import {
  createRecognitionRunner,
  type RecognitionRunner,
  type RunnerOptions,
} from './recognition/recognition-runner.ts';
import { registerScanningRoutes } from './routes.ts';

export type { PersonalisedStudent } from './card-pdf/index.ts';
export { renderCardPdf } from './card-pdf/index.ts';
export { generatePrintedCards } from './cards/card-create.ts';
export { personalisedStudents } from './cards/card-files.ts';
export { findCardVersion, markVersionScanned } from './cards/card-versions.ts';
export type { RecognitionRunner } from './recognition/recognition-runner.ts';
export { type ExamArrangement, examArrangementOf } from './rooms/arrangement.ts';

export interface ScanningOptions {
  storage: FileStorage;
  /** The server's secret (config.jwtSecret): the /answerSheet links are signed with a key derived from it. */
  secret: string;
  /** The job queue scanned pages wait in for recognition (platform/job-queue.ts). */
  jobs: JobQueue;
  recognition?: RunnerOptions;
}

export function createScanningModule(db: Db, options: ScanningOptions) {
  const recognition: RecognitionRunner = createRecognitionRunner(
    db,
    options.jobs,
    options.storage,
    options.recognition,
  );
  return {
    /** Page recognition: started by the app when it recognises while serving; tests drain it. */
    recognition,
    routes(app: FastifyInstance) {
      registerScanningRoutes(app, { db, storage: options.storage, secret: options.secret, pages: recognition });
    },
  };
}
