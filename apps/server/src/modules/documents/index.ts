// The documents module's only public door (spec §7 file tool service; issue #6 export): user
// papers as Word and PDF files, with the matching answer sheet.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createPaperExports, createQuestionPictures } from '../question-bank/index.ts';
import { registerArrangementRoutes } from './arrangement/routes.ts';
import { libreOfficeConverter, type PdfConverter } from './pdf.ts';
import { registerDocumentsRoutes } from './routes.ts';
import { createDocumentsService } from './service.ts';

export function createDocumentsModule(db: Db, storage: FileStorage, pdf: PdfConverter = libreOfficeConverter()) {
  const pictures = createQuestionPictures(storage);
  const service = createDocumentsService(
    createPaperExports(db),
    pdf,
    (actor) => (schoolId, file) => pictures.bytes(actor, schoolId, file),
  );
  return {
    service,
    routes(app: FastifyInstance) {
      registerDocumentsRoutes(app, service);
      registerArrangementRoutes(app, db);
    },
  };
}

export { type FormulaCoverage, measureFormulaCoverage } from './formula-coverage.ts';
