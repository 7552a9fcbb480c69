import { questionBankSchoolApi as api } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createOwnQuestionsService } from './school/own-questions-service.ts';
import { createQuestionImportService, QUESTION_UPLOADS } from './school/question-import-service.ts';
import { createQuestionPictures } from './school/question-pictures.ts';
import { createSchoolPapersService } from './school/school-papers-service.ts';
import { createSchoolQuestionsService } from './school/school-questions-service.ts';

// The school bank and the question importers (/tiku/api). Managing the school's bank is type 5's;
// reading it, the previews and a teacher's own questions are every teacher's.

/** An import confirms up to 500 corrected questions in one form envelope (Base64 of the JSON). */
const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

export function registerQuestionBankSchoolRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const teacher = 'teacher' as const;
  const admin = 'school-admin' as const;

  const imports = createQuestionImportService(db, storage);
  registerEndpoint(app, api.questionTemplate, { permission: teacher, handler: (p) => imports.template(p.courseId) });
  registerEndpoint(app, api.parseExcelQuestions, {
    permission: teacher,
    upload: QUESTION_UPLOADS.excel,
    handler: (p, { upload }) => imports.previewExcel(p.courseId, upload!),
  });
  registerEndpoint(app, api.parseDocxPaper, {
    permission: teacher,
    upload: QUESTION_UPLOADS.docx,
    handler: (p, { actor, upload }) => imports.previewDocx(actor, p.courseId, upload!),
  });
  const pictures = createQuestionPictures(storage);
  // Students of the school meet school questions in practice and online exams: they see the figures too.
  registerEndpoint(app, api.getQuestionPicture, {
    permission: 'signed-in',
    handler: (p, { actor }) => pictures.read(actor, p),
  });
  registerEndpoint(app, api.importSchoolQuestions, {
    permission: admin,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (p, { actor }) => imports.importToSchool(actor, p),
  });
  registerEndpoint(app, api.importUserQuestions, {
    permission: teacher,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (p, { actor }) => imports.importToUser(actor, p),
  });

  const questions = createSchoolQuestionsService(db);
  registerEndpoint(app, api.getSchoolQuestions, {
    permission: teacher,
    handler: (p, { actor }) => questions.getSchoolQuestions(actor, p),
  });
  registerEndpoint(app, api.getSchoolQuestionDetail, {
    permission: teacher,
    handler: (p, { actor }) => questions.getSchoolQuestionDetail(actor, p),
  });
  registerEndpoint(app, api.addSchoolQuestion, {
    permission: admin,
    handler: (p, { actor }) => questions.addSchoolQuestion(actor, p),
  });
  registerEndpoint(app, api.updateSchoolQuestion, {
    permission: admin,
    handler: (p, { actor }) => questions.updateSchoolQuestion(actor, p),
  });
  registerEndpoint(app, api.updateSchoolQuestionStatus, {
    permission: admin,
    handler: (p, { actor }) => questions.updateSchoolQuestionStatus(actor, p),
  });
  registerEndpoint(app, api.deleteSchoolQuestions, {
    permission: admin,
    handler: (p, { actor }) => questions.deleteSchoolQuestions(actor, p),
  });

  const papers = createSchoolPapersService(db);
  registerEndpoint(app, api.getSchoolPapers, {
    permission: teacher,
    handler: (p, { actor }) => papers.getSchoolPapers(actor, p),
  });
  registerEndpoint(app, api.getSchoolPaperDetail, {
    permission: teacher,
    handler: (p, { actor }) => papers.getSchoolPaperDetail(actor, p),
  });
  registerEndpoint(app, api.addSchoolPaper, {
    permission: admin,
    handler: (p, { actor }) => papers.addSchoolPaper(actor, p),
  });
  registerEndpoint(app, api.updateSchoolPaper, {
    permission: admin,
    handler: (p, { actor }) => papers.updateSchoolPaper(actor, p),
  });
  registerEndpoint(app, api.updateSchoolPaperStatus, {
    permission: admin,
    handler: (p, { actor }) => papers.updateSchoolPaperStatus(actor, p),
  });
  registerEndpoint(app, api.deleteSchoolPapers, {
    permission: admin,
    handler: (p, { actor }) => papers.deleteSchoolPapers(actor, p),
  });
  registerEndpoint(app, api.submitUserPaper, {
    permission: teacher,
    handler: (p, { actor }) => papers.submitUserPaper(actor, p),
  });

  const own = createOwnQuestionsService(db);
  registerEndpoint(app, api.getOwnQuestions, {
    permission: teacher,
    handler: (p, { actor }) => own.getOwnQuestions(actor, p),
  });
  registerEndpoint(app, api.updateOwnQuestion, {
    permission: teacher,
    handler: (p, { actor }) => own.updateOwnQuestion(actor, p),
  });
  registerEndpoint(app, api.deleteOwnQuestions, {
    permission: teacher,
    handler: (p, { actor }) => own.deleteOwnQuestions(actor, p),
  });
}
