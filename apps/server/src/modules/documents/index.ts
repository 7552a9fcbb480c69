// The documents module's only public door (spec §7 file tool service; issue #6 export): user
// papers as Word and PDF files, with the matching answer sheet.
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createPaperExports, createQuestionPictures } from '../question-bank/index.ts';
import { registerArrangementRoutes } from './arrangement/routes.ts';
import { libreOfficeConverter, type PdfConverter } from './pdf.ts';
import type { ReadFigure } from './question-figures.ts';
import { registerDocumentsRoutes } from './routes.ts';
import { createDocumentsService } from './service.ts';
import { registerTemplateRoutes } from './template/template-routes.ts';
import { createTemplateService } from './template/template-service.ts';
import { type OfficeConverter, officeConverter } from './tools/office.ts';
import { registerToolRoutes } from './tools/routes.ts';
import { createToolsService } from './tools/tools-service.ts';

export function createDocumentsModule(
  db: Db,
  storage: FileStorage,
  pdf: PdfConverter = libreOfficeConverter(),
  office: OfficeConverter = officeConverter(),
) {
  const pictures = createQuestionPictures(storage);
  const exports = createPaperExports(db);
  const figures =
    (actor: Actor): ReadFigure =>
    (schoolId, file) =>
      pictures.bytes(actor, schoolId, file);
  const service = createDocumentsService(exports, pdf, figures);
  const tools = createToolsService(db, storage, office);
  const templates = createTemplateService(db, tools.files, exports, figures);
  return {
    service,
    tools,
    templates,
    routes(app: FastifyInstance) {
      registerDocumentsRoutes(app, service);
      registerToolRoutes(app, db, tools);
      registerArrangementRoutes(app, db);
      registerTemplateRoutes(app, templates);
    },
  };
}

export { type FormulaCoverage, measureFormulaCoverage } from './formula-coverage.ts';
