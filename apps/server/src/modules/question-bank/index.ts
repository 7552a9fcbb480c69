// The question bank module's only public door (spec §3, §7; issue #6): catalogue, trees, question
// and paper search, and the importers.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createCatalogueService } from './catalogue/catalogue-service.ts';
import { registerImportLocalAdminRoute } from './import/import-local-admin.ts';
import { registerQuestionBankRoutes } from './routes.ts';
import { registerQuestionBankSchoolRoutes } from './school-routes.ts';
import { createPapersService } from './search/papers-service.ts';
import { createQuestionsService } from './search/questions-service.ts';
import { createWisdomService } from './search/wisdom-service.ts';
import { registerQuestionBankUserRoutes } from './user-routes.ts';

export { NODE_KIND } from './catalogue/catalogue-service.ts';
export { type FileImport, importQuestionBankFiles } from './import/import-files.ts';
export type { QuestionDraft, TreeDraft } from './import/import-model.ts';
export { PATH_SEPARATOR } from './import/import-model.ts';
export { type ImportSummary, importQuestionDrafts, importTree } from './import/import-service.ts';
export { buildQuestionTemplate, QUESTION_COLUMNS, QUESTION_SHEET } from './import/parse-excel-questions.ts';
export { refreshSearchStatistics } from './import/write-repo.ts';
// For the tool service's seg/getWordSegTopics (documents, issue #19): the Word paper importer's preview.
export { createQuestionImportService, QUESTION_UPLOADS } from './school/question-import-service.ts';
export { createQuestionPictures } from './school/question-pictures.ts';
export { findPracticeQuestions, type PracticeQuestion } from './search/practice-repo.ts';
export { type DownloadRecord, recordDownload } from './user/downloads-repo.ts';
export { createPaperExports, type PaperExports } from './user/downloads-service.ts';

export function createQuestionBankModule(db: Db, storage: FileStorage) {
  const services = {
    catalogue: createCatalogueService(db),
    questions: createQuestionsService(db),
    papers: createPapersService(db),
    wisdom: createWisdomService(db),
  };
  return {
    ...services,
    routes(app: FastifyInstance) {
      registerQuestionBankRoutes(app, services);
      registerQuestionBankUserRoutes(app, db);
      registerQuestionBankSchoolRoutes(app, db, storage);
      registerImportLocalAdminRoute(app, db);
    },
  };
}
