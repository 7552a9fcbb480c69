import { fileServiceApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { UploadRule } from '../../../platform/files.ts';
import { commitExamImport, previewExamImport } from './exam-import-service.ts';
import { examImportTemplate } from './exam-import-template.ts';
import { NOT_XLSX } from './import-workbook.ts';

// 一键导入考试 on the file service (/cg_exam_szy/exam/…): the school administrator, like 新建考试.
const XLSX_UPLOAD: UploadRule = { maxBytes: 20 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: NOT_XLSX };

export function registerExamImportRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, fileServiceApi.examImportTemplate, {
    permission: 'school-admin',
    handler: () => examImportTemplate(),
  });
  registerEndpoint(app, fileServiceApi.examImportPreview, {
    permission: 'school-admin',
    upload: XLSX_UPLOAD,
    handler: (p, { actor, upload }) => previewExamImport(db, actor, p, upload!),
  });
  registerEndpoint(app, fileServiceApi.examImport, {
    permission: 'school-admin',
    upload: XLSX_UPLOAD,
    handler: (p, { actor, upload }) => commitExamImport(db, actor, p, upload!),
  });
}
