// The school-base module's only public door: school base data (spec §3) and its calls (spec §7).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { registerImportRoutes } from './imports/routes.ts';
import { registerSchoolBaseRoutes } from './routes.ts';
import { createSchoolBaseService } from './service.ts';
import { registerSetupRoutes } from './setup/setup-routes.ts';

export { type ImportColumn, normaliseTitle } from './excel/columns.ts';
export { readImportSheetInWorker } from './excel/read.ts';
export { addTableSheets, workbookBuffer } from './excel/write.ts';
export { runImport } from './imports/service.ts';
export { findSchool } from './repo.ts';
export { createSchoolBaseService, type SchoolBaseService, schoolToday } from './service.ts';
export { createSchool, hasSchool } from './setup/school-setup.ts';

export function createSchoolBaseModule(db: Db) {
  const service = createSchoolBaseService(db);
  return {
    service,
    routes(app: FastifyInstance) {
      registerSchoolBaseRoutes(app, db, service);
      registerImportRoutes(app, db);
      registerSetupRoutes(app, db);
    },
  };
}
