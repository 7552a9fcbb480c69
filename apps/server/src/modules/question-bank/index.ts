// The question bank module's only public door (spec §3, §7; issue #6): catalogue, trees, question
// and paper search, and the importers.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createCatalogueService } from './catalogue-service.ts';
import { createPapersService } from './papers-service.ts';
import { createQuestionsService } from './questions-service.ts';
import { registerQuestionBankRoutes } from './routes.ts';
import { registerQuestionBankSchoolRoutes } from './school-routes.ts';
import { registerQuestionBankUserRoutes } from './user-routes.ts';
import { createWisdomService } from './wisdom-service.ts';

export { NODE_KIND } from './catalogue-service.ts';
export { type DownloadRecord, recordDownload } from './downloads-repo.ts';
export { createPaperExports, type PaperExports } from './downloads-service.ts';
export { type FileImport, importQuestionBankFiles } from './import-files.ts';
export type { QuestionDraft, TreeDraft } from './import-model.ts';
export { PATH_SEPARATOR } from './import-model.ts';
export { type ImportSummary, importQuestionDrafts, importTree } from './import-service.ts';
export { buildQuestionTemplate, QUESTION_COLUMNS, QUESTION_SHEET } from './parse-excel-questions.ts';
export { findPracticeQuestions, type PracticeQuestion } from './practice-repo.ts';
export { refreshSearchStatistics } from './write-repo.ts';

export function createQuestionBankModule(db: Db) {
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
      registerQuestionBankSchoolRoutes(app, db);
    },
  };
}
