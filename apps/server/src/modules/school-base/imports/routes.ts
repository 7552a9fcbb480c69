import { type ImportKind, schoolBaseApi } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import type { UploadRule } from '../../../platform/files.ts';
import { NOT_XLSX } from '../excel/read.ts';
import { createExportService } from '../exports/service.ts';
import { createImportService } from './service.ts';

// Excel import and export of school base data: templates, upload preview, the batch add calls
// and list exports. Thin: permission, then one service call.

const XLSX_UPLOAD: UploadRule = { maxBytes: 10 * 1024 * 1024, extensions: ['.xlsx'], typeMessage: NOT_XLSX };
/** A batch of 20,000 rows as JSON is a few MB; the app-wide limit is for ordinary calls. */
const BATCH_BODY_LIMIT = 20 * 1024 * 1024;

const BATCH_ENDPOINTS: [ImportKind, typeof schoolBaseApi.batchAddStudents][] = [
  ['students', schoolBaseApi.batchAddStudents],
  ['teachers', schoolBaseApi.batchAddTeachers],
  ['classes', schoolBaseApi.batchAddClasses],
  ['class_teachers', schoolBaseApi.batchAddClassTeachers],
  ['organ_leaders', schoolBaseApi.batchAddOrganLeaders],
];

export function registerImportRoutes(app: FastifyInstance, db: Db): void {
  const imports = createImportService(db);
  const exports = createExportService(db);

  registerEndpoint(app, schoolBaseApi.importTemplate, {
    permission: 'school-admin',
    handler: (p, { actor }) => imports.template(actor, p),
  });
  registerEndpoint(app, schoolBaseApi.importPreview, {
    permission: 'school-admin',
    upload: XLSX_UPLOAD,
    handler: (p, { actor, upload }) => imports.preview(actor, p, upload!),
  });
  for (const [kind, endpoint] of BATCH_ENDPOINTS) {
    registerEndpoint(app, endpoint, {
      permission: 'school-admin',
      bodyLimit: BATCH_BODY_LIMIT,
      handler: (p, { actor, ip }) => imports.commit(actor, kind, p, ip),
    });
  }
  registerEndpoint(app, schoolBaseApi.exportList, {
    permission: 'teacher',
    handler: (p, { actor }) => exports.exportList(actor, p),
  });
}
