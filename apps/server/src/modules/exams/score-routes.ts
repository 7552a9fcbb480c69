import { examsApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { UploadRule } from '../../platform/files.ts';
import { commitScoreImport } from './import-commit.ts';
import { previewScoreImport } from './import-preview.ts';
import { exportScoreTemplate } from './import-template.ts';
import { NOT_XLSX } from './import-workbook.ts';
import { createScoresService } from './scores-service.ts';

// Score calls: entry, import, finalise, publish, exports, score records and students' own views
// (issue #4). Thin: permission, then one service call.

const XLSX_UPLOAD: UploadRule = { maxBytes: 20 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: NOT_XLSX };
/** 60,000 rows of an import, encrypted (hex doubles the JSON), stay under this. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/** A score grid of 5,000 students. */
const GRID_BODY_LIMIT = 8 * 1024 * 1024;

export function registerScoreRoutes(app: FastifyInstance, db: Db): void {
  const scores = createScoresService(db);

  registerEndpoint(app, examsApi.findStuScoresBySeId, {
    permission: 'teacher',
    handler: (p, { actor }) => scores.findStuScoresBySeId(actor, p),
  });
  registerEndpoint(app, examsApi.findAnswerScoresBySeId, {
    permission: 'teacher',
    handler: (p, { actor }) => scores.findAnswerScoresBySeId(actor, p),
  });
  registerEndpoint(app, examsApi.updateSingleStudentsAndScores, {
    permission: 'teacher',
    bodyLimit: GRID_BODY_LIMIT,
    handler: (p, { actor }) => scores.updateSingleStudentsAndScores(actor, p),
  });
  registerEndpoint(app, examsApi.updateStudentCardScores, {
    permission: 'teacher',
    handler: (p, { actor }) => scores.updateStudentCardScores(actor, p),
  });
  registerEndpoint(app, examsApi.addSingleStudentAndScores, {
    permission: 'teacher',
    handler: (p, { actor }) => scores.addSingleStudentAndScores(actor, p),
  });

  registerEndpoint(app, examsApi.exportScoreTemplate, {
    permission: 'school-admin',
    handler: (p, { actor }) => exportScoreTemplate(db, actor, p),
  });
  registerEndpoint(app, examsApi.uploadFileParse, {
    permission: 'school-admin',
    upload: XLSX_UPLOAD,
    handler: (p, { actor, upload }) => previewScoreImport(db, actor, p, upload!),
  });
  registerEndpoint(app, examsApi.importSingleStudentsAndScores, {
    permission: 'school-admin',
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (p, { actor }) => commitScoreImport(db, actor, p),
  });
}
