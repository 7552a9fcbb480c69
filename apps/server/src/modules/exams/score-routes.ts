import { examsApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import type { UploadRule } from '../../platform/files.ts';
import { commitScoreImport } from './imports/import-commit.ts';
import { previewScoreImport } from './imports/import-preview.ts';
import { exportScoreTemplate } from './imports/import-template.ts';
import { NOT_XLSX } from './imports/import-workbook.ts';
import { createExportService } from './scores/export-service.ts';
import { createFinaliseService } from './scores/finalise-service.ts';
import { createRecordsService } from './scores/records-service.ts';
import { createScoresService } from './scores/scores-service.ts';
import { createStudentService } from './students/student-service.ts';

// Score calls: entry, import, finalise, publish, exports, score records and students' own views
// (issue #4). Thin: permission, then one service call.

const XLSX_UPLOAD: UploadRule = { maxBytes: 20 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: NOT_XLSX };
/** 60,000 rows of an import, encrypted (hex doubles the JSON), stay under this. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/** A score grid of 5,000 students. */
const GRID_BODY_LIMIT = 8 * 1024 * 1024;

export function registerScoreRoutes(app: FastifyInstance, db: Db): void {
  const scores = createScoresService(db);
  const finalise = createFinaliseService(db);
  const exports = createExportService(db);
  const records = createRecordsService(db);
  const student = createStudentService(db);

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

  // Finalise and publish (analysis-manager).
  registerEndpoint(app, examsApi.summaryQiqExamToScExam, {
    permission: 'school-admin',
    handler: (p, { actor }) => finalise.summaryQiqExamToScExam(actor, p),
  });
  registerEndpoint(app, examsApi.publishMultiExam, {
    permission: 'school-admin',
    handler: (p, { actor }) => finalise.publishMultiExam(actor, p),
  });
  registerEndpoint(app, examsApi.saveExamAnalysisSettings, {
    permission: 'school-admin',
    handler: (p, { actor }) => finalise.saveExamAnalysisSettings(actor, p),
  });

  // Exports: type 5 the whole book, type 1 the rows of the classes they teach.
  registerEndpoint(app, examsApi.exportSingleScoreInfo, {
    permission: 'teacher',
    handler: (p, { actor }) => exports.exportSingleScoreInfo(actor, p),
  });
  registerEndpoint(app, examsApi.exportMultiScoreInfo, {
    permission: 'teacher',
    handler: (p, { actor }) => exports.exportMultiScoreInfo(actor, p),
  });
  registerEndpoint(app, examsApi.exportMultiExcels, {
    permission: 'teacher',
    handler: (p, { actor }) => exports.exportMultiExcels(actor, p),
  });

  // Score records and correction requests.
  registerEndpoint(app, examsApi.findScoreRecords, {
    permission: 'teacher',
    handler: (p, { actor }) => records.findScoreRecords(actor, p),
  });
  registerEndpoint(app, examsApi.saveScoreRecord, {
    permission: 'teacher',
    handler: (p, { actor }) => records.saveScoreRecord(actor, p),
  });
  registerEndpoint(app, examsApi.updateScoreRecord, {
    permission: 'teacher',
    handler: (p, { actor }) => records.updateScoreRecord(actor, p),
  });
  registerEndpoint(app, examsApi.deleteScoreRecord, {
    permission: 'teacher',
    handler: (p, { actor }) => records.deleteScoreRecord(actor, p),
  });
  registerEndpoint(app, examsApi.updateSESQRecordToStuScoreByIds, {
    permission: 'school-admin',
    handler: (p, { actor }) => records.updateSESQRecordToStuScoreByIds(actor, p),
  });

  // Papers and students' own exams.
  registerEndpoint(app, examsApi.findStudentDetailPaper, {
    permission: 'teacher',
    handler: (p, { actor }) => student.findStudentDetailPaper(actor, p),
  });
  registerEndpoint(app, examsApi.getUserMultiExamByStudentIdAndSchoolId, {
    permission: 'student',
    handler: (p, { actor }) => student.getUserMultiExamByStudentIdAndSchoolId(actor, p),
  });
  registerEndpoint(app, examsApi.getStuExamDetailInfo, {
    permission: 'student',
    handler: (p, { actor }) => student.getStuExamDetailInfo(actor, p),
  });
}
