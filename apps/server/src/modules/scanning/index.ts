// The scanning module's only public door (issue #15 answer cards; #16 scanning; exam rooms):
// answer-card templates, their PDFs and signed links, and what scanning needs of a card version.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { registerScanningRoutes } from './routes.ts';

export { findCardVersion, markVersionScanned } from './cards/card-versions.ts';

export { personalisedStudents } from './cards/card-files.ts';
export type { PersonalisedStudent } from './card-pdf/index.ts';
export { renderCardPdf } from './card-pdf/index.ts';

export interface ScanningOptions {
  storage: FileStorage;
  /** The server's secret (config.jwtSecret): the /answerSheet links are signed with a key derived from it. */
  secret: string;
}

export function createScanningModule(db: Db, options: ScanningOptions) {
  return {
    routes(app: FastifyInstance) {
      registerScanningRoutes(app, { db, ...options });
    },
  };
}
